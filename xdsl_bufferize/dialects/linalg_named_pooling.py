"""The pooling ops of MLIR's linalg named ops (rows of `linalg_named.NAMED_OPS`):
`out = max(out, cast(input))` (min, sum) over the window; the second input only gives
the window's shape and is never read."""

from __future__ import annotations

from xdsl_bufferize.dialects.linalg_named_spec import NamedOpSpec, pool

_NHWC_POOL = ("n oh ow c kh kw", "kh kw", 2, "n,oh+kh,ow+kw,c", "kh,kw", "n,oh,ow,c")
_NCHW_POOL = ("n c oh ow kh kw", "kh kw", 2, "n,c,oh+kh,ow+kw", "kh,kw", "n,c,oh,ow")
_NWC_POOL = ("n ow c kw", "kw", 1, "n,ow+kw,c", "kw", "n,ow,c")
_NCW_POOL = ("n c ow kw", "kw", 1, "n,c,ow+kw", "kw", "n,c,ow")
_NDHWC_POOL = (
    "n od oh ow c kd kh kw",
    "kd kh kw",
    3,
    "n,od+kd,oh+kh,ow+kw,c",
    "kd,kh,kw",
    "n,od,oh,ow,c",
)


POOLING: tuple[NamedOpSpec, ...] = (
    pool("pooling_nhwc_max", "max", *_NHWC_POOL),
    pool("pooling_nhwc_max_unsigned", "max", *_NHWC_POOL),
    pool("pooling_nhwc_min", "min", *_NHWC_POOL),
    pool("pooling_nhwc_min_unsigned", "min", *_NHWC_POOL),
    pool("pooling_nhwc_sum", "sum", *_NHWC_POOL),
    pool("pooling_nchw_max", "max", *_NCHW_POOL),
    pool("pooling_nchw_sum", "sum", *_NCHW_POOL),
    pool("pooling_nwc_max", "max", *_NWC_POOL),
    pool("pooling_nwc_max_unsigned", "max", *_NWC_POOL),
    pool("pooling_nwc_min", "min", *_NWC_POOL),
    pool("pooling_nwc_min_unsigned", "min", *_NWC_POOL),
    pool("pooling_nwc_sum", "sum", *_NWC_POOL),
    pool("pooling_ncw_max", "max", *_NCW_POOL),
    pool("pooling_ncw_sum", "sum", *_NCW_POOL),
    pool("pooling_ndhwc_max", "max", *_NDHWC_POOL),
    pool("pooling_ndhwc_min", "min", *_NDHWC_POOL),
    pool("pooling_ndhwc_sum", "sum", *_NDHWC_POOL),
)
"""MLIR's named pooling ops."""
