"""MLIR's linalg ops whose indexing maps are attributes: `linalg.matmul` /
`linalg.batch_matmul` with `indexing_maps = [...]` (transposed and broadcast
operands), `linalg.contract` and `linalg.elementwise` (`dialects/linalg_contract.py`,
`dialects/linalg_maps.py`). Each is read and printed in MLIR's spelling, computes
what MLIR defines (against a loop-by-loop reference written here from letter
layouts) and the same after both bufferizations, with nothing leaked. The
finch-mlir wheel predates these forms (its MLIR rejects all three), so there is no
upstream comparison here."""

from __future__ import annotations

import io
import itertools
import math
import random
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.printer import Printer

from xdsl_bufferize.execution import ArrayValue, check_pipeline, parse_module, run

PIPELINES = (
    "comprehensive-bufferize",
    "one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation",
)

EXTENT = {"b": 2, "m": 2, "n": 3, "k": 4, "i": 2, "j": 3}


def _tensor(letters: str, element: str) -> str:
    if not letters:
        return f"tensor<{element}>"
    return f"tensor<{'x'.join(str(EXTENT[c]) for c in letters)}x{element}>"


def _map(letters: str, loops: str) -> str:
    dims = ", ".join(f"d{i}" for i in range(len(loops)))
    return (
        f"affine_map<({dims}) -> ({', '.join(f'd{loops.index(c)}' for c in letters)})>"
    )


def _at(letters: str, point: dict[str, int]) -> int:
    offset = 0
    for c in letters:
        offset = offset * EXTENT[c] + point[c]
    return offset


def _values(letters: str, rng: random.Random, integer: bool) -> ArrayValue:
    shape = tuple(EXTENT[c] for c in letters)
    number: Callable[[int], float] = int if integer else float
    return ArrayValue(
        shape, [number(rng.randint(-4, 4)) for _ in range(math.prod(shape))]
    )


@dataclass(frozen=True)
class Contraction:
    """`lhs,rhs->out` in letters over `loops` (MLIR's dim order), spelled as `op`."""

    op: str  # "matmul", "batch_matmul" or "contract"
    spec: str
    loops: str
    element: str = "f32"
    out_element: str = "f32"

    @property
    def layouts(self) -> tuple[str, str, str]:
        inputs, out = self.spec.split("->")
        lhs, rhs = inputs.split(",")
        return lhs, rhs, out

    def text(self) -> str:
        lhs, rhs, out = self.layouts
        ta, tb = _tensor(lhs, self.element), _tensor(rhs, self.element)
        tc = _tensor(out, self.out_element)
        maps = ", ".join(_map(x, self.loops) for x in self.layouts)
        return (
            f"func.func @main(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{\n"
            f"  %r = linalg.{self.op} indexing_maps = [{maps}] ins(%a, %b : {ta}, {tb}) "
            f"outs(%c : {tc}) -> {tc}\n"
            f"  func.return %r : {tc}\n}}\n"
        )

    def reference(self, a: ArrayValue, b: ArrayValue, c: ArrayValue) -> Sequence[float]:
        lhs, rhs, out = self.layouts
        result = list(c.data)
        for point in itertools.product(*(range(EXTENT[x]) for x in self.loops)):
            at = dict(zip(self.loops, point, strict=True))
            result[_at(out, at)] += a.data[_at(lhs, at)] * b.data[_at(rhs, at)]
        if self.out_element == "i32":
            result = [(int(v) + 2**31) % 2**32 - 2**31 for v in result]
        return result


