"""The program generator: deterministic per seed, valid programs, features honoured."""

import re
from dataclasses import replace
from typing import cast

import pytest
from xdsl.dialects import bufferization, func, scf, tensor
from xdsl.dialects.builtin import TensorType
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.ir import BlockArgument, Operation, SSAValue

from xdsl_bufferize.execution.memory import FindingKind
from xdsl_bufferize.execution.runner import run
from xdsl_bufferize.testing.fuzz import apply_pipeline, parse_module
from xdsl_bufferize.testing.generate import (
    ADVERSARIAL_FEATURES,
    MEMREF_FEATURES,
    MEMREF_OPT_IN_FEATURES,
    OPT_IN_FEATURES,
    REGION_OP_FEATURES,
    GeneratorConfig,
    apply_feature_spec,
    config_for_pipeline,
    generate_program,
)

CONFIGS = {
    "boundaries": GeneratorConfig(),
    "local": GeneratorConfig(function_boundaries=False),
    "nonequivalent": GeneratorConfig(nonequivalent_yields=True),
    "memref": GeneratorConfig(kind="memref"),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_deterministic_per_seed(name: str) -> None:
    config = CONFIGS[name]
    for seed in (0, 1, 77):
        assert generate_program(seed, config) == generate_program(seed, config)
    assert len({generate_program(seed, config) for seed in range(10)}) == 10


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_programs_parse_verify_and_run_cleanly(name: str) -> None:
    config = CONFIGS[name]
    for seed in range(12):
        text = generate_program(seed, config)
        module = parse_module(text)
        module.verify()
        outcome = run(module, "main", [])
        assert outcome.error is None, (seed, outcome.error)
        findings = [f for f in outcome.findings if f.kind != FindingKind.LEAK]
        assert not findings, (seed, [str(f) for f in findings])
        if config.kind == "tensor":
            # Tensor programs allocate nothing before bufferization.
            assert not outcome.findings
        assert outcome.results is not None and len(outcome.results) >= 1
        assert all(r == r for r in outcome.results), (
            "no NaN: nothing uninitialised is read"
        )


def test_local_config_keeps_tensors_out_of_signatures() -> None:
    config = GeneratorConfig(function_boundaries=False)
    for seed in range(20):
        for header in re.findall(r"func\.func [^{]*", generate_program(seed, config)):
            assert "tensor<" not in header, header


def test_memref_programs_have_no_tensors_and_no_deallocs() -> None:
    config = apply_feature_spec(GeneratorConfig(kind="memref"), "-frees,-realloc")
    for seed in range(20):
        text = generate_program(seed, config)
        assert "tensor" not in text
        assert "memref.dealloc" not in text
        assert "memref.realloc" not in text
        assert "memref.alloc" in text


def test_memref_programs_have_the_shapes_of_issue_13() -> None:
    """Frees already in the program, realloc, one buffer twice at every kind of join,
    returns of one buffer twice and of views of locals, offset views carried by loops,
    recursion, region ops nested three deep."""
    config = config_for_pipeline("buffer-deallocation")
    texts = "\n".join(generate_program(seed, config) for seed in range(60))
    for pattern in (
        r"memref\.dealloc",
        r"scf\.if %\w+ \{\n\s*memref\.dealloc [^\n]*\n\s*\}\n",
        r"memref\.realloc %acc",
        r"memref\.realloc %m",
        r"scf\.yield (%\w+), \1 :",
        r"scf\.index_switch",
        r"scf\.condition\(%\w+\) %\w+, (%\w+), \1 :",
        r"iter_args\((%\w+) = (%\w+), %\w+ = \2\)",
        r"cf\.br \^bb3\((%\w+), \1 :",
        r"func\.return (%\w+), \1 :",
        r"func\.return %\w+, %sv\w+ :",
        r"func\.return %sv\w+ :",
        r"iter_args\(%\w+ = %ov\w+\) -> \(memref<\d+xf32, strided<\[1\], offset: [1-9]",
        r"func\.call @mrec",
        r"\n {6}scf\.(if|for|while|index_switch)",
        # cf loops: a header with two buffer arguments entered with one buffer twice,
        # a back edge passing a fresh copy, another passing the arguments (one twice)
        r"cf\.br \^h(\w+)\((%\w+), \2, %c0_\d+ :",
        r"\^h\w+\(%lx\d+: memref<[^>]*>, %ly\d+: memref<[^>]*>, %li\d+: index\):",
        r"cf\.br \^h\w+\(%lf\d+, ",
        r"cf\.br \^h\w+\((%l[xy]\d+), \1, %ln\d+ :",
    ):
        assert re.search(pattern, texts), pattern
    public = [f for f in texts.split("func.func ") if f.startswith("@mhelper")]
    assert any(re.search(r"func\.return (%\w+), \1 :", f) for f in public)


def test_disabled_features_are_absent() -> None:
    config = apply_feature_spec(GeneratorConfig(), "-while,-for,-calls,-matmul")
    for seed in range(20):
        text = generate_program(seed, config)
        for op in ("scf.while ", "scf.for ", "func.call ", "linalg.matmul "):
            assert op not in text


def test_features_are_used() -> None:
    texts = "\n".join(generate_program(seed, GeneratorConfig()) for seed in range(40))
    for op in (
        "scf.for",
        "scf.if",
        "scf.while",
        "func.call",
        "bufferization.writable = true",
        "func.func private",
        "tensor.extract_slice",
        "tensor.insert_slice",
        "tensor.insert ",
        "linalg.matmul",
        "linalg.transpose",
        "linalg.copy",
        "linalg.fill",
        "linalg.generic",
        "tensor.empty",
        "tensor.dim",
        "tensor<?x",
        "arith.constant dense",
        "func.call @rec",
    ):
        assert op in texts, op
    assert "@multi" not in texts  # several_returns is adversarial
    memrefs = "\n".join(
        generate_program(seed, GeneratorConfig(kind="memref")) for seed in range(40)
    )
    for op in (
        "memref.subview",
        "cf.cond_br",
        "scf.if",
        "scf.for",
        "func.call",
        "memref.alloca",
    ):
        assert op in memrefs, op


def test_config_for_pipeline() -> None:
    assert config_for_pipeline("buffer-deallocation").kind == "memref"
    assert not config_for_pipeline("one-shot-bufferize").function_boundaries
    assert config_for_pipeline(
        "one-shot-bufferize{bufferize-function-boundaries=true}"
    ).function_boundaries
    assert config_for_pipeline("comprehensive-bufferize").function_boundaries
    with pytest.raises(ValueError, match="unknown generator feature"):
        apply_feature_spec(GeneratorConfig(), "-nonsense")


def test_static_only_programs() -> None:
    config = apply_feature_spec(
        GeneratorConfig(), "-dynamic_shapes,-dynamic_slices,-unranked"
    )
    for seed in range(30):
        text = generate_program(seed, config)
        assert (
            "?" not in text and "tensor.cast" not in text and "tensor.dim" not in text
        )


# ---------------------------------------------------------------- adversarial shapes


def _written(op: Operation) -> list[SSAValue]:
    """The tensor operands `op` writes into (its destinations)."""
    if isinstance(op, tensor.InsertOp | tensor.InsertSliceOp):
        return [op.dest]
    if isinstance(op, bufferization.MaterializeInDestinationOp):
        return [op.dest]
    if isinstance(op, LinalgStructuredOperation):
        return [v for v in op.outputs if isinstance(v.type, TensorType)]
    return []


def _inside(value: SSAValue, region_op: Operation) -> bool:
    """Whether `value` is defined inside `region_op` (its own block arguments too)."""
    if isinstance(value, BlockArgument):
        parent = value.owner.parent_op()
        return parent is not None and region_op.is_ancestor(parent)
    owner = value.owner
    assert isinstance(owner, Operation)
    return owner is not region_op and region_op.is_ancestor(owner)


def _loops(op: Operation) -> list[Operation]:
    """The `scf.for` / `scf.while` ancestors of `op`, innermost first."""
    out: list[Operation] = []
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, scf.ForOp | scf.WhileOp):
            out.append(parent)
        parent = parent.parent_op()
    return out


