"""The region-branch registry describes scf flow, and other ops can join it."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, memref, scf, test
from xdsl.ir import Operation
from xdsl.parser import Parser

from xdsl_bufferize.interfaces import (
    RegionBranchModel,
    RegionEdge,
    region_entry_edges,
    region_exit_edges,
    register_region_branch_model,
    unregister_region_branch_model,
)
from xdsl_bufferize.transforms.buffer_deallocation import deallocate


def _parse(text: str) -> builtin.ModuleOp:
    ctx = Context(allow_unregistered=True)
    for dialect in (
        builtin.Builtin,
        func.Func,
        memref.MemRef,
        scf.Scf,
        arith.Arith,
        test.Test,
    ):
        ctx.load_dialect(dialect)
    return Parser(ctx, text).parse_module()


def test_for_edges() -> None:
    module = _parse(
        """
        func.func @f(%n: index, %a: memref<4xf32>) {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
            scf.yield %x : memref<4xf32>
          }
          func.return
        }
        """
    )
    loop = next(op for op in module.walk() if isinstance(op, scf.ForOp))
    entry = region_entry_edges(loop)
    assert entry is not None
    body_args = loop.body.block.args
    assert [(e.forwarded, e.targets) for e in entry] == [
        ((loop.iter_args[0],), (body_args[1],)),
        ((loop.iter_args[0],), (loop.res[0],)),
    ]
    yield_op = loop.body.block.last_op
    assert yield_op is not None
    exits = region_exit_edges(loop, yield_op)
    assert exits is not None
    assert [e.target_region for e in exits] == [loop.body, None]
    assert exits[1].targets == (loop.res[0],)


class PassThroughModel(RegionBranchModel):
    """`test.op` with one region: runs it once; its terminator's operands become results."""

    def entry_edges(self, op: Operation) -> Sequence[RegionEdge]:
        return [RegionEdge(op, (), op.regions[0], ())]

    def exit_edges(self, op: Operation, terminator: Operation) -> Sequence[RegionEdge]:
        return [
            RegionEdge(
                terminator, tuple(range(len(op.results))), None, tuple(op.results)
            )
        ]


def test_other_region_ops_can_join() -> None:
    text = """
    func.func @f() {
      %c0 = arith.constant 0 : index
      %r = "test.op"() ({
        %a = memref.alloc() : memref<4xf32>
        %t = memref.alloc() : memref<4xf32>
        "test.termop"(%a) : (memref<4xf32>) -> ()
      }) : () -> memref<4xf32>
      %v = memref.load %r[%c0] : memref<4xf32>
      func.return
    }
    """
    register_region_branch_model(test.TestOp, PassThroughModel())
    try:
        module = _parse(text)
        deallocate(module)
    finally:
        unregister_region_branch_model(test.TestOp)
    printed = str(module)
    assert printed.index("%t = memref.alloc") < printed.index("memref.dealloc %t")
    assert printed.index("memref.dealloc %t") < printed.index('"test.termop"(%a)')
    assert printed.index("%v = memref.load") < printed.index("memref.dealloc %r")
    assert "memref.dealloc %a" not in printed
