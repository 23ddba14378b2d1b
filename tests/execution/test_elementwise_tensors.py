"""`arith` / `math` ops on tensors (elementwise.py) read their operands' written flags
(a read of contents nothing wrote is a finding at the op) and run on whole arrays with
results bit-identical to the element-by-element path, integers wrapping at their
width and floats in their own precision; ops without a numpy form fall back and say
so. `tensor.generate` and index-dependent `tensor.pad` regions run at every index at
once. `Report.ok` is False whenever the CLI says the results prove nothing."""

from __future__ import annotations

from typing import Any

import pytest

from xdsl_bufferize.execution import (
    Outcome,
    check_pipeline,
    elementwise,
    interpreter,
    parse_module,
    run,
    structured,
)
from xdsl_bufferize.execution.values import ArrayValue

from .exec_helpers import run_src

INT_WIDTHS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}


def _edges(width: int) -> list[int]:
    low, high = -(1 << (width - 1)), (1 << (width - 1)) - 1
    return [low, low + 1, -7, -3, -2, -1, 0, 1, 2, 3, 5, 100 % high, high - 1, high]


def _pairs(width: int, nonzero: bool, shift: bool) -> tuple[list[int], list[int]]:
    """Every pair of edge values (the right one nonzero, or a shift amount)."""
    rights = _edges(width)
    if shift:
        rights = sorted({0, 1, 3, width // 2, width - 1})
    if nonzero:
        rights = [b for b in rights if b != 0]
    pairs = [(a, b) for a in _edges(width) for b in rights]
    return [a for a, _ in pairs], [b for _, b in pairs]


def _program(op: str, t: str, n: int, operands: int = 2) -> str:
    params = ", ".join(f"%a{i}: tensor<{n}x{t}>" for i in range(operands))
    names = ", ".join(f"%a{i}" for i in range(operands))
    return f"""
func.func @main({params}) -> tensor<{n}x{t}> {{
  %r = {op} {names} : tensor<{n}x{t}>
  func.return %r : tensor<{n}x{t}>
}}
"""


def _both(src: str, args: list[Any]) -> tuple[Outcome, Outcome]:
    module = parse_module(src, "test.mlir")
    whole = run(module, "main", args)
    elementwise.VECTORIZE = False
    try:
        scalar = run(module, "main", args)
    finally:
        elementwise.VECTORIZE = True
    return whole, scalar


def _bits(outcome: Outcome) -> list[str]:
    assert outcome.results is not None, outcome.error
    return [
        repr(r.data) if isinstance(r, ArrayValue) else repr(r) for r in outcome.results
    ]


INT_OPS = [
    ("arith.addi", False, False),
    ("arith.subi", False, False),
    ("arith.muli", False, False),
    ("arith.maxsi", False, False),
    ("arith.minsi", False, False),
    ("arith.maxui", False, False),
    ("arith.minui", False, False),
    ("arith.andi", False, False),
    ("arith.ori", False, False),
    ("arith.xori", False, False),
    ("arith.divsi", True, False),
    ("arith.remsi", True, False),
    ("arith.divui", True, False),
    ("arith.remui", True, False),
    ("arith.ceildivsi", True, False),
    ("arith.ceildivui", True, False),
    ("arith.floordivsi", True, False),
    ("arith.shli", False, True),
    ("arith.shrsi", False, True),
    ("arith.shrui", False, True),
]


@pytest.mark.parametrize("t", list(INT_WIDTHS))
@pytest.mark.parametrize(("op", "nonzero", "shift"), INT_OPS)
def test_integer_ops_on_tensors_wrap_as_element_by_element(
    op: str, nonzero: bool, shift: bool, t: str
) -> None:
    lhs, rhs = _pairs(INT_WIDTHS[t], nonzero, shift)
    whole, scalar = _both(_program(op, t, len(lhs)), [lhs, rhs])
    assert whole.error is None and scalar.error is None, (whole.error, scalar.error)
    assert _bits(whole) == _bits(scalar)
    assert whole.fallbacks == {}, whole.fallbacks


FLOAT_VALUES = [-0.0, 0.0, 1.5, -2.25, 3.0e38, -3.0e38, 1e-30, 7.0, 0.1, -1.0, 65504.0]


@pytest.mark.parametrize("t", ["f16", "f32", "f64"])
@pytest.mark.parametrize(
    "op",
    [
        "arith.addf",
        "arith.subf",
        "arith.mulf",
        "arith.divf",
        "arith.maximumf",
        "arith.minnumf",
        "arith.negf",
        "math.sqrt",
        "math.absf",
        "math.sin",
        "math.exp",
        "math.log",
        "math.floor",
        "math.atanh",
    ],
)
def test_float_ops_on_tensors_round_as_element_by_element(op: str, t: str) -> None:
    unary = op in ("arith.negf",) or op.startswith("math.")
    lhs = [a for a in FLOAT_VALUES for _ in FLOAT_VALUES]
    rhs = [b for _ in FLOAT_VALUES for b in FLOAT_VALUES]
    src = _program(op, t, len(lhs), 1 if unary else 2)
    whole, scalar = _both(src, [lhs] if unary else [lhs, rhs])
    assert _bits(whole) == _bits(scalar)
    assert whole.fallbacks == {}, whole.fallbacks


@pytest.mark.parametrize(
    ("op", "rhs", "message"),
    [
        ("arith.divsi", [2, 0, 0], "integer division by zero [arith.divsi"),
        ("arith.remui", [1, 1, 0], "integer division by zero [arith.remui"),
        ("arith.shli", [1, 32, 40], "shift amount 32 out of range for i32"),
    ],
)
def test_an_undefined_element_stops_the_run_as_element_by_element(
    op: str, rhs: list[int], message: str
) -> None:
    whole, scalar = _both(_program(op, "i32", 3), [[5, 6, 7], rhs])
    assert whole.error == scalar.error
    assert whole.error is not None and message in whole.error


def test_ops_without_a_numpy_form_run_element_by_element_and_say_so() -> None:
    src = _program("math.powf", "f32", 3)
    whole, scalar = _both(src, [[2.0, 3.0, 0.5], [3.0, 0.5, 2.0]])
    assert _bits(whole) == _bits(scalar)
    assert whole.fallbacks == {"math.powf": "math.powf on a tensor"}


def test_arith_on_a_tensor_reads_its_elements_nothing_wrote() -> None:
    outcome = run_src(
        """
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %w = tensor.insert %one into %e[%c0] : tensor<4xf32>
  %s = arith.maxnumf %a, %w : tensor<4xf32>
  %t = arith.addf %s, %s : tensor<4xf32>
  func.return %t : tensor<4xf32>
}
""",
        args=([1.0, 2.0, 3.0, 4.0],),
    )
    # maxnumf hides the NaN of the three unwritten elements: still a read of them,
    # reported once at the op; its result is written, so addf reads nothing unwritten.
    assert [str(f) for f in outcome.findings] == [
        "uninitialised-read: arith.maxnumf reads 3 element(s) of a tensor that "
        "nothing wrote (first at index [1] of shape [4]; contents of tensor.empty "
        "at test.mlir:5:3 in @main) [arith.maxnumf at test.mlir:7:3 in @main]"
    ]
    assert outcome.results is not None
    assert outcome.results[0].data == [2.0, 4.0, 6.0, 8.0]


def test_reading_an_unwritten_tensor_through_arith_proves_nothing() -> None:
    module = parse_module(
        """
func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  %s = arith.addi %a, %e : tensor<4xi32>
  func.return %s : tensor<4xi32>
}
""",
        "test.mlir",
    )
    report = check_pipeline(module, "cse", inputs=[[1, 2, 3, 4]])
    assert not report.ok
    assert report.verdict.startswith("RESULTS UNDEFINED (the run before the pipeline")


def test_a_nan_result_is_not_ok() -> None:
    module = parse_module(
        """
func.func @main(%x: f32) -> tensor<2xf32> {
  %z = arith.constant 0.0 : f32
  %q = arith.divf %z, %z : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%q : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  func.return %f : tensor<2xf32>
}
""",
        "test.mlir",
    )
    report = check_pipeline(module, "comprehensive-bufferize", inputs=[1.0])
    assert report.after is not None
    assert report.before.ok and report.after.ok and not report.mismatches
    assert report.verdict == "RESULTS UNDEFINED (NaN in result #0): nothing proven"
    assert not report.ok


def test_matching_defined_results_are_ok() -> None:
    module = parse_module(
        """
func.func @main(%x: f32) -> tensor<2xf32> {
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  func.return %f : tensor<2xf32>
}
""",
        "test.mlir",
    )
    report = check_pipeline(module, "comprehensive-bufferize", inputs=[1.0])
    assert report.verdict == "results match"
    assert report.ok


@pytest.fixture
def ops_executed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of ops each run executes (appended when the run ends)."""
    counts: list[int] = []
    original = interpreter.ExecutionInterpreter.call_function

    def counting(self: interpreter.ExecutionInterpreter, name: str, args: Any) -> Any:
        try:
            return original(self, name, args)
        finally:
            if not self.frames:
                counts.append(self.ops_executed)

    monkeypatch.setattr(interpreter.ExecutionInterpreter, "call_function", counting)
    return counts


GENERATE = """
func.func @main(%s: f32) -> tensor<40x50xf32> {
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c50 = arith.constant 50 : index
    %k = arith.muli %i, %c50 : index
    %l = arith.addi %k, %j : index
    %n = arith.index_cast %l : index to i32
    %f = arith.sitofp %n : i32 to f32
    %v = arith.mulf %f, %s : f32
    %w = math.sin %v : f32
    tensor.yield %w : f32
  } : tensor<40x50xf32>
  func.return %g : tensor<40x50xf32>
}
"""


def test_generate_runs_its_region_once_over_all_indices(
    ops_executed: list[int],
) -> None:
    module = parse_module(GENERATE, "test.mlir")
    whole = run(module, "main", [0.25])
    structured.VECTORIZE = False
    try:
        scalar = run(module, "main", [0.25])
    finally:
        structured.VECTORIZE = True
    assert _bits(whole) == _bits(scalar)
    assert whole.fallbacks == {}
    assert scalar.fallbacks == {"tensor.generate": "vectorization switched off"}
    # the generate and the return, against 8 ops at each of the 2000 indices
    assert ops_executed == [2, 2 + 8 * 2000]


def test_generate_with_a_region_numpy_cannot_run_says_so() -> None:
    outcome = run_src(
        """
func.func @main(%t: tensor<3xindex>) -> tensor<3xindex> {
  %g = tensor.generate {
  ^bb0(%i: index):
    %v = tensor.extract %t[%i] : tensor<3xindex>
    tensor.yield %v : index
  } : tensor<3xindex>
  func.return %g : tensor<3xindex>
}
""",
        args=([4, 5, 6],),
    )
    assert outcome.results is not None
    assert outcome.results[0].data == [4, 5, 6]
    assert outcome.fallbacks == {"tensor.generate": "tensor.extract in the payload"}


def test_create_mask_clamps_its_bounds() -> None:
    outcome = run_src(
        """
func.func @main(%a: index, %b: index) -> vector<3x4xi1> {
  %m = vector.create_mask %a, %b : vector<3x4xi1>
  func.return %m : vector<3x4xi1>
}
""",
        args=(2, 9),
    )
    assert outcome.results == ((1,) * 8 + (0,) * 4,)
    outcome = run_src(
        """
func.func @main(%a: index, %b: index) -> vector<3x4xi1> {
  %m = vector.create_mask %a, %b : vector<3x4xi1>
  func.return %m : vector<3x4xi1>
}
""",
        args=(3, -1),
    )
    assert outcome.results == ((0,) * 12,)


@pytest.mark.parametrize(
    ("t", "literal", "expected"),
    [
        (
            "f32",
            "[1.5, -0.0, 3.0e38, 0.1]",
            [1.5, -0.0, 3.0000000054977558e38, 0.10000000149011612],
        ),
        ("f16", "[1.5, -2.0, 65504.0, 0.1]", [1.5, -2.0, 65504.0, 0.0999755859375]),
        ("f64", "[1.5, -2.0, 1.0e300, 0.1]", [1.5, -2.0, 1.0e300, 0.1]),
        ("i8", "[-128, 127, 5, -1]", [-128, 127, 5, -1]),
        ("i64", "[-9223372036854775808, 9223372036854775807, 0, -1]", None),
        ("index", "[-3, 4, 0, 9]", [-3, 4, 0, 9]),
        ("i1", "[true, false, true, true]", [1, 0, 1, 1]),
        ("i17", "[65535, -65536, 3, -1]", [65535, -65536, 3, -1]),
        ("f32", "2.5", [2.5, 2.5, 2.5, 2.5]),
    ],
)
def test_dense_constants_are_read_from_their_bytes(
    t: str, literal: str, expected: list[Any] | None
) -> None:
    if literal.startswith("["):  # the 2x2 nesting of a flat list of four
        items = literal[1:-1].split(", ")
        literal = f"[[{items[0]}, {items[1]}], [{items[2]}, {items[3]}]]"
    outcome = run_src(
        f"""
func.func @main() -> tensor<2x2x{t}> {{
  %c = arith.constant dense<{literal}> : tensor<2x2x{t}>
  func.return %c : tensor<2x2x{t}>
}}
"""
    )
    assert outcome.results is not None
    (value,) = outcome.results
    assert isinstance(value, ArrayValue) and value.shape == (2, 2)
    if expected is None:
        expected = [-(1 << 63), (1 << 63) - 1, 0, -1]
    assert value.data == expected
    assert [type(v) for v in value.data] == [type(v) for v in expected]


def test_tensors_of_different_runtime_shapes_stop_the_run_with_their_shapes() -> None:
    outcome = run_src(
        """
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.addf %a, %b : tensor<?xf32>
  func.return %r : tensor<?xf32>
}
""",
        args=([1.0], [1.0, 2.0, 3.0]),
    )
    assert outcome.error == (
        "operands of different shapes [1] and [3] [arith.addf at test.mlir:3:3 in @main]"
    )