def shapes_of(text: str) -> set[str]:
    """The adversarial shapes (issue #12) present in a generated program."""
    module = parse_module(text)
    found: set[str] = set()
    for op in module.walk():
        loops = _loops(op)
        for dest in _written(op):
            if loops and not _inside(dest, loops[0]):
                loop = loops[0]
                if isinstance(loop, scf.ForOp):
                    found.add("for_captured_write")
                elif loop.regions[0].is_ancestor(op):
                    found.add("while_before_captured_write")
                else:
                    found.add("while_after_captured_write")
                if len(loops) > 1 and not _inside(dest, loops[1]):
                    found.add("nested_captured_write")
                if all(loops[0].is_ancestor(use.operation) for use in dest.uses):
                    found.add("captured_dead_after_loop")
                for res in op.results:
                    for use in res.uses:
                        if isinstance(use.operation, scf.YieldOp) and isinstance(
                            use.operation.parent_op(), scf.ForOp
                        ):
                            found.add("for_yields_captured_write")
            if (
                isinstance(dest, BlockArgument)
                and isinstance(dest.owner.parent_op(), scf.WhileOp)
                and dest.owner.parent_op().regions[1] is dest.owner.parent  # pyright: ignore[reportOptionalMemberAccess]
            ):
                found.add("while_after_writes_block_arg")
            if isinstance(dest, BlockArgument) and isinstance(
                dest.owner.parent_op(), func.FuncOp
            ):
                callee = cast(func.FuncOp, dest.owner.parent_op())
                if callee.sym_name.data != "main":
                    private = callee.sym_visibility is not None
                    found.add(f"{'private' if private else 'public'}_callee_writes_arg")
        if isinstance(op, LinalgStructuredOperation):
            outs, ins = list(op.outputs), list(op.inputs)
            if len(set(outs)) < len(outs):
                found.add("outs_twice")
            if len(set(ins)) < len(ins):
                found.add("ins_twice")
        if isinstance(op, scf.ForOp) and len(set(op.iter_args)) < len(op.iter_args):
            found.add("iter_args_twice")
        if isinstance(op, func.CallOp):
            tensors = [v for v in op.arguments if isinstance(v.type, TensorType)]
            if len(set(tensors)) < len(tensors):
                found.add("call_args_twice")
        if isinstance(op, scf.ConditionOp):
            loop = op.parent_op()
            assert loop is not None
            args = list(op.args)
            if len(set(args)) < len(args):
                found.add("condition_twice")
            for v in args:
                if not isinstance(v.type, TensorType):
                    continue
                if isinstance(v, BlockArgument) and v.owner.parent_op() is loop:
                    found.add("condition_forwards_unchanged")
                elif not _inside(v, loop):
                    found.add("condition_forwards_captured")
                elif isinstance(v.owner, tensor.ExtractSliceOp) and not _inside(
                    v.owner.source, loop
                ):
                    found.add("condition_forwards_captured_slice")
        if isinstance(op, scf.YieldOp) and isinstance(op.parent_op(), scf.WhileOp):
            loop = op.parent_op()
            assert loop is not None
            if any(
                isinstance(v.type, TensorType) and not _inside(v, loop)
                for v in op.arguments
            ):
                found.add("while_yields_captured")
        if isinstance(op, tensor.InsertSliceOp):
            block = op.parent_block()
            assert block is not None
            src_owner = op.source.owner
            for other in block.ops:
                if other is op:
                    break
                if op.dest in _written(other) and (
                    not isinstance(src_owner, Operation)
                    or src_owner.parent_block() is not block
                    or src_owner.is_before_in_block(other)
                ):
                    found.add("insert_slice_dest_written_before_insert")
        if isinstance(op, bufferization.MaterializeInDestinationOp):
            found.add("materialize_in_destination")
        if isinstance(op, bufferization.AllocTensorOp):
            found.add("alloc_tensor")
        found |= _function_shapes(op)
    return found


