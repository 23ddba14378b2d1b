"""`vector.contract` (`dialects/vector_contract.py`): read in MLIR's custom and generic
forms, printed as upstream MLIR reads it, computed by the reference executor as MLIR
defines it (checked against a loop-by-loop reference written here), and the same after
both bufferizations of the tensors it reads and writes through transfers."""

from __future__ import annotations

import itertools
import math
import random
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from xdsl_bufferize.dialects.vector_contract import ContractionOp
from xdsl_bufferize.execution import ArrayValue, check_pipeline, parse_module, run

PIPELINES = (
    "comprehensive-bufferize",
    "one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation",
)


@dataclass(frozen=True)
class Case:
    """A contraction in letters: `lhs,rhs->acc` over the loops `loops` (the
    reduction ones are those not in `acc`), with a kind and element types."""

    name: str
    spec: str
    kind: str = "add"
    element: str = "f32"
    acc_element: str = "f32"


CASES = (
    Case("matmul", "mk,kn->mn"),
    Case("matmul_transposed_acc", "mk,nk->nm"),
    Case("matvec", "mk,k->m"),
    Case("dot_into_scalar", "k,k->"),
    Case("batch", "bmk,bkn->bmn"),
    Case("outer_product", "m,n->mn"),
    Case("mmt4d_tile", "mk,nk->mn", element="i32", acc_element="i32"),
    Case("widening", "mk,kn->mn", element="i8", acc_element="i32"),
    Case("mul_kind", "mk,kn->mn", kind="mul"),
    Case("maxsi_kind", "mk,kn->mn", kind="maxsi", element="i32", acc_element="i32"),
    Case("minimumf_kind", "mk,k->m", kind="minimumf"),
)

EXTENT = {"m": 2, "n": 3, "k": 4, "b": 2}


def _parts(case: Case) -> tuple[str, str, str, str]:
    inputs, acc = case.spec.split("->")
    lhs, rhs = inputs.split(",")
    loops = "".join(dict.fromkeys(acc + lhs + rhs))
    # MLIR's usual order: parallel loops first, then the reductions.
    loops = "".join(c for c in loops if c in acc) + "".join(
        c for c in loops if c not in acc
    )
    return lhs, rhs, acc, loops


def _map(letters: str, loops: str) -> str:
    dims = ", ".join(f"d{i}" for i in range(len(loops)))
    results = ", ".join(f"d{loops.index(c)}" for c in letters)
    return f"affine_map<({dims}) -> ({results})>"


def _vector(letters: str, element: str) -> str:
    if not letters:
        return element
    return f"vector<{'x'.join(str(EXTENT[c]) for c in letters)}x{element}>"


def _tensor(letters: str, element: str) -> str:
    shape = "x".join(str(EXTENT[c]) for c in letters)
    return f"tensor<{shape}x{element}>" if letters else f"tensor<{element}>"


def contraction_text(case: Case, lhs: str, rhs: str, acc: str) -> str:
    """The `vector.contract` of `case` on the SSA values named, in MLIR's form."""
    lhs_l, rhs_l, acc_l, loops = _parts(case)
    maps = ", ".join(_map(x, loops) for x in (lhs_l, rhs_l, acc_l))
    iterators = ", ".join('"parallel"' if c in acc_l else '"reduction"' for c in loops)
    return (
        f"vector.contract {{indexing_maps = [{maps}], iterator_types = "
        f"[{iterators}], kind = #vector.kind<{case.kind}>}} {lhs}, {rhs}, {acc} : "
        f"{_vector(lhs_l, case.element)}, {_vector(rhs_l, case.element)} into "
        f"{_vector(acc_l, case.acc_element)}"
    )


def program(case: Case) -> str:
    """`@main(%a, %b, %c)` on tensors: read the three into vectors, contract, write
    the result into `%c` (a 0-d `%c` through `tensor.extract` / `insert`)."""
    lhs, rhs, acc, _ = _parts(case)
    ta, tb, tc = (
        _tensor(lhs, case.element),
        _tensor(rhs, case.element),
        _tensor(acc, case.acc_element),
    )
    zero = {"f32": "0.0 : f32", "i8": "0 : i8", "i32": "0 : i32"}

    def read(name: str, letters: str, element: str, t: str) -> str:
        idx = ", ".join(["%c0"] * len(letters))
        if not letters:
            return f"  %v{name} = tensor.extract %{name}[] : {t}"
        return (
            f"  %v{name} = vector.transfer_read %{name}[{idx}], %pad_{element} : "
            f"{t}, {_vector(letters, element)}"
        )

    if acc:
        idx = ", ".join(["%c0"] * len(acc))
        write = f"  %w = vector.transfer_write %r, %c[{idx}] : {_vector(acc, case.acc_element)}, {tc}"
    else:
        write = f"  %w = tensor.insert %r into %c[] : {tc}"
    return "\n".join(
        [
            f"func.func @main(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{",
            "  %c0 = arith.constant 0 : index",
            *(
                f"  %pad_{e} = arith.constant {zero[e]}"
                for e in dict.fromkeys((case.element, case.acc_element))
            ),
            read("a", lhs, case.element, ta),
            read("b", rhs, case.element, tb),
            read("c", acc, case.acc_element, tc),
            f"  %r = {contraction_text(case, '%va', '%vb', '%vc')}",
            write,
            f"  func.return %w : {tc}",
            "}",
        ]
    )


