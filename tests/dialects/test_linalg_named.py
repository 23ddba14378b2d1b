"""MLIR's linalg named ops (`dialects/linalg_named.py`): each parses in MLIR's
spelling, prints back as upstream MLIR reads it, computes what MLIR defines (checked
against a reference computation written independently of the op table: from letter
layouts, `out[n, h, w, f] += x[n, h*stride + H*dilation, w*..., c] * k[H, W, c, f]`),
and computes the same after `comprehensive-bufferize` with no leak or double free."""

from __future__ import annotations

import itertools
import math
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.dialects.linalg import ops as xdsl_linalg

from xdsl_bufferize.dialects.linalg_named import NAMED_OP_CLASSES, NAMED_OPS
from xdsl_bufferize.execution import ArrayValue, check_pipeline, parse_module, run

SIZES = {"n": 2, "b": 2, "c": 3, "f": 2, "g": 2, "m": 2, "k": 3, "p": 2, "q": 2}
"""Extent of each non-spatial letter of the layouts below."""


@dataclass(frozen=True)
class Case:
    """One op: its layouts in letters (lower case spatial `d h w` of the input are
    windowed by the kernel's upper-case `D H W`), how it combines, whether it takes
    strides."""

    name: str
    kind: str  # "mac", "max", "min", "sum", or "einsum"
    layouts: tuple[str, ...]
    strided: bool = True
    quantized: bool = False
    """`ins(x, k, x_zp, k_zp)` on i8 into i32: `out += (x - x_zp) * (k - k_zp)`."""


def _conv(name: str, *layouts: str, strided: bool = True) -> Case:
    return Case(name, "mac", layouts, strided)


def _q(name: str, *layouts: str) -> Case:
    kind = "mac" if "conv" in name else "einsum"
    return Case(name, kind, layouts, quantized=True)


POOL_LAYOUTS = {
    "nhwc": ("nhwc", "HW", "nhwc"),
    "nchw": ("nchw", "HW", "nchw"),
    "nwc": ("nwc", "W", "nwc"),
    "ncw": ("ncw", "W", "ncw"),
    "ndhwc": ("ndhwc", "DHW", "ndhwc"),
}

CASES: tuple[Case, ...] = (
    Case("batch_matmul", "einsum", ("bmk", "bkn", "bmn")),
    Case("matvec", "einsum", ("mk", "k", "m")),
    Case("vecmat", "einsum", ("m", "mn", "n")),
    Case("batch_matvec", "einsum", ("bmk", "bk", "bm")),
    Case("batch_vecmat", "einsum", ("bk", "bkn", "bn")),
    Case("matmul_transpose_a", "einsum", ("km", "kn", "mn")),
    Case("matmul_transpose_b", "einsum", ("mk", "nk", "mn")),
    Case("batch_matmul_transpose_a", "einsum", ("bkm", "bkn", "bmn")),
    Case("batch_matmul_transpose_b", "einsum", ("bmk", "bnk", "bmn")),
    Case("mmt4d", "einsum", ("mkpq", "nkrq", "mnpr")),
    Case("batch_mmt4d", "einsum", ("bmkpq", "bnkrq", "bmnpr")),
    _conv("conv_1d", "w", "W", "w", strided=False),
    _conv("conv_2d", "hw", "HW", "hw", strided=False),
    _conv("conv_3d", "dhw", "DHW", "dhw", strided=False),
    _conv("conv_1d_nwc_wcf", "nwc", "Wcf", "nwf"),
    _conv("conv_1d_ncw_fcw", "ncw", "fcW", "nfw"),
    _conv("conv_2d_nhwc_hwcf", "nhwc", "HWcf", "nhwf"),
    _conv("conv_2d_nhwc_fhwc", "nhwc", "fHWc", "nhwf"),
    _conv("conv_2d_nchw_fchw", "nchw", "fcHW", "nfhw"),
    _conv("conv_2d_ngchw_fgchw", "ngchw", "fgcHW", "ngfhw"),
    _conv("conv_2d_ngchw_gfchw", "ngchw", "gfcHW", "ngfhw"),
    _conv("conv_2d_nhwgc_gfhwc", "nhwgc", "gfHWc", "nhwgf"),
    _conv("conv_3d_ndhwc_dhwcf", "ndhwc", "DHWcf", "ndhwf"),
    _conv("conv_3d_ncdhw_fcdhw", "ncdhw", "fcDHW", "nfdhw"),
    _conv("depthwise_conv_1d_nwc_wc", "nwc", "Wc", "nwc"),
    _conv("depthwise_conv_1d_ncw_cw", "ncw", "cW", "ncw"),
    _conv("depthwise_conv_1d_nwc_wcm", "nwc", "Wcm", "nwcm"),
    _conv("depthwise_conv_2d_nhwc_hwc", "nhwc", "HWc", "nhwc"),
    _conv("depthwise_conv_2d_nchw_chw", "nchw", "cHW", "nchw"),
    _conv("depthwise_conv_2d_nhwc_hwcm", "nhwc", "HWcm", "nhwcm"),
    _conv("depthwise_conv_3d_ndhwc_dhwc", "ndhwc", "DHWc", "ndhwc"),
    _conv("depthwise_conv_3d_ncdhw_cdhw", "ncdhw", "cDHW", "ncdhw"),
    _conv("depthwise_conv_3d_ndhwc_dhwcm", "ndhwc", "DHWcm", "ndhwcm"),
    *(
        Case(spec.name, spec.body, POOL_LAYOUTS[spec.name.split("_")[1]])
        for spec in NAMED_OPS
        if spec.name.startswith("pooling_")
    ),
    _q("quantized_matmul", "mk", "kn", "mn"),
    _q("quantized_batch_matmul", "bmk", "bkn", "bmn"),
    _q("conv_2d_nhwc_hwcf_q", "nhwc", "HWcf", "nhwf"),
    _q("conv_2d_nhwc_fhwc_q", "nhwc", "fHWc", "nhwf"),
    _q("conv_2d_nchw_fchw_q", "nchw", "fcHW", "nfhw"),
    _q("conv_2d_ngchw_gfchw_q", "ngchw", "gfcHW", "ngfhw"),
    _q("conv_2d_nhwgc_gfhwc_q", "nhwgc", "gfHWc", "nhwgf"),
    _q("conv_3d_ndhwc_dhwcf_q", "ndhwc", "DHWcf", "ndhwf"),
    _q("depthwise_conv_2d_nhwc_hwc_q", "nhwc", "HWc", "nhwc"),
    _q("depthwise_conv_2d_nhwc_hwcm_q", "nhwc", "HWcm", "nhwcm"),
)