def _function_shapes(op: Operation) -> set[str]:
    """Recursion (a function calling itself or calling a function that calls it)
    and functions with tensors and several returns (one with a returned slice)."""
    found: set[str] = set()
    if isinstance(op, func.CallOp):
        caller = op.parent_op()
        while caller is not None and not isinstance(caller, func.FuncOp):
            caller = caller.parent_op()
        assert isinstance(caller, func.FuncOp)
        name = caller.sym_name.data
        callee = op.callee.root_reference.data
        if callee == name:
            found.add("recursion")
        elif name.startswith("rec") and callee.startswith("rec"):
            found.add("mutual_recursion")
    if isinstance(op, func.FuncOp) and len(op.body.blocks) > 1:
        returns = [
            b.last_op for b in op.body.blocks if isinstance(b.last_op, func.ReturnOp)
        ]
        if len(returns) > 1 and any(
            isinstance(t, TensorType) for t in op.function_type.outputs.data
        ):
            found.add("several_returns")
            if any(
                isinstance(v.owner, tensor.ExtractSliceOp)
                for r in returns
                for v in r.operands
            ):
                found.add("several_returns_slice")
    return found


ALL_SHAPES = {
    "for_captured_write",
    "while_before_captured_write",
    "while_after_captured_write",
    "nested_captured_write",
    "captured_dead_after_loop",
    "while_after_writes_block_arg",
    "public_callee_writes_arg",
    "private_callee_writes_arg",
    "outs_twice",
    "ins_twice",
    "iter_args_twice",
    "call_args_twice",
    "condition_twice",
    "condition_forwards_unchanged",
    "condition_forwards_captured",
    "condition_forwards_captured_slice",
    "while_yields_captured",
    "insert_slice_dest_written_before_insert",
    "materialize_in_destination",
    "alloc_tensor",
    "for_yields_captured_write",
    "recursion",
    "mutual_recursion",
    "several_returns",
    "several_returns_slice",
}
NONEQUIVALENT_ONLY = {
    "condition_twice",
    "condition_forwards_captured",
    "condition_forwards_captured_slice",
    "while_yields_captured",
    "for_yields_captured_write",
}
"""Shapes that need non-equivalent yields (`allow-return-allocs-from-loops`)."""

