"""The region-branch, branch and view-like models answer what the analyses ask, and
other ops can join their registries."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.context import Context
from xdsl.dialects import affine, arith, builtin, cf, func, memref, scf, test
from xdsl.ir import Operation
from xdsl.parser import Parser

from xdsl_bufferize.analysis.hoisting import buffer_uses
from xdsl_bufferize.interfaces import (
    LoopKind,
    RegionBranchModel,
    RegionEdge,
    region_entry_edges,
    region_exit_edges,
    register_region_branch_model,
    unregister_region_branch_model,
)
from xdsl_bufferize.interfaces.branch import branch_model, branch_successor_operands
from xdsl_bufferize.interfaces.region_branch import (
    captures_buffers,
    carries_ownership_flags,
    expected_terminator_operands,
    grow_region_op,
    loop_kind,
)
from xdsl_bufferize.interfaces.view_like import (
    FirstOperandView,
    is_view,
    register_view_like_model,
    unregister_view_like_model,
    view_source,
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
        affine.Affine,
        cf.Cf,
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


REGION_OPS = """
func.func @f(%n: index, %c: i1, %a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    scf.yield %x : memref<4xf32>
  }
  %w = scf.while (%y = %a) : (memref<4xf32>) -> memref<4xf32> {
    scf.condition(%c) %y : memref<4xf32>
  } do {
  ^bb0(%z: memref<4xf32>):
    scf.yield %z : memref<4xf32>
  }
  %s = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  %e = scf.execute_region -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  }
  %k = scf.index_switch %n -> memref<4xf32>
  case 1 {
    scf.yield %a : memref<4xf32>
  }
  default {
    scf.yield %a : memref<4xf32>
  }
  "scf.parallel"(%c0, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%p: index):
    scf.reduce
  }) : (index, index, index) -> ()
  memref.alloca_scope {
    memref.alloca_scope.return
  }
  %q = affine.for %j = 0 to 4 iter_args(%t = %a) -> (memref<4xf32>) {
    affine.yield %t : memref<4xf32>
  }
  "affine.parallel"() <{lowerBoundsMap = affine_map<() -> (0)>, lowerBoundsGroups = dense<1> : vector<1xi32>, upperBoundsMap = affine_map<() -> (4)>, upperBoundsGroups = dense<1> : vector<1xi32>, steps = [1 : i64], reductions = []}> ({
  ^bb0(%m: index):
    affine.yield
  }) : () -> ()
  func.return
}
"""


def _first(module: builtin.ModuleOp, op_type: type[Operation]) -> Operation:
    return next(op for op in module.walk() if isinstance(op, op_type))


def test_loop_kinds_and_flag_capabilities() -> None:
    module = _parse(REGION_OPS)
    table = {
        scf.ForOp: (LoopKind.SEQUENTIAL, True, False, 1),
        scf.WhileOp: (LoopKind.SEQUENTIAL, True, False, 2),
        scf.IfOp: (LoopKind.NONE, True, True, 1),
        scf.ExecuteRegionOp: (LoopKind.NONE, True, True, 1),
        scf.IndexSwitchOp: (LoopKind.NONE, True, True, 1),
        scf.ParallelOp: (LoopKind.PARALLEL, False, False, None),
        memref.AllocaScopeOp: (LoopKind.NONE, False, False, None),
        affine.ForOp: (LoopKind.SEQUENTIAL, True, False, None),
        affine.ParallelOp: (LoopKind.PARALLEL, False, False, None),
        func.FuncOp: (LoopKind.NONE, False, False, None),
    }
    for op_type, expected in table.items():
        op = _first(module, op_type)
        answer = (
            loop_kind(op),
            carries_ownership_flags(op),
            captures_buffers(op),
            expected_terminator_operands(op, 0),
        )
        assert answer == expected, op.name
    # scf.while's after region yields the before arguments back.
    assert expected_terminator_operands(_first(module, scf.WhileOp), 1) == 1


def test_grow_region_op_bumps_the_init_segment() -> None:
    module = _parse(REGION_OPS)
    loop = _first(module, affine.ForOp)
    assert isinstance(loop, affine.ForOp)
    flag = arith.ConstantOp(builtin.IntegerAttr(1, builtin.i1))
    block = loop.parent_block()
    assert block is not None
    block.insert_op_before(flag, loop)
    body = loop.body.block
    body.insert_arg(builtin.i1, len(body.args))
    yield_op = body.last_op
    assert yield_op is not None
    yield_op.operands = [*yield_op.operands, body.args[-1]]
    new = grow_region_op(loop, [flag.result], [builtin.i1])
    assert isinstance(new, affine.ForOp)
    assert not loop.regions
    assert new.lowerBoundMap == loop.lowerBoundMap
    block.insert_op_before(new, loop)
    loop.results[0].replace_all_uses_with(new.results[0])
    block.erase_op(loop)
    new.verify()
    assert [len(new.lowerBoundOperands), len(new.upperBoundOperands)] == [0, 0]
    assert list(new.inits) == [new.operands[0], flag.result]
    assert new.result_types == (builtin.MemRefType(builtin.f32, [4]), builtin.i1)


def test_cond_br_successor_operands_and_rebuild() -> None:
    module = _parse(
        """
        func.func @f(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) {
          cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb2(%b, %a : memref<4xf32>, memref<4xf32>)
        ^bb1(%x: memref<4xf32>):
          func.return
        ^bb2(%y: memref<4xf32>, %z: memref<4xf32>):
          func.return
        }
        """
    )
    branch = _first(module, cf.ConditionalBranchOp)
    successors = branch_successor_operands(branch)
    assert successors is not None
    assert [(i, indices) for i, _, indices in successors] == [(0, (1,)), (1, (2, 3))]
    model = branch_model(branch)
    assert model is not None
    new = model.with_successor_operands(branch, [[branch.operands[2]], []])
    assert [indices for _, _, indices in model.successor_operands(new)] == [(1,), ()]
    assert new.operands[1] is branch.operands[2]
    assert branch_successor_operands(_first(module, func.ReturnOp)) is None


def test_other_ops_can_be_views() -> None:
    module = _parse(
        """
        func.func @f() {
          %a = memref.alloc() : memref<4xf32>
          %v = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
          %t = "test.op"(%a) : (memref<4xf32>) -> memref<4xf32>
          func.return
        }
        """
    )
    alloc = _first(module, memref.AllocOp)
    subview = _first(module, memref.SubviewOp)
    other = _first(module, test.TestOp)
    assert view_source(subview) is alloc.results[0]
    assert not is_view(other)
    # An op of unknown semantics may keep the buffer: it is not hoistable.
    assert buffer_uses(alloc.results[0]).escapes
    register_view_like_model(test.TestOp, FirstOperandView())
    try:
        assert view_source(other) is alloc.results[0]
        assert not buffer_uses(alloc.results[0]).escapes
    finally:
        unregister_view_like_model(test.TestOp)
    assert not is_view(other)