ZERO_POINTS = (3, -2)
"""The input's and the kernel's zero point of the quantized cases."""

STRIDE, DILATION, OUT, KERNEL = 2, 2, 3, 2

PIPELINES = (
    "comprehensive-bufferize",
    "one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation",
)
"""Both bufferizations each op is checked through (results equal, nothing leaked)."""


def _steps(case: Case) -> tuple[int, int]:
    return (STRIDE, DILATION) if case.strided and case.kind != "einsum" else (1, 1)


def _spatial(case: Case) -> list[str]:
    if case.kind == "einsum":
        return []
    return [c for c in case.layouts[0] if c.upper() in case.layouts[1]]


def _extents(case: Case) -> dict[str, int]:
    """The range of every letter: spatial lower case ones over output positions."""
    spatial = _spatial(case)
    out = 2 if "d" in spatial else OUT
    extents = {c: SIZES.get(c, 3) for layout in case.layouts for c in layout}
    extents.update({c: out for c in spatial})
    extents.update({c.upper(): KERNEL for c in spatial})
    return extents


def _shapes(case: Case) -> list[tuple[int, ...]]:
    stride, dilation = _steps(case)
    extents = _extents(case)
    spatial = _spatial(case)
    source = tuple(
        (extents[c] - 1) * stride + (KERNEL - 1) * dilation + 1
        if c in spatial
        else extents[c]
        for c in case.layouts[0]
    )
    return [source, *(tuple(extents[c] for c in lay) for lay in case.layouts[1:])]


class Tensor:
    """A row-major array of floats read and written by index."""

    def __init__(self, shape: Sequence[int], data: Sequence[float]) -> None:
        self.shape = tuple(shape)
        self.data = list(data)

    def offset(self, index: Sequence[int]) -> int:
        offset = 0
        for i, size in zip(index, self.shape, strict=True):
            assert 0 <= i < size
            offset = offset * size + i
        return offset

    def value(self) -> ArrayValue:
        return ArrayValue(self.shape, list(self.data))