ADVERSARIAL = apply_feature_spec(GeneratorConfig(), "+adversarial")
ADVERSARIAL_NONEQUIVALENT = replace(ADVERSARIAL, nonequivalent_yields=True)


def test_adversarial_features_are_off_by_default() -> None:
    assert set(ADVERSARIAL_FEATURES) <= GeneratorConfig().disabled
    assert ADVERSARIAL.disabled == {
        *REGION_OP_FEATURES,
        *OPT_IN_FEATURES,
        *MEMREF_OPT_IN_FEATURES,
    }
    assert apply_feature_spec(ADVERSARIAL, "-adversarial").disabled == {
        *ADVERSARIAL_FEATURES,
        *REGION_OP_FEATURES,
        *OPT_IN_FEATURES,
        *MEMREF_OPT_IN_FEATURES,
    }
    one = apply_feature_spec(GeneratorConfig(), "+captured_writes")
    assert one.enabled("captured_writes") and not one.enabled("materialize")
    texts = "\n".join(generate_program(seed, GeneratorConfig()) for seed in range(20))
    assert "bufferization.alloc_tensor" not in texts
    assert "bufferization.materialize" not in texts


def test_region_op_features_are_opt_in() -> None:
    """`affine`, `vector_mask` and `scf_parallel` are off by default (no seed's
    program changes) and, enabled, make their ops."""
    assert set(REGION_OP_FEATURES) <= GeneratorConfig().disabled
    off = "\n".join(generate_program(seed, GeneratorConfig()) for seed in range(20))
    config = apply_feature_spec(GeneratorConfig(), "+affine,+vector_mask,+scf_parallel")
    on = "\n".join(generate_program(seed, config) for seed in range(20))
    for op in ("affine.for", '"affine.if"', "vector.mask", '"scf.parallel"'):
        assert op not in off
        assert op in on


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        pytest.param(ADVERSARIAL, ALL_SHAPES - NONEQUIVALENT_ONLY, id="equivalent"),
        pytest.param(ADVERSARIAL_NONEQUIVALENT, ALL_SHAPES, id="nonequivalent"),
    ],
)
def test_adversarial_shapes_are_generated(
    config: GeneratorConfig, expected: set[str]
) -> None:
    found: set[str] = set()
    for seed in range(60):
        found |= shapes_of(generate_program(seed, config))
    assert expected <= found, sorted(expected - found)
    if not config.nonequivalent_yields:
        # Every loop yield stays equivalent to its iteration argument.
        assert not found & NONEQUIVALENT_ONLY