def _combine(kind: str) -> Callable[[float, float], float]:
    return {
        "add": lambda x, y: x + y,
        "mul": lambda x, y: x * y,
        "maxsi": max,
        "minimumf": min,
    }[kind]


def _wrap(value: float, element: str) -> float:
    if element == "f32":
        return value
    width = int(element[1:])
    value = int(value) & ((1 << width) - 1)
    return value - (1 << width) if value >= 1 << (width - 1) else value


def reference(case: Case, a: Sequence[float], b: Sequence[float], c: Sequence[float]):
    """MLIR's definition, loop by loop: for each parallel point, combine the products
    of all reduction points with `kind`, then with the accumulator."""
    lhs, rhs, acc, loops = _parts(case)
    combine = _combine(case.kind)
    parallel = [x for x in loops if x in acc]
    reduction = [x for x in loops if x not in acc]

    def at(letters: str, point: dict[str, int]) -> int:
        offset = 0
        for x in letters:
            offset = offset * EXTENT[x] + point[x]
        return offset

    out = list(c)
    for p in itertools.product(*(range(EXTENT[x]) for x in parallel)):
        point = dict(zip(parallel, p, strict=True))
        total: float | None = None
        for r in itertools.product(*(range(EXTENT[x]) for x in reduction)):
            point.update(zip(reduction, r, strict=True))
            product = _wrap(a[at(lhs, point)] * b[at(rhs, point)], case.acc_element)
            total = product if total is None else combine(total, product)
        assert total is not None
        o = at(acc, point)
        out[o] = _wrap(combine(out[o], total), case.acc_element)
    return out


def _values(letters: str, rng: random.Random, element: str) -> ArrayValue:
    shape = tuple(EXTENT[c] for c in letters)
    number = float if element == "f32" else int
    data = [number(rng.randint(-4, 4)) for _ in range(math.prod(shape))]
    return ArrayValue(shape, data)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_contract_computes_mlir_semantics(case: Case) -> None:
    module = parse_module(program(case), f"{case.name}.mlir")
    module.verify()
    printed = str(module)
    assert str(parse_module(printed, "again.mlir")) == printed
    lhs, rhs, acc, _ = _parts(case)
    rng = random.Random(case.name)
    inputs = [
        _values(lhs, rng, case.element),
        _values(rhs, rng, case.element),
        _values(acc, rng, case.acc_element),
    ]
    outcome = run(module, "main", inputs)
    assert outcome.error is None, outcome.error
    assert outcome.results is not None
    (result,) = outcome.results
    assert isinstance(result, ArrayValue)
    assert result.data == reference(case, *(v.data for v in inputs))
    for pipeline in PIPELINES:
        report = check_pipeline(module, pipeline, inputs=inputs)
        assert report.ok, report


MLIR_CUSTOM = """
func.func @f(%a: vector<2x4xi8>, %b: vector<3x4xi8>, %c: vector<2x3xi32>) -> vector<2x3xi32> {
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x4xi8>, vector<3x4xi8> into vector<2x3xi32>
  func.return %r : vector<2x3xi32>
}
"""

MLIR_GENERIC = """
func.func @f(%a: vector<4xf32>, %b: vector<4xf32>, %c: f32) -> f32 {
  %r = "vector.contract"(%a, %b, %c) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = [#vector.iterator_type<reduction>], kind = #vector.kind<maxnumf>}> : (vector<4xf32>, vector<4xf32>, f32) -> f32
  func.return %r : f32
}
"""


@pytest.mark.parametrize("text", [MLIR_CUSTOM, MLIR_GENERIC], ids=["custom", "generic"])
def test_reads_mlir_forms_and_prints_the_custom_form(text: str) -> None:
    module = parse_module(text, "contract.mlir")
    module.verify()
    (op,) = [o for o in module.walk() if isinstance(o, ContractionOp)]
    printed = str(module)
    assert "vector.contract {indexing_maps = [" in printed
    assert 'iterator_types = ["' in printed
    assert f"kind = #vector.kind<{op.kind.data}>}}" in printed
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    with mlir_ir.Context():
        upstream = mlir_ir.Module.parse(printed)
        assert upstream.operation.verify()
        assert str(upstream).count("vector.contract {") == 1


def test_generic_form_is_mlirs() -> None:
    # MLIR's generic form keeps the iterator types as #vector.iterator_type<..>.
    module = parse_module(MLIR_CUSTOM, "contract.mlir")
    (op,) = [o for o in module.walk() if isinstance(o, ContractionOp)]
    generic = str(op.properties["iterator_types"])
    assert generic == (
        "[#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, "
        "#vector.iterator_type<reduction>]"
    )


def test_unknown_iterator_type_is_a_located_parse_error(tmp_path: Path) -> None:
    source = tmp_path / "bad.mlir"
    source.write_text(
        MLIR_GENERIC.replace(
            '"vector.contract"(%a, %b, %c) <{',
            "vector.contract {",
        )
        .replace("[#vector.iterator_type<reduction>]", '["window"]')
        .replace(
            "}> : (vector<4xf32>, vector<4xf32>, f32) -> f32",
            "} %a, %b, %c : vector<4xf32>, vector<4xf32> into f32",
        )
    )
    done = subprocess.run(
        ["xdsl-opt", str(source)], capture_output=True, text=True, check=False
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    assert f"{source}:3:" in done.stderr + done.stdout
    assert "expected 'parallel' or 'reduction', got \"window\"" in (
        done.stderr + done.stdout
    )