def reference(case: Case, x: Tensor, k: Tensor, init: Tensor) -> Tensor:
    """What MLIR defines the op to compute, from `init`: one step per point of all
    letters (output positions and window offsets)."""
    x_zp, k_zp = ZERO_POINTS if case.quantized else (0, 0)
    stride, dilation = _steps(case)
    source, kernel, result = case.layouts
    spatial = _spatial(case)
    extents = _extents(case)
    letters = sorted(extents)
    out = Tensor(init.shape, init.data)
    for point in itertools.product(*(range(extents[c]) for c in letters)):
        at = dict(zip(letters, point, strict=True))
        x_index = [
            at[c] * stride + at[c.upper()] * dilation if c in spatial else at[c]
            for c in source
        ]
        value = x.data[x.offset(x_index)]
        o = out.offset([at[c] for c in result])
        if case.kind in ("einsum", "mac"):
            weight = k.data[k.offset([at[c] for c in kernel])]
            out.data[o] += (value - x_zp) * (weight - k_zp)
        elif case.kind == "sum":
            out.data[o] += value
        elif case.kind == "max":
            out.data[o] = max(out.data[o], value)
        else:
            out.data[o] = min(out.data[o], value)
    return out


def _type(shape: Sequence[int], element: str) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>" if shape else element


def program(case: Case, shapes: Sequence[Sequence[int]], element: str = "f32") -> str:
    """`@main(%x, %k, %init)` applying the op, in MLIR's spelling (quantized:
    `@main(%x, %k, %xzp, %kzp, %init)` on i8 into i32)."""
    elements = ("i8", "i8", "i32") if case.quantized else (element,) * 3
    types = [_type(shape, e) for shape, e in zip(shapes, elements, strict=True)]
    zps, zp_types, zp_args = "", "", ""
    if case.quantized:
        zps, zp_types, zp_args = ", %xzp, %kzp", ", i32, i32", ", %xzp: i32, %kzp: i32"
    attrs = ""
    if case.strided and case.kind != "einsum":
        rank = len(_spatial(case))
        attrs = (
            f" {{dilations = dense<{DILATION}> : tensor<{rank}xi64>, "
            f"strides = dense<{STRIDE}> : tensor<{rank}xi64>}}"
        )
    return f"""
func.func @main(%x: {types[0]}, %k: {types[1]}{zp_args}, %init: {types[2]}) -> {types[2]} {{
  %r = linalg.{case.name}{attrs} ins(%x, %k{zps} : {types[0]}, {types[1]}{zp_types}) outs(%init : {types[2]}) -> {types[2]}
  func.return %r : {types[2]}
}}
"""


def _inputs(
    shapes: Sequence[Sequence[int]], seed: int, integers: bool = False
) -> list[Tensor]:
    rng = random.Random(seed)
    # Small integers: every sum is exact, whatever order the loops add in.
    number = int if integers else float
    return [
        Tensor(s, [number(rng.randint(-4, 4)) for _ in range(math.prod(s))])
        for s in shapes
    ]


def _arguments(case: Case, arrays: Sequence[Tensor]) -> list[ArrayValue | int]:
    """The arguments of `@main`: the zero points between the inputs and the init."""
    x, k, init = (a.value() for a in arrays)
    return [x, k, *ZERO_POINTS, init] if case.quantized else [x, k, init]


def test_every_named_op_has_a_case() -> None:
    tested = {f"linalg.{case.name}" for case in CASES}
    structured = {f"linalg.{spec.name}" for spec in NAMED_OPS}
    assert tested == structured


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_named_op_computes_mlir_semantics(case: Case) -> None:
    shapes = _shapes(case)
    arrays = _inputs(shapes, seed=len(case.name), integers=case.quantized)
    module = parse_module(program(case, shapes), f"{case.name}.mlir")
    # Printed as MLIR spells it, and read back the same.
    printed = str(module)
    assert f"linalg.{case.name} " in printed
    assert str(parse_module(printed, "again.mlir")) == printed
    outcome = run(module, "main", _arguments(case, arrays))
    assert outcome.error is None, outcome.error
    assert outcome.results is not None
    (result,) = outcome.results
    assert isinstance(result, ArrayValue)
    expected = reference(case, *arrays)
    assert result.shape == expected.shape
    assert result.data == expected.data
    for pipeline in PIPELINES:
        report = check_pipeline(module, pipeline, inputs=_arguments(case, arrays))
        assert report.ok, report


NEWER_THAN_THE_WHEEL = frozenset(
    {"conv_2d_nhwgc_gfhwc", "conv_2d_nchw_fchw_q", "conv_2d_nhwgc_gfhwc_q"}
)
"""Ops (xDSL 0.75 defines them) that the finch-mlir wheel's MLIR does not know."""


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_upstream_mlir_reads_our_print(case: Case) -> None:
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    if case.name in NEWER_THAN_THE_WHEEL:
        pytest.skip("an op of later MLIR than the finch-mlir wheel")
    module = parse_module(program(case, _shapes(case)), f"{case.name}.mlir")
    with mlir_ir.Context():
        upstream = mlir_ir.Module.parse(str(module))
        assert upstream.operation.verify()
        # ... and means the same op: upstream prints it back the same way.
        assert f"linalg.{case.name} " in str(upstream)