@pytest.mark.parametrize(
    "config",
    [
        pytest.param(ADVERSARIAL, id="equivalent"),
        pytest.param(ADVERSARIAL_NONEQUIVALENT, id="nonequivalent"),
        pytest.param(replace(ADVERSARIAL, function_boundaries=False), id="local"),
    ],
)
def test_adversarial_programs_are_valid(config: GeneratorConfig) -> None:
    for seed in range(10):
        text = generate_program(seed, config)
        assert generate_program(seed, config) == text
        module = parse_module(text)
        module.verify()
        outcome = run(module, "main", [])
        assert outcome.error is None, (seed, outcome.error)
        assert not outcome.findings, (seed, [str(f) for f in outcome.findings])
        assert outcome.results is not None
        assert all(r == r for r in outcome.results), seed


@pytest.mark.parametrize(
    "pipeline",
    [
        "one-shot-bufferize{allow-return-allocs-from-loops=true}",
        "comprehensive-bufferize",
        "one-shot-bufferize{bufferize-function-boundaries=true "
        "allow-return-allocs-from-loops=true}",
        "one-shot-bufferize{analysis-heuristic=top-down "
        "bufferize-function-boundaries=true allow-return-allocs-from-loops=true}",
    ],
)
def test_adversarial_programs_are_accepted_by_each_pipeline(pipeline: str) -> None:
    """Every pipeline accepts them (without allow-return-allocs-from-loops a captured
    write in a loop body makes the yield a copy, which one-shot-bufferize rejects as
    MLIR does)."""
    config = apply_feature_spec(config_for_pipeline(pipeline), "+adversarial")
    for seed in range(8):
        module = parse_module(generate_program(seed, config))
        apply_pipeline(module, pipeline).verify()


def test_default_off_tensor_features_are_not_memref_feature_names() -> None:
    """Features are disabled by name: a tensor feature that is off by default and shares
    its name with a memref feature would switch the memref one off too."""
    off = GeneratorConfig().disabled
    assert set(ADVERSARIAL_FEATURES) <= off
    assert not (off - set(MEMREF_OPT_IN_FEATURES)) & set(MEMREF_FEATURES)


def test_memref_programs_free_with_bufferization_dealloc() -> None:
    """`+bufferization_deallocs`: frees of the program spelled `bufferization.dealloc`
    under constant true / false and runtime conditions; off by default."""
    memref_config = GeneratorConfig(kind="memref")
    default = "\n".join(generate_program(s, memref_config) for s in range(20))
    assert "bufferization.dealloc" not in default
    config = apply_feature_spec(memref_config, "+bufferization_deallocs")
    texts = "\n".join(generate_program(seed, config) for seed in range(60))
    conditions = re.findall(
        r"bufferization\.dealloc \(%\w+ : [^)]*\) if \((%\w+)\)", texts
    )
    assert conditions
    assert any(c.startswith("%dc") for c in conditions)
    assert any(c.startswith("%cond") for c in conditions)
    assert "arith.constant false" in texts and "arith.constant true" in texts


def test_memref_helpers_return_reshapes() -> None:
    """`+returned_reshapes`: helpers return a whole reshape of a fresh buffer; off by
    default; the programs run cleanly before the pass except for leaks."""
    memref_config = GeneratorConfig(kind="memref")
    default = "\n".join(generate_program(s, memref_config) for s in range(20))
    assert "memref.collapse_shape" not in default
    config = apply_feature_spec(memref_config, "+returned_reshapes")
    texts = [generate_program(seed, config) for seed in range(40)]
    joined = "\n".join(texts)
    assert re.search(r"%rs\d+ = memref\.collapse_shape", joined)
    assert joined.count("= memref.collapse_shape") >= 5
    for text in texts[:10]:
        outcome = run(parse_module(text), "main", ())
        assert outcome.error is None, outcome.error
        assert all(f.kind is FindingKind.LEAK for f in outcome.findings)
