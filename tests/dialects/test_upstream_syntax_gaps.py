"""Valid MLIR that xDSL 0.75 cannot read, or prints so that MLIR cannot read it, as
upstream MLIR's own test files write it (`dialects/scf_syntax.py`,
`dialects/vector_print.py`, `linalg_ext.GenericOp`, `dialects/upstream.py`):

* `scf.if` / `scf.for` with one result type written bare (`-> tensor<?xf32>`), read on
  xDSL's own classes (so xDSL's interpreter and our executor still find them);
* `scf.execute_region` without results, printed with the `scf.yield` (or branch) that
  ends each of its blocks, and with its attributes;
* the extra attributes of linalg named ops in a dictionary in front of `ins`;
* `vector.print %v : T`;
* `linalg.generic #trait ins(...)`, the trait dictionary given by an alias.

Each is read, printed the same again, runs the same before and after
`comprehensive-bufferize`, and (where the finch-mlir wheel imports) the printed input
and the pass output parse and verify in upstream MLIR."""

from __future__ import annotations

import pytest
from xdsl.dialects import scf, vector
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.dialects.linalg.abstract_ops import NamedOperation
from xdsl.dialects.linalg.ops import AddOp

from xdsl_bufferize.execution import ArrayValue, check_pipeline, parse_module, run
from xdsl_bufferize.execution.runner import apply_pipeline


def _round_trips(text: str) -> tuple[ModuleOp, str]:
    module = parse_module(text, "input.mlir")
    printed = str(module)
    assert str(parse_module(printed, "printed.mlir")) == printed
    return module, printed


def _upstream_reads(*texts: str) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    for text in texts:
        with mlir_ir.Context():
            assert mlir_ir.Module.parse(text).operation.verify()


def _results(
    module: ModuleOp, args: list[ArrayValue | int | float]
) -> tuple[object, ...]:
    outcome = run(module, "main", args)
    assert outcome.error is None, outcome.error
    assert outcome.findings == []
    assert outcome.results is not None
    return outcome.results


BARE_RESULT_TYPES = """
func.func @main(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<4xf32> {
    %x = tensor.extract %a[%c0] : tensor<4xf32>
    %y = arith.addf %x, %one : f32
    %p = arith.cmpi ult, %i, %c1 : index
    %w = scf.if %p -> tensor<4xf32> {
      %u = tensor.insert %y into %a[%c0] : tensor<4xf32>
      scf.yield %u : tensor<4xf32>
    } else {
      %u = tensor.insert %y into %a[%c1] : tensor<4xf32>
      scf.yield %u : tensor<4xf32>
    }
    scf.yield %w : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
"""


def test_scf_if_and_for_read_one_bare_result_type_on_xdsls_classes() -> None:
    module, printed = _round_trips(BARE_RESULT_TYPES)
    ops = list(module.walk())
    # xDSL's own classes: its interpreter and our executor look implementations up
    # by the exact class.
    assert [type(op) for op in ops if op.name in ("scf.for", "scf.if")] == [
        scf.ForOp,
        scf.IfOp,
    ]
    assert "iter_args(%a = %t) -> (tensor<4xf32>) {" in printed
    assert "%w = scf.if %p -> (tensor<4xf32>) {" in printed
    t = ArrayValue((4,), [1.0, 2.0, 3.0, 4.0])
    (result,) = _results(module, [t, 3])
    assert result == ArrayValue((4,), [2.0, 3.0, 3.0, 4.0])
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[t, 3]).ok
    _upstream_reads(BARE_RESULT_TYPES, printed)


def test_scf_for_with_mismatched_result_types_gets_a_diagnostic() -> None:
    text = BARE_RESULT_TYPES.replace(
        "iter_args(%a = %t) -> tensor<4xf32>", "iter_args(%a = %t) -> (f32, f32)"
    )
    with pytest.raises(Exception, match="1 iter_args but 2 result types"):
        parse_module(text, "bad.mlir")


EXECUTE_REGIONS = """
func.func private @use(tensor<4xf32>)
func.func @main(%t: tensor<4xf32>, %m: memref<1xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 7.0 : f32
  scf.execute_region {
    func.call @use(%t) : (tensor<4xf32>) -> ()
    scf.yield
  } {note = "kept"}
  scf.execute_region {
    cf.br ^bb1
  ^bb1:
    memref.store %f, %m[%c0] : memref<1xf32>
    scf.yield
  }
  %x = memref.load %m[%c0] : memref<1xf32>
  return %x : f32
}
"""