CONTRACTIONS = {
    "matmul_transpose_a": Contraction("matmul", "km,kn->mn", "mnk"),
    "matmul_transpose_b": Contraction("matmul", "mk,nk->mn", "mnk"),
    "matmul_transpose_both": Contraction("matmul", "km,nk->mn", "mnk"),
    "matmul_broadcast_a": Contraction("matmul", "k,kn->mn", "mnk"),
    "matmul_broadcast_b": Contraction("matmul", "mk,k->mn", "mnk"),
    "matmul_i8_into_i32": Contraction("matmul", "km,kn->mn", "mnk", "i8", "i32"),
    "batch_matmul_transpose_b": Contraction("batch_matmul", "bmk,bnk->bmn", "bmnk"),
    "batch_matmul_broadcast_a": Contraction("batch_matmul", "mk,bkn->bmn", "bmnk"),
    "contract_matmul": Contraction("contract", "mk,kn->mn", "mnk"),
    "contract_transposed_out": Contraction("contract", "mk,kn->nm", "mnk"),
    "contract_batch": Contraction("contract", "bmk,bkn->bmn", "bmnk"),
    "contract_dot": Contraction("contract", "k,k->", "k"),
    "contract_outer": Contraction("contract", "m,n->mn", "mn"),
    "contract_two_reductions": Contraction("contract", "mki,ik->m", "mki"),
    "contract_i8_into_i32": Contraction("contract", "mk,nk->mn", "mnk", "i8", "i32"),
}


@pytest.mark.parametrize("name", sorted(CONTRACTIONS))
def test_contraction_with_maps_computes_mlir_semantics(name: str) -> None:
    case = CONTRACTIONS[name]
    module = parse_module(case.text(), f"{name}.mlir")
    module.verify()
    printed = str(module)
    # MLIR's spelling: the maps between the op name and its operands.
    assert f"linalg.{case.op} indexing_maps = [" in printed
    assert str(parse_module(printed, "again.mlir")) == printed
    rng = random.Random(name)
    integer = case.element != "f32"
    lhs, rhs, out = case.layouts
    inputs = [
        _values(lhs, rng, integer),
        _values(rhs, rng, integer),
        _values(out, rng, case.out_element != "f32"),
    ]
    outcome = run(module, "main", inputs)
    assert outcome.error is None, outcome.error
    assert outcome.results is not None
    (result,) = outcome.results
    assert isinstance(result, ArrayValue)
    assert result.data == case.reference(*inputs)
    for pipeline in PIPELINES:
        report = check_pipeline(module, pipeline, inputs=inputs)
        assert report.ok, report


def test_default_matmul_maps_are_not_printed() -> None:
    # The maps MLIR's matmul has anyway are left out, as MLIR's printer does.
    case = Contraction("matmul", "mk,kn->mn", "mnk")
    printed = str(parse_module(case.text(), "plain.mlir"))
    assert "linalg.matmul ins(" in printed
    assert "indexing_maps" not in printed


def _round(a: float) -> float:
    return math.copysign(math.floor(abs(a) + 0.5), a)


UNARY: dict[str, Callable[[float], float]] = {
    "exp": math.exp,
    "log": math.log,
    "abs": abs,
    "ceil": lambda a: float(math.ceil(a)),
    "floor": lambda a: float(math.floor(a)),
    "negf": lambda a: -a,
    "reciprocal": lambda a: 1.0 / a,
    "round": _round,
    "sqrt": math.sqrt,
    "rsqrt": lambda a: 1.0 / math.sqrt(a),
    "square": lambda a: a * a,
    "tanh": math.tanh,
    "erf": math.erf,
}
BINARY: dict[str, Callable[[float, float], float]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b,
    "max_signed": max,
    "min_signed": min,
    "powf": lambda a, b: a**b,
}
UNSIGNED: dict[str, Callable[[int, int], int]] = {
    "div_unsigned": lambda a, b: (a % 2**32) // (b % 2**32),
    "max_unsigned": lambda a, b: max(a % 2**32, b % 2**32),
    "min_unsigned": lambda a, b: min(a % 2**32, b % 2**32),
}


def _elementwise(kind: str, ins: Sequence[tuple[str, str]], maps: str = "") -> str:
    """`@main` applying `linalg.elementwise` of `kind` to inputs (letters, element
    type) into a `ij` output of the last input's element type."""
    element = ins[-1][1]
    args = ", ".join(f"%x{i}: {_tensor(lay, e)}" for i, (lay, e) in enumerate(ins))
    names = ", ".join(f"%x{i}" for i in range(len(ins)))
    types = ", ".join(_tensor(lay, e) for lay, e in ins)
    out = _tensor("ij", element)
    return (
        f"func.func @main({args}, %o: {out}) -> {out} {{\n"
        f"  %r = linalg.elementwise kind=#linalg.elementwise_kind<{kind}>{maps} "
        f"ins({names} : {types}) outs(%o : {out}) -> {out}\n"
        f"  func.return %r : {out}\n}}\n"
    )


