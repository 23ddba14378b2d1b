"""MLIR's `indexing_maps = [...]` clause of the linalg ops whose maps are attributes.

`linalg.matmul` and `linalg.batch_matmul` (optional: transposed or broadcast operands),
`linalg.contract` (required) and `linalg.elementwise` (optional) write their maps
between the op name and the operands, `linalg.matmul indexing_maps = [affine_map<..>,
...] ins(...) outs(...)`, not in the attribute dictionary. This module reads and
prints that clause and checks the maps a user gave a matmul-like op against MLIR's
rules (`verify_matmul_maps`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr
from xdsl.ir import Attribute
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


def parse_optional_indexing_maps(parser: Parser) -> ArrayAttr[AffineMapAttr] | None:
    """`indexing_maps = [affine_map<...>, ...]`, if the next keyword is
    `indexing_maps`."""
    if parser.parse_optional_keyword("indexing_maps") is None:
        return None
    parser.parse_punctuation("=")
    pos = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, ArrayAttr) or not all(
        isinstance(a, AffineMapAttr) for a in attr.data
    ):
        parser.raise_error("expected an array of affine maps", pos)
    items: Sequence[Attribute] = attr.data
    return ArrayAttr(a for a in items if isinstance(a, AffineMapAttr))


def print_indexing_maps(printer: Printer, maps: ArrayAttr[AffineMapAttr]) -> None:
    """What `parse_optional_indexing_maps` reads, after a space."""
    printer.print_string(" indexing_maps = ")
    printer.print_attribute(maps)


def _dims(amap: AffineMap) -> list[int] | None:
    """The dims of each result, or None when a result is not a plain dim."""
    dims = [e.position for e in amap.results if isinstance(e, AffineDimExpr)]
    return dims if len(dims) == len(amap.results) else None


def verify_matmul_maps(
    maps: Sequence[AffineMap], default: Sequence[AffineMap], reductions: set[int]
) -> None:
    """MLIR's rules for the maps a user gives a matmul-like op (`default` its own
    maps, `reductions` its reduction dims): as many maps, over as many dims; each
    input indexes only dims its default map indexes, each once, and keeps every
    reduction dim among them (an input may be transposed, or broadcast along the
    dims it drops); the output indexes exactly its default dims."""
    if len(maps) != len(default):
        raise VerifyException(f"expected {len(default)} indexing maps, got {len(maps)}")
    loops = default[0].num_dims
    for index, amap in enumerate(maps):
        if amap.num_dims != loops or amap.num_symbols:
            raise VerifyException(
                f"expected indexing_map #{index} to have {loops} dim(s) and no symbols"
            )
    *inputs, output = maps
    for amap, own in zip(inputs, default[:-1], strict=True):
        dims = _dims(amap)
        allowed = set(_dims(own) or ())
        if dims is None or not set(dims) <= allowed or len(set(dims)) != len(dims):
            raise VerifyException("Unexpected dim expression in map result.")
        needed = sorted(allowed & reductions)
        if not set(needed) <= set(dims):
            spelled = ", ".join(f"d{d}" for d in needed)
            raise VerifyException(f"Invalid broadcast requested, should be ({spelled})")
    dims = _dims(output)
    own = _dims(default[-1]) or []
    if dims is None or sorted(dims) != sorted(own):
        spelled = ", ".join(f"d{d}" for d in own)
        raise VerifyException(f"expected the output map to index ({spelled})")