def test_execute_region_without_results_prints_its_terminators() -> None:
    module, printed = _round_trips(EXECUTE_REGIONS)
    assert '      scf.yield\n    } {note = "kept"}' in printed
    assert "cf.br ^bb1\n    ^bb1:" in printed
    assert printed.count("scf.yield") == 2
    _upstream_reads(EXECUTE_REGIONS, printed)
    # The shape of upstream's one-shot-module-bufferize.mlir case
    # @some_external_func_within_scf_execute: the region stays in the output.
    for pipeline in (
        "one-shot-bufferize{bufferize-function-boundaries=1 test-analysis-only}",
        "one-shot-bufferize{bufferize-function-boundaries=1 "
        "function-boundary-type-conversion=identity-layout-map}",
    ):
        output = str(apply_pipeline(parse_module(EXECUTE_REGIONS, "e.mlir"), pipeline))
        assert "scf.execute_region {" in output
        _upstream_reads(output)


def test_execute_region_blocks_run_before_and_after_bufferization() -> None:
    text = EXECUTE_REGIONS.replace(
        "func.func private @use(tensor<4xf32>)\n", ""
    ).replace("    func.call @use(%t) : (tensor<4xf32>) -> ()\n", "")
    module, _ = _round_trips(text)
    t = ArrayValue((4,), [0.0] * 4)
    m = ArrayValue((1,), [0.0])
    assert _results(module, [t, m]) == (7.0,)
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[t, m]).ok


NAMED_OPS = """
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<f32>) -> (tensor<f32>, tensor<4xf32>) {
  %z = arith.constant 0.0 : f32
  %f = linalg.fill {note = 1 : i64} ins(%z : f32) outs(%c : tensor<f32>) -> tensor<f32>
  %d = linalg.dot {note = 2 : i64} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%f : tensor<f32>) -> tensor<f32>
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.add {note = 3 : i64} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %d, %s : tensor<f32>, tensor<4xf32>
}
"""


def test_named_ops_read_and_print_attributes_in_front() -> None:
    module, printed = _round_trips(NAMED_OPS)
    assert "linalg.dot {note = 2 : i64} ins(%a, %b" in printed
    assert "linalg.add {note = 3 : i64} ins(%a, %b" in printed
    assert "attrs =" not in printed
    a = ArrayValue((4,), [1.0, 2.0, 3.0, 4.0])
    b = ArrayValue((4,), [2.0, 2.0, 2.0, 2.0])
    c = ArrayValue((), [5.0])
    dot, total = _results(module, [a, b, c])
    assert dot == ArrayValue((), [20.0])
    assert total == ArrayValue((4,), [3.0, 4.0, 5.0, 6.0])
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[a, b, c]).ok
    # Under test-analysis-only each op gets `__inplace_operands_attr__`, which MLIR
    # must read where it writes the dictionary: in front of `ins`.
    analysed = str(
        apply_pipeline(
            parse_module(NAMED_OPS, "n.mlir"),
            "one-shot-bufferize{bufferize-function-boundaries=1 test-analysis-only}",
        )
    )
    assert "linalg.dot {note = 2 : i64, __inplace_operands_attr__" in analysed
    _upstream_reads(NAMED_OPS, printed, analysed)


def test_xdsls_named_op_classes_print_in_front_too() -> None:
    # xDSL's own classes (`linalg.add`) and ours (`linalg.dot`) alike.
    module, _ = _round_trips(NAMED_OPS)
    kinds = {op.name: op for op in module.walk()}
    assert isinstance(kinds["linalg.add"], AddOp)
    assert all(
        type(op).PRINT_ATTRS_IN_FRONT
        for op in kinds.values()
        if isinstance(op, NamedOperation)
    )


VECTOR_PRINT = """
func.func @main(%t: tensor<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0], %pad : tensor<8xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  %x = tensor.extract %t[%c0] : tensor<8xf32>
  vector.print %x : f32 {note}
  return %x : f32
}
"""