def _check_elementwise(
    text: str, inputs: list[ArrayValue], expected: Sequence[float]
) -> None:
    module = parse_module(text, "elementwise.mlir")
    module.verify()
    printed = str(module)
    assert "linalg.elementwise kind=#linalg.elementwise_kind<" in printed
    assert str(parse_module(printed, "again.mlir")) == printed
    outcome = run(module, "main", inputs)
    assert outcome.error is None, outcome.error
    assert outcome.results is not None
    (result,) = outcome.results
    assert isinstance(result, ArrayValue)
    assert result.data == pytest.approx(list(expected), rel=1e-6)
    for pipeline in PIPELINES:
        report = check_pipeline(module, pipeline, inputs=inputs)
        assert report.ok, report


POSITIVE = [0.5, 1.25, 2.5, 3.75, 0.25, 1.5]
MIXED = [-1.5, 2.0, 0.75, -3.25, 1.0, 2.5]


@pytest.mark.parametrize("kind", sorted(UNARY))
def test_elementwise_unary(kind: str) -> None:
    out = ArrayValue((2, 3), [0.0] * 6)
    _check_elementwise(
        _elementwise(kind, [("ij", "f32")]),
        [ArrayValue((2, 3), list(POSITIVE)), out],
        [UNARY[kind](v) for v in POSITIVE],
    )


@pytest.mark.parametrize("kind", sorted(BINARY))
def test_elementwise_binary(kind: str) -> None:
    out = ArrayValue((2, 3), [0.0] * 6)
    _check_elementwise(
        _elementwise(kind, [("ij", "f32"), ("ij", "f32")]),
        [ArrayValue((2, 3), list(POSITIVE)), ArrayValue((2, 3), list(MIXED)), out],
        [BINARY[kind](a, b) for a, b in zip(POSITIVE, MIXED, strict=True)],
    )


@pytest.mark.parametrize("kind", sorted(UNSIGNED))
def test_elementwise_unsigned(kind: str) -> None:
    a, b = [7, -1, 12, 3, -8, 5], [2, 3, -5, 1, 4, -2]
    expected = [UNSIGNED[kind](x, y) for x, y in zip(a, b, strict=True)]
    # Results in i32's canonical (signed) form.
    expected = [(v + 2**31) % 2**32 - 2**31 for v in expected]
    _check_elementwise(
        _elementwise(kind, [("ij", "i32"), ("ij", "i32")]),
        [ArrayValue((2, 3), a), ArrayValue((2, 3), b), ArrayValue((2, 3), [0] * 6)],
        expected,
    )


def test_elementwise_select() -> None:
    cond = [1, 0, 0, 1, 1, 0]
    _check_elementwise(
        _elementwise("select", [("ij", "i1"), ("ij", "f32"), ("ij", "f32")]),
        [
            ArrayValue((2, 3), cond),
            ArrayValue((2, 3), list(POSITIVE)),
            ArrayValue((2, 3), list(MIXED)),
            ArrayValue((2, 3), [0.0] * 6),
        ],
        [p if c else m for c, p, m in zip(cond, POSITIVE, MIXED, strict=True)],
    )


def test_elementwise_with_broadcast_and_transposed_inputs() -> None:
    # out[i, j] = a[j] + b[j, i]: a broadcast over i, b transposed.
    maps = (
        " indexing_maps = [affine_map<(d0, d1) -> (d1)>, "
        "affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>]"
    )
    a, b = [1.0, 2.0, 3.0], [10.0, 20.0, 30.0, 40.0, 50.0, 60.0]
    expected = [a[j] + b[j * 2 + i] for i in range(2) for j in range(3)]
    _check_elementwise(
        _elementwise("add", [("j", "f32"), ("ji", "f32")], maps),
        [ArrayValue((3,), a), ArrayValue((3, 2), b), ArrayValue((2, 3), [0.0] * 6)],
        expected,
    )


def test_elementwise_reads_mlir_generic_form() -> None:
    text = str(parse_module(_elementwise("exp", [("ij", "f32")]), "e.mlir"))
    module = parse_module(text, "e.mlir")

    stream = io.StringIO()
    Printer(stream=stream, print_generic_format=True).print_op(module)
    generic = stream.getvalue()
    assert "kind = #linalg.elementwise_kind<exp>" in generic
    assert str(parse_module(generic, "generic.mlir")) == text


