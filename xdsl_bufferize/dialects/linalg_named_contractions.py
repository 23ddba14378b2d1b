"""The contractions of MLIR's linalg named ops (rows of `linalg_named.NAMED_OPS`):
`out += cast(a) * cast(b)` over the loops, and the quantized ones whose zero points
(two scalar inputs) are subtracted from the cast inputs first."""

from __future__ import annotations

from xdsl_bufferize.dialects.linalg_named_spec import NamedOpSpec, mac, qmac

CONTRACTIONS: tuple[NamedOpSpec, ...] = (
    mac("batch_matmul", "b m n k", "k", "b,m,k", "b,k,n", "b,m,n"),
    mac("matvec", "m k", "k", "m,k", "k", "m"),
    mac("vecmat", "n m", "m", "m", "m,n", "n"),
    mac("batch_matvec", "b m k", "k", "b,m,k", "b,k", "b,m"),
    mac("batch_vecmat", "b n k", "k", "b,k", "b,k,n", "b,n"),
    mac("matmul_transpose_a", "m n k", "k", "k,m", "k,n", "m,n"),
    mac("matmul_transpose_b", "m n k", "k", "m,k", "n,k", "m,n"),
    mac("batch_matmul_transpose_a", "b m n k", "k", "b,k,m", "b,k,n", "b,m,n"),
    mac("batch_matmul_transpose_b", "b m n k", "k", "b,m,k", "b,n,k", "b,m,n"),
    mac("mmt4d", "m n k m0 n0 k0", "k k0", "m,k,m0,k0", "n,k,n0,k0", "m,n,m0,n0"),
    mac(
        "batch_mmt4d",
        "b m n k m0 n0 k0",
        "k k0",
        "b,m,k,m0,k0",
        "b,n,k,n0,k0",
        "b,m,n,m0,n0",
    ),
    qmac("quantized_matmul", "m n k", "k", "m,k", "k,n", "m,n"),
    qmac("quantized_batch_matmul", "b m n k", "k", "b,m,k", "b,k,n", "b,m,n"),
)
"""MLIR's named contractions (`matmul` itself is xDSL's class, widened)."""
