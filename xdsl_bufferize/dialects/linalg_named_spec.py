"""One row of the linalg named-op table (`linalg_named.py`): an op as MLIR's
`LinalgNamedStructuredOps.yaml` defines it, in a few strings, and the helpers that
spell the rows of each family (`linalg_named_contractions.py`,
`linalg_named_convolutions.py`, `linalg_named_pooling.py`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NamedOpSpec:
    """One named op as MLIR defines it."""

    name: str
    """The op name without `linalg.`."""
    loops: str
    """The loop names, in MLIR's order, space separated."""
    reductions: str
    """The reduction loops among them."""
    operands: tuple[str, ...]
    """Per operand (ins then outs), its index expressions, comma separated: a loop
    name, or `a+b` (a window dimension: `a * stride + b * dilation` when the op has
    strides, `a + b` otherwise); empty for a scalar operand."""
    body: str
    """`mac` (out + a * b), `qmac` (out + (a - a_zp) * (b - b_zp), the zero points
    two scalar inputs after `a` and `b`), `max`, `min`, `sum` (pooling, into the
    output)."""
    window: int = 0
    """How many spatial dimensions `strides` / `dilations` have (0: no attributes)."""
    unsigned: bool = False
    """Whether casts and max/min treat integers as unsigned."""


def mac(name: str, loops: str, red: str, *operands: str) -> NamedOpSpec:
    """A contraction `out += cast(a) * cast(b)`."""
    return NamedOpSpec(name, loops, red, operands, "mac")


def qmac(name: str, loops: str, red: str, a: str, b: str, out: str) -> NamedOpSpec:
    """A quantized contraction: `ins(a, b, a_zp, b_zp) outs(out)`,
    `out += (cast(a) - cast(a_zp)) * (cast(b) - cast(b_zp))`."""
    return NamedOpSpec(name, loops, red, (a, b, "", "", out), "qmac")


def conv(name: str, loops: str, red: str, window: int, *operands: str) -> NamedOpSpec:
    """A convolution with `strides` and `dilations` over `window` dimensions."""
    return NamedOpSpec(name, loops, red, operands, "mac", window)


def qconv(
    name: str, loops: str, red: str, window: int, a: str, b: str, out: str
) -> NamedOpSpec:
    """A quantized convolution: `ins(input, kernel, input_zp, kernel_zp)`."""
    return NamedOpSpec(name, loops, red, (a, b, "", "", out), "qmac", window)


def pool(
    name: str, body: str, loops: str, red: str, window: int, *operands: str
) -> NamedOpSpec:
    """A pooling op (`max`, `min`, `sum`), unsigned when its name says so."""
    return NamedOpSpec(
        name, loops, red, operands, body, window, name.endswith("_unsigned")
    )