BAD_SYNTAX = {
    "contract_without_maps": (
        "linalg.contract ins(%a, %a : tensor<4xf32>, tensor<4xf32>) "
        "outs(%c : tensor<f32>) -> tensor<f32>",
        "expected 'indexing_maps = [...]'",
    ),
    "unknown_kind": (
        "linalg.elementwise kind=#linalg.elementwise_kind<bogus> "
        "ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>",
        "Expected `exp`, `log`,",
    ),
    "float_kind_on_integers": (
        "linalg.elementwise kind=#linalg.elementwise_kind<exp> "
        "ins(%i : tensor<4xi32>) outs(%i : tensor<4xi32>) -> tensor<4xi32>",
        "linalg.exp takes floating-point elements",
    ),
    "maps_not_affine": (
        "linalg.matmul indexing_maps = [1, 2] ins(%a, %a : tensor<4xf32>, "
        "tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>",
        "expected an array of affine maps",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD_SYNTAX))
def test_bad_input_is_a_located_error(name: str, tmp_path: Path) -> None:
    op, message = BAD_SYNTAX[name]
    source = tmp_path / "bad.mlir"
    source.write_text(
        "func.func @f(%a: tensor<4xf32>, %c: tensor<f32>, %i: tensor<4xi32>) {\n"
        f"  %r = {op}\n  func.return\n}}\n"
    )
    done = subprocess.run(
        ["xdsl-opt", str(source)], capture_output=True, text=True, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0
    assert "Traceback" not in output
    assert f"{source}:2:" in output
    assert message in output


CAST_OPS = {
    "matmul": ("", "mk,kn->mn"),
    "matmul_transpose_a": ("", "km,kn->mn"),
    "matmul_transpose_b": ("", "mk,nk->mn"),
    "batch_matmul": ("", "bmk,bkn->bmn"),
    "contract": (
        " indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
        "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]",
        "mk,kn->mn",
    ),
}
"""The ops with MLIR's `cast` attribute: their maps clause (if any) and layouts."""


@pytest.mark.parametrize("name", sorted(CAST_OPS))
@pytest.mark.parametrize("type_fn", ["cast_signed", "cast_unsigned"])
def test_cast_attribute(name: str, type_fn: str) -> None:
    maps, spec = CAST_OPS[name]
    inputs_spec, out = spec.split("->")
    lhs, rhs = inputs_spec.split(",")
    ta, tb, tc = _tensor(lhs, "i8"), _tensor(rhs, "i8"), _tensor(out, "i32")
    text = (
        f"func.func @main(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{\n"
        f"  %r = linalg.{name}{maps} {{cast = #linalg.type_fn<{type_fn}>}} "
        f"ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) -> {tc}\n"
        f"  func.return %r : {tc}\n}}\n"
    )
    module = parse_module(text, f"{name}.mlir")
    module.verify()
    printed = str(module)
    assert f"{{cast = #linalg.type_fn<{type_fn}>}} ins(" in printed
    assert str(parse_module(printed, "again.mlir")) == printed
    rng = random.Random(name)
    a, b = (_values(x, rng, True) for x in (lhs, rhs))
    # Negative i8 values read as 256 + v when unsigned.
    a = ArrayValue(a.shape, [v * 30 for v in a.data])
    c = _values(out, rng, True)
    outcome = run(module, "main", [a, b, c])
    assert outcome.error is None, outcome.error
    assert outcome.results is not None
    widen: Callable[[float], float] = (
        (lambda v: v % 256) if type_fn == "cast_unsigned" else (lambda v: v)
    )
    loops = "".join(dict.fromkeys(out + lhs + rhs))
    case = Contraction("contract", spec, loops, "i8", "i32")
    expected = case.reference(
        ArrayValue(a.shape, [widen(v) for v in a.data]),
        ArrayValue(b.shape, [widen(v) for v in b.data]),
        c,
    )
    assert outcome.results[0].data == expected
    for pipeline in PIPELINES:
        report = check_pipeline(module, pipeline, inputs=[a, b, c])
        assert report.ok, report
