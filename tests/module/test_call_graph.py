"""Tests of the module analysis: call graph order, diagnostics, summaries of
external functions, and drop-equivalent-buffer-results on memref IR."""

from __future__ import annotations

import pytest
from xdsl.context import Context
from xdsl.dialects import func, get_all_dialects
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

from xdsl_bufferize.analysis.call_graph import build_call_graph
from xdsl_bufferize.analysis.func_attrs import ACCESS_ATTR, set_arg_attr
from xdsl_bufferize.analysis.module_analysis import summarize_external
from xdsl_bufferize.bufferization.drop_results import (
    drop_equivalent_buffer_results,
)
from xdsl_bufferize.transforms.one_shot_bufferize import OneShotBufferizePass


def parse(text: str) -> ModuleOp:
    ctx = Context(allow_unregistered=True)
    for name, dialect in get_all_dialects().items():
        ctx.register_dialect(name, dialect)
    return Parser(ctx, text).parse_module()


def names(functions: list[func.FuncOp]) -> list[str]:
    return [f.sym_name.data for f in functions]


def test_callee_first_order() -> None:
    module = parse(
        """
        func.func @main() { func.call @b() : () -> ()  func.call @a() : () -> ()  return }
        func.func private @a() { func.call @c() : () -> ()  return }
        func.func private @b() { func.call @a() : () -> ()  return }
        func.func private @c()
        """
    )
    graph = build_call_graph(module)
    order = names(graph.order)
    assert sorted(order) == ["a", "b", "c", "main"]
    assert order.index("c") < order.index("a") < order.index("b") < order.index("main")
    a = graph.functions["a"]
    assert len(graph.callers[a]) == 2
    assert names([graph.callee(c) for c in graph.calls[graph.functions["main"]]]) == [
        "b",
        "a",
    ]


def test_recursion_comes_last_in_module_order() -> None:
    """Functions in a cycle of calls through tensor signatures, and those calling
    into one, cannot be ordered callee first: they come last, in module order, and
    are marked recursive (no summary is given to their callers)."""
    module = parse(
        """
        func.func @main(%t: tensor<4xf32>) { func.call @f(%t) : (tensor<4xf32>) -> ()  return }
        func.func private @g(%t: tensor<4xf32>) { func.call @f(%t) : (tensor<4xf32>) -> ()  func.call @k(%t) : (tensor<4xf32>) -> ()  return }
        func.func private @f(%t: tensor<4xf32>) { func.call @g(%t) : (tensor<4xf32>) -> ()  return }
        func.func private @k(%t: tensor<4xf32>) { return }
        """
    )
    graph = build_call_graph(module)
    assert names(graph.order) == ["k", "main", "g", "f"]
    assert sorted(names(list(graph.recursive))) == ["f", "g", "main"]


def test_self_recursion_is_recursive() -> None:
    module = parse(
        """
        func.func @f(%t: tensor<4xf32>) { func.call @f(%t) : (tensor<4xf32>) -> ()  return }
        func.func @h(%t: tensor<4xf32>) { return }
        """
    )
    graph = build_call_graph(module)
    assert names(graph.order) == ["h", "f"]
    assert names(list(graph.recursive)) == ["f"]


def test_recursion_without_tensors_is_accepted() -> None:
    """Calls of functions without tensors in their signature impose no order (no
    summary is needed): recursion over memrefs or scalars is accepted, as in MLIR,
    and the other functions keep their callee-first order."""
    module = parse(
        """
        func.func @main(%t: tensor<4xf32>) { func.call @k(%t) : (tensor<4xf32>) -> ()  func.call @f() : () -> ()  return }
        func.func private @k(%t: tensor<4xf32>) { return }
        func.func private @f() { func.call @g() : () -> ()  return }
        func.func private @g() { func.call @f() : () -> ()  return }
        """
    )
    graph = build_call_graph(module)
    order = names(graph.order)
    assert sorted(order) == ["f", "g", "k", "main"]
    assert order.index("k") < order.index("main")
    assert not graph.recursive


def test_unknown_callee() -> None:
    module = parse("func.func @f() { func.call @nope() : () -> ()  return }")
    with pytest.raises(PassFailedException, match="unknown function"):
        build_call_graph(module)


def test_several_returns_with_tensors_are_fine() -> None:
    module = parse(
        """
        func.func @f(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
          cf.cond_br %c, ^a, ^b
        ^a:
          return %t : tensor<4xf32>
        ^b:
          return %t : tensor<4xf32>
        }
        """
    )
    graph = build_call_graph(module)
    assert names(graph.order) == ["f"]
    assert not graph.recursive


def test_several_returns_without_tensors_are_fine() -> None:
    module = parse(
        """
        func.func @f(%c: i1) -> i32 {
          %a = arith.constant 1 : i32
          cf.cond_br %c, ^a, ^b
        ^a:
          return %a : i32
        ^b:
          return %a : i32
        }
        """
    )
    assert names(build_call_graph(module).order) == ["f"]