def test_vector_print_in_mlir_form() -> None:
    module, printed = _round_trips(VECTOR_PRINT)
    prints = [op for op in module.walk() if isinstance(op, vector.PrintOp)]
    assert len(prints) == 2
    assert "    vector.print %v : vector<4xf32>\n" in printed
    assert "    vector.print %x : f32 {note}\n" in printed
    t = ArrayValue((8,), [float(i) for i in range(8)])
    assert _results(module, [t]) == (0.0,)
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[t]).ok
    output = str(
        apply_pipeline(parse_module(VECTOR_PRINT, "p.mlir"), "comprehensive-bufferize")
    )
    assert "vector.print %v : vector<4xf32>" in output
    _upstream_reads(VECTOR_PRINT, printed, output)


def test_vector_print_forms_we_lack_get_a_diagnostic() -> None:
    text = VECTOR_PRINT.replace(
        "vector.print %v : vector<4xf32>", 'vector.print str "hello"'
    )
    with pytest.raises(Exception, match="vector.print str is not supported"):
        parse_module(text, "bad.mlir")


TRAIT_ALIAS = """
#accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>]
#trait = {indexing_maps = #accesses, iterator_types = ["parallel"]}
func.func @main(%a: tensor<4xf32>, %out: tensor<4xf32>, %k: f32) -> tensor<4xf32> {
  %r = linalg.generic #trait ins(%a : tensor<4xf32>) outs(%out : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %k : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""


def test_generic_reads_its_trait_through_an_alias() -> None:
    module, printed = _round_trips(TRAIT_ALIAS)
    assert 'iterator_types = ["parallel"]} ins(%a : tensor<4xf32>)' in printed
    a = ArrayValue((4,), [1.0, 2.0, 3.0, 4.0])
    out = ArrayValue((4,), [0.0] * 4)
    assert _results(module, [a, out, 3.0]) == (ArrayValue((4,), [3.0, 6.0, 9.0, 12.0]),)
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[a, out, 3.0]).ok
    _upstream_reads(TRAIT_ALIAS, printed)


def test_generic_trait_alias_of_a_non_dictionary_gets_a_diagnostic() -> None:
    text = TRAIT_ALIAS.replace("#trait ins(", "#accesses ins(")
    with pytest.raises(Exception, match="expects a dictionary"):
        parse_module(text, "bad.mlir")


def test_contraction_without_its_operands_gets_a_diagnostic() -> None:
    text = NAMED_OPS.replace(
        "linalg.dot {note = 2 : i64} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs",
        "linalg.dot {note = 2 : i64} outs",
    )
    with pytest.raises(Exception, match="Could not build linalg op"):
        parse_module(text, "bad.mlir")


FORALL_BARE = """
func.func @main(%t: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    %x = tensor.extract %t[%i] : tensor<4xf32>
    %y = arith.addf %x, %one : f32
    %s = tensor.from_elements %y : tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}
"""


def test_scf_forall_reads_one_bare_result_type() -> None:
    module, printed = _round_trips(FORALL_BARE)
    assert "shared_outs(%o = %t) -> (tensor<4xf32>) {" in printed
    t = ArrayValue((4,), [1.0, 2.0, 3.0, 4.0])
    assert _results(module, [t]) == (ArrayValue((4,), [2.0, 3.0, 4.0, 5.0]),)
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[t]).ok
    _upstream_reads(FORALL_BARE, printed)


def test_xdsls_own_interpreter_runs_the_bare_forms() -> None:
    """`xdsl-run`'s interpreter finds xDSL's scf implementations for what we read."""
    from xdsl.interpreter import Interpreter
    from xdsl.interpreters.arith import ArithFunctions
    from xdsl.interpreters.func import FuncFunctions
    from xdsl.interpreters.scf import ScfFunctions

    text = """
    func.func @main() -> index {
      %n = arith.constant 5 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> index {
        %p = arith.cmpi ult, %i, %c1 : index
        %w = scf.if %p -> index {
          scf.yield %n : index
        } else {
          %s = arith.addi %a, %i : index
          scf.yield %s : index
        }
        scf.yield %w : index
      }
      return %r : index
    }
    """
    interpreter = Interpreter(parse_module(text, "run.mlir"))
    for functions in (ArithFunctions(), FuncFunctions(), ScfFunctions()):
        interpreter.register_implementations(functions)
    (value,) = interpreter.call_op("main", ())
    # xDSL's interpreter hands the index back as the constant's attribute type.
    assert value == 15 or (isinstance(value, IntegerAttr) and value.value.data == 15)