def test_pooling_nchw_max_is_ours_not_xdsls() -> None:
    # xDSL 0.75's body takes the max of the input and the window operand (never the
    # output): with a window operand of large values it returns those.
    case = next(c for c in CASES if c.name == "pooling_nchw_max")
    shapes = _shapes(case)
    x, _, init = _inputs(shapes, seed=3)
    k = Tensor(shapes[1], [100.0] * math.prod(shapes[1]))
    module = parse_module(program(case, shapes), "pool.mlir")
    (op,) = [o for o in module.walk() if o.name == "linalg.pooling_nchw_max"]
    assert type(op) is NAMED_OP_CLASSES["linalg.pooling_nchw_max"]
    assert not isinstance(op, xdsl_linalg.PoolingNchwMaxOp)
    outcome = run(module, "main", [x.value(), k.value(), init.value()])
    assert outcome.results is not None
    (result,) = outcome.results
    assert result.data == reference(case, x, k, init).data
    assert 100.0 not in result.data


def test_strides_and_dilations_are_optional() -> None:
    # MLIR's default is 1: absent attributes are not printed and mean unit steps.
    src = """
    func.func @main(%x: tensor<1x4x4x1xf32>, %k: tensor<2x2xf32>, %o: tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32> {
      %r = linalg.pooling_nhwc_sum ins(%x, %k : tensor<1x4x4x1xf32>, tensor<2x2xf32>) outs(%o : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
      func.return %r : tensor<1x3x3x1xf32>
    }
    """
    module = parse_module(src, "sum.mlir")
    assert "strides" not in str(module)
    x = ArrayValue((1, 4, 4, 1), [float(i) for i in range(16)])
    outcome = run(
        module,
        "main",
        [x, ArrayValue((2, 2), [0.0] * 4), ArrayValue((1, 3, 3, 1), [0.0] * 9)],
    )
    assert outcome.results is not None
    (result,) = outcome.results
    expected = [
        float(sum(4 * (h + dh) + w + dw for dh in (0, 1) for dw in (0, 1)))
        for h in range(3)
        for w in range(3)
    ]
    assert result.data == expected


def test_integer_inputs_are_cast_to_the_output_type() -> None:
    # i8 operands widened (sign-extended) to the i32 accumulator, as MLIR's
    # cast_signed: -100 * -100 summed overflows i8 but not i32.
    src = """
    func.func @main(%a: tensor<2x2x3xi8>, %b: tensor<2x3x2xi8>, %c: tensor<2x2x2xi32>) -> tensor<2x2x2xi32> {
      %r = linalg.batch_matmul ins(%a, %b : tensor<2x2x3xi8>, tensor<2x3x2xi8>) outs(%c : tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
      func.return %r : tensor<2x2x2xi32>
    }
    """
    module = parse_module(src, "mixed.mlir")
    (op,) = [o for o in module.walk() if o.name == "linalg.batch_matmul"]
    body = [o.name for o in op.regions[0].block.ops]
    assert body == [
        "arith.extsi",
        "arith.extsi",
        "arith.muli",
        "arith.addi",
        "linalg.yield",
    ]
    a = ArrayValue((2, 2, 3), [-100] * 12)
    b = ArrayValue((2, 3, 2), [-100] * 12)
    c = ArrayValue((2, 2, 2), [0] * 8)
    outcome = run(module, "main", [a, b, c])
    assert outcome.results is not None
    (result,) = outcome.results
    assert result.data == [30000] * 8
    report = check_pipeline(
        module,
        "comprehensive-bufferize",
        inputs=[a, b, c],
    )
    assert report.ok, report


def test_matmul_casts_its_inputs_like_mlir() -> None:
    # xDSL's linalg.matmul multiplies i8 by i8 and adds to i32 (its body does not
    # verify); ours sign-extends first, as MLIR's.
    src = """
    func.func @main(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
      %r = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
      func.return %r : tensor<2x2xi32>
    }
    """
    module = parse_module(src, "matmul.mlir")
    module.verify()
    a = ArrayValue((2, 3), [-100] * 6)
    b = ArrayValue((3, 2), [-100] * 6)
    c = ArrayValue((2, 2), [1] * 4)
    outcome = run(module, "main", [a, b, c])
    assert outcome.results is not None
    assert outcome.results[0].data == [30001] * 4
    assert check_pipeline(module, "comprehensive-bufferize", inputs=[a, b, c]).ok