def test_indirect_call_with_tensors() -> None:
    module = parse(
        """
        func.func @f(%t: tensor<4xf32>, %g: () -> ()) {
          "func.call_indirect"(%g, %t) : (() -> (), tensor<4xf32>) -> ()
          return
        }
        """
    )
    with pytest.raises(PassFailedException, match="indirect call"):
        build_call_graph(module)


def test_wrongly_typed_writable_attribute() -> None:
    module = parse(
        'func.func @f(%t: tensor<4xf32> {bufferization.writable = "yes"}) { return }'
    )
    with pytest.raises(PassFailedException, match="must be a boolean"):
        build_call_graph(module)


def _written_in_place(text: str, public_arguments_writable: bool) -> list[str]:
    """The in-place decision of each `tensor.insert` of `text`, in order."""
    module = parse(text)
    OneShotBufferizePass(
        bufferize_function_boundaries=True,
        test_analysis_only=True,
        public_arguments_writable=public_arguments_writable,
    ).apply(Context(), module)
    return [
        op.attributes["__inplace_operands_attr__"].data[1].data  # pyright: ignore
        for op in module.walk()
        if op.name == "tensor.insert"
    ]


@pytest.mark.parametrize("public_writable", [True, False])
def test_writability_of_arguments(public_writable: bool) -> None:
    """Declared writability wins; otherwise private arguments are writable, public
    ones as the option says (MLIR: writable)."""
    text = "\n".join(
        f"""
        func.func {visibility}@{name}({", ".join(f"%a{i}: tensor<4xf32>{attr}" for i, attr in enumerate(attrs))}, %v: f32)
            -> ({", ".join("tensor<4xf32>" for _ in attrs)}) {{
          %c0 = arith.constant 0 : index
          {"".join(f"%r{i} = tensor.insert %v into %a{i}[%c0] : tensor<4xf32>" + chr(10) for i in range(len(attrs)))}
          return {", ".join(f"%r{i}" for i in range(len(attrs)))} : {", ".join("tensor<4xf32>" for _ in attrs)}
        }}"""
        for visibility, name, attrs in (
            (
                "",
                "pub",
                (
                    "",
                    " {bufferization.writable = true}",
                    " {linalg.inplaceable = true}",
                    " {bufferization.writable = false}",
                ),
            ),
            ("private ", "priv", ("", " {bufferization.writable = false}")),
        )
    )
    decisions = _written_in_place(text, public_writable)
    public_default = "true" if public_writable else "false"
    assert decisions == [public_default, "true", "true", "false", "true", "false"]


def test_external_function_summary() -> None:
    module = parse(
        """
        func.func private @ext(tensor<4xf32>, i32, tensor<?xf32>) -> (i32, tensor<4xf32>)
        func.func private @declared(tensor<4xf32>)
        """
    )
    graph = build_call_graph(module)
    set_arg_attr(graph.functions["declared"], 0, ACCESS_ATTR, StringAttr("read"))
    summary = summarize_external(graph.functions["ext"])
    assert summary.read_args == {0, 2}
    assert summary.written_args == {0, 2}
    assert summary.fresh_results == {1}
    assert summary.equivalent_args == {}
    declared = summarize_external(graph.functions["declared"])
    assert declared.access(0) == "read"


DROP_INPUT = """
func.func private @swap(%a: memref<4xf32>, %b: memref<4xf32, strided<[?], offset: ?>>)
    -> (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>, memref<4xf32>) {
  %n = memref.alloc() : memref<4xf32>
  func.return %b, %a, %n : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>, memref<4xf32>
}
func.func @caller(%x: memref<4xf32>, %y: memref<4xf32>) -> memref<4xf32> {
  %yc = "memref.cast"(%y) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
  %r:3 = func.call @swap(%x, %yc) : (memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>)
      -> (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>, memref<4xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %r#0[%c0] : memref<4xf32, strided<[?], offset: ?>>
  memref.store %v, %r#2[%c0] : memref<4xf32>
  func.return %r#1 : memref<4xf32>
}
"""


def test_drop_swapped_equivalent_results() -> None:
    module = parse(DROP_INPUT)
    drop_equivalent_buffer_results(module)
    module.verify()
    graph = build_call_graph(module)
    swap = graph.functions["swap"]
    assert len(swap.function_type.outputs.data) == 1
    (call,) = graph.calls[graph.functions["caller"]]
    assert len(call.results) == 1
    caller = graph.functions["caller"]
    ret = caller.get_return_op()
    assert ret is not None
    assert ret.arguments[0] is caller.args[0]
    load = next(op for op in caller.walk() if op.name == "memref.load")
    assert load.operands[0] is call.arguments[1]


def test_drop_keeps_public_functions_unless_asked() -> None:
    module = parse(DROP_INPUT.replace("func.func private @swap", "func.func @swap"))
    drop_equivalent_buffer_results(module)
    swap = build_call_graph(module).functions["swap"]
    assert len(swap.function_type.outputs.data) == 3
    drop_equivalent_buffer_results(module, modify_public_functions=True)
    module.verify()
    assert len(swap.function_type.outputs.data) == 1
