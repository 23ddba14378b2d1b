"""The program generator: deterministic per seed, valid programs, features honoured."""

import re

import pytest

from xdsl_bufferize.execution.fuzz import parse_module
from xdsl_bufferize.execution.generate import (
    GeneratorConfig,
    apply_feature_spec,
    config_for_pipeline,
    generate_program,
)
from xdsl_bufferize.execution.memory import FindingKind
from xdsl_bufferize.execution.runner import run

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
    ):
        assert re.search(pattern, texts), pattern


def test_disabled_features_are_absent() -> None:
    config = apply_feature_spec(GeneratorConfig(), "-while,-for,-calls,-matmul")
    for seed in range(20):
        text = generate_program(seed, config)
        for op in ("scf.while", "scf.for", "func.call", "linalg.matmul"):
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
    ):
        assert op in texts, op
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
    config = apply_feature_spec(GeneratorConfig(), "-dynamic_shapes,-dynamic_slices")
    for seed in range(30):
        text = generate_program(seed, config)
        assert (
            "?" not in text and "tensor.cast" not in text and "tensor.dim" not in text
        )