def test_unsigned_pooling_compares_unsigned() -> None:
    # -1 is the largest i32 when read unsigned: max_unsigned picks it, max does not.
    results: dict[str, list[int]] = {}
    for name in ("pooling_nwc_max", "pooling_nwc_max_unsigned"):
        src = f"""
        func.func @main(%x: tensor<1x3x1xi32>, %k: tensor<2xi32>, %o: tensor<1x2x1xi32>) -> tensor<1x2x1xi32> {{
          %r = linalg.{name} ins(%x, %k : tensor<1x3x1xi32>, tensor<2xi32>) outs(%o : tensor<1x2x1xi32>) -> tensor<1x2x1xi32>
          func.return %r : tensor<1x2x1xi32>
        }}
        """
        x = ArrayValue((1, 3, 1), [-1, 5, 2])
        o = ArrayValue((1, 2, 1), [0, 0])
        outcome = run(
            parse_module(src, f"{name}.mlir"),
            "main",
            [x, ArrayValue((2,), [0, 0]), o],
        )
        assert outcome.results is not None
        results[name] = list(outcome.results[0].data)
    assert results["pooling_nwc_max"] == [5, 5]
    assert results["pooling_nwc_max_unsigned"][0] in (-1, 2**32 - 1)
    assert results["pooling_nwc_max_unsigned"][1] == 5


def _round(a: float, _: float) -> float:
    return math.copysign(math.floor(abs(a) + 0.5), a)  # half away from zero


ELEMENTWISE: dict[str, tuple[int, Callable[[float, float], float]]] = {
    "abs": (1, lambda a, _: abs(a)),
    "ceil": (1, lambda a, _: float(math.ceil(a))),
    "floor": (1, lambda a, _: float(math.floor(a))),
    "negf": (1, lambda a, _: -a),
    "reciprocal": (1, lambda a, _: 1.0 / a),
    "round": (1, _round),
    "rsqrt": (1, lambda a, _: 1.0 / math.sqrt(a)),
    "square": (1, lambda a, _: a * a),
    "tanh": (1, lambda a, _: math.tanh(a)),
    "erf": (1, lambda a, _: math.erf(a)),
    "div": (2, lambda a, b: a / b),
    "powf": (2, lambda a, b: a**b),
}
"""Each elementwise op tested: arity and what it computes (on `x, x`)."""


@pytest.mark.parametrize("name", sorted(ELEMENTWISE))
def test_elementwise_named_op(name: str) -> None:
    arity, function = ELEMENTWISE[name]
    values = [0.5, 1.25, 2.5, 3.75]
    ins = ", ".join(f"%a{i}" for i in range(arity))
    types = ", ".join(["tensor<4xf32>"] * arity)
    args = ", ".join(f"%a{i}: tensor<4xf32>" for i in range(arity))
    src = f"""
    func.func @main({args}, %o: tensor<4xf32>) -> tensor<4xf32> {{
      %r = linalg.{name} ins({ins} : {types}) outs(%o : tensor<4xf32>) -> tensor<4xf32>
      func.return %r : tensor<4xf32>
    }}
    """
    module = parse_module(src, f"{name}.mlir")
    inputs = [ArrayValue((4,), list(values)) for _ in range(arity)]
    inputs.append(ArrayValue((4,), [0.0] * 4))
    outcome = run(module, "main", inputs)
    assert outcome.error is None, outcome.error
    assert outcome.results is not None
    (result,) = outcome.results
    expected = [function(v, v) for v in values]
    assert result.data == pytest.approx(expected, rel=1e-6)
    report = check_pipeline(module, "comprehensive-bufferize", inputs=inputs)
    assert report.ok, report
    mlir_ir = pytest.importorskip("mlir_finch.ir")
    with mlir_ir.Context():
        assert mlir_ir.Module.parse(str(module)).operation.verify()


def test_wrong_operand_count_is_a_located_diagnostic() -> None:
    src = """
    func.func @main(%a: tensor<2x3x4xf32>, %c: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
      %r = linalg.batch_matmul ins(%a : tensor<2x3x4xf32>) outs(%c : tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
      func.return %r : tensor<2x3x5xf32>
    }
    """
    with pytest.raises(Exception, match="expected 2 input"):
        parse_module(src, "bad.mlir").verify()


ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = sorted((Path(__file__).parent / "programs").glob("*.mlir"))
"""Programs on constants that the finch-mlir wheel's MLIR runs too."""


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.name)
def test_upstream_mlir_computes_what_we_compute(path: Path) -> None:
    # Our bufferization, upstream MLIR's lowering and JIT, against our executor on
    # the tensor program (examples/run_with_mlir.py).
    pytest.importorskip("mlir_finch.execution_engine")
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "run_with_mlir.py"), str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "results match"
