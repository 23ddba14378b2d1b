"""The one place where ops in MLIR's spelling join xDSL's own dialects.

xDSL (0.75) finds an op through the dialect named by its prefix and refuses a second
dialect of the same name, so a plugin cannot define `tensor.generate` in a dialect of its
own. `register_upstream_ops()` therefore puts our op classes into xDSL's `Dialect`
objects themselves, before any context loads those dialects: it appends each op that
xDSL does not define (`memref.realloc`, `bufferization.dealloc`, `scf.forall`,
`tensor.parallel_insert_slice`, `vector.contract`, `linalg.map`, MLIR's linalg named ops of
`linalg_named.py`, ...), swaps in the few subclasses that widen xDSL's class to MLIR's
forms (`WIDENED_OPS`: `bufferization.to_tensor` / `to_buffer` of a buffer with a memory
space or a layout, `affine.if`'s and `vector.print`'s custom syntax, MLIR's custom form of `memref.cast` /
`copy` / `global` from `memref_syntax.py`, ...), and replaces the ops xDSL defines
wrongly (`linalg.pooling_nchw_max`'s body) or more narrowly than MLIR (convolutions
without `strides`, `linalg.reduce` of one input) by ours (`REPLACED_OPS`). An op xDSL
defines itself in a later version
is left alone (the test suite then shows what to delete here). It runs once, when this
module is imported: by `xdsl_bufferize.universe` (so `xdsl-opt` and every context made
through xDSL's multiverse see the ops) and by the reference executor.

`tensor_ext.generate`, the earlier spelling of `tensor.generate`, stays in our own
`tensor_ext` dialect as an alias.
"""

from __future__ import annotations

from xdsl.dialects import affine, bufferization, linalg, memref, scf, tensor, vector
from xdsl.dialects.linalg.abstract_ops import NamedOperation
from xdsl.ir import Attribute, Dialect, Operation

from xdsl_bufferize.dialects.affine_ext import IfOp as AffineIfOp
from xdsl_bufferize.dialects.bufferization_dealloc import DeallocOp
from xdsl_bufferize.dialects.bufferization_ext import ToBufferOp, ToTensorOp
from xdsl_bufferize.dialects.linalg_body import TypeFnAttr
from xdsl_bufferize.dialects.linalg_contract import ElementwiseKindAttr
from xdsl_bufferize.dialects.linalg_ext import (
    BatchReduceMatmulOp,
    DotOp,
    GenericOp,
    MapOp,
    ReduceOp,
)
from xdsl_bufferize.dialects.linalg_named import (
    NAMED_OP_CLASSES,
    REPLACING,
    MatmulOp,
)
from xdsl_bufferize.dialects.memref_ext import RankOp as MemRefRankOp
from xdsl_bufferize.dialects.memref_realloc import ReallocOp
from xdsl_bufferize.dialects.memref_syntax import (
    MEMREF_CUSTOM_FORMS,
)
from xdsl_bufferize.dialects.scf_forall import ForallOp, InParallelOp
from xdsl_bufferize.dialects.scf_syntax import install_scf_syntax
from xdsl_bufferize.dialects.tensor_ext import (
    GenerateOp,
    PadOp,
    ParallelInsertSliceOp,
    RankOp,
)
from xdsl_bufferize.dialects.vector_contract import ContractionOp, IteratorTypeAttr
from xdsl_bufferize.dialects.vector_mask import MaskOp, YieldOp
from xdsl_bufferize.dialects.vector_print import PrintOp as VectorPrintOp

ADDED_OPS: tuple[tuple[Dialect, type[Operation]], ...] = (
    (memref.MemRef, ReallocOp),
    (bufferization.Bufferization, DeallocOp),
    (scf.Scf, ForallOp),
    (scf.Scf, InParallelOp),
    (tensor.Tensor, GenerateOp),
    (tensor.Tensor, ParallelInsertSliceOp),
    (tensor.Tensor, RankOp),
    (linalg.Linalg, MapOp),
    (linalg.Linalg, DotOp),
    (linalg.Linalg, BatchReduceMatmulOp),
    (vector.Vector, MaskOp),
    (vector.Vector, YieldOp),
    (vector.Vector, ContractionOp),
    *(
        (linalg.Linalg, op_type)
        for name, op_type in NAMED_OP_CLASSES.items()
        if name not in REPLACING
    ),
)
"""Ops of MLIR that xDSL's dialect lacks, added to that dialect."""

ADDED_ATTRIBUTES: tuple[tuple[Dialect, type[Attribute]], ...] = (
    (vector.Vector, IteratorTypeAttr),
    (linalg.Linalg, ElementwiseKindAttr),
    (linalg.Linalg, TypeFnAttr),
)
"""Attributes of MLIR that xDSL's dialect lacks (`#vector.iterator_type<..>`,
`#linalg.elementwise_kind<..>`, `#linalg.type_fn<..>`)."""

WIDENED_OPS: tuple[tuple[Dialect, type[Operation]], ...] = (
    (linalg.Linalg, GenericOp),
    (linalg.Linalg, MatmulOp),
    (tensor.Tensor, PadOp),
    (memref.MemRef, MemRefRankOp),
    (affine.Affine, AffineIfOp),
    (vector.Vector, VectorPrintOp),
    (bufferization.Bufferization, ToTensorOp),
    (bufferization.Bufferization, ToBufferOp),
    *((memref.MemRef, op_type) for op_type in MEMREF_CUSTOM_FORMS),
)
"""Subclasses replacing xDSL's class of the same name: they read (and print) more of
MLIR's forms (`linalg.generic`'s `-> (T1, T2)`, `affine.if`'s custom syntax, buffers
with a memory space or a layout, memref ops in custom form), accept what MLIR's verifier accepts (`tensor.pad`,
`memref.rank` of an unranked buffer) or build MLIR's body (`linalg.matmul`'s casts);
they are still xDSL's classes to every `isinstance`."""

REPLACED_OPS: tuple[tuple[Dialect, type[Operation]], ...] = (
    (linalg.Linalg, ReduceOp),
    *((linalg.Linalg, NAMED_OP_CLASSES[name]) for name in sorted(REPLACING)),
)
"""Our classes replacing xDSL's class of the same name where xDSL's is wrong
(`linalg.pooling_nchw_max`'s body) or narrower than MLIR (convolutions requiring
`strides` / `dilations`, `linalg.reduce` of one input and one init): in our
universe, ours is the op."""


def _print_named_attributes_in_front() -> None:
    """Every linalg named op reads and prints its extra attributes as MLIR does: a
    dictionary in front of `ins`, where xDSL 0.75 writes `attrs = {...}` after `outs`
    for the elementwise and `dot` ops."""
    for op_type in linalg.Linalg.operations:
        if issubclass(op_type, NamedOperation):
            op_type.PRINT_ATTRS_IN_FRONT = True


def register_upstream_ops() -> None:
    """Add `ADDED_OPS` and `ADDED_ATTRIBUTES`, swap in `WIDENED_OPS` and `REPLACED_OPS`,
    give xDSL's scf ops MLIR's spellings and named linalg ops MLIR's attribute
    position (idempotent)."""
    for dialect, op_type in ADDED_OPS:
        operations = dialect._operations  # pyright: ignore[reportPrivateUsage]
        if not any(op.name == op_type.name for op in operations):
            operations.append(op_type)
    for dialect, attr_type in ADDED_ATTRIBUTES:
        attributes = dialect._attributes  # pyright: ignore[reportPrivateUsage]
        if not any(attr.name == attr_type.name for attr in attributes):
            attributes.append(attr_type)
    for dialect, op_type in WIDENED_OPS:
        operations = dialect._operations  # pyright: ignore[reportPrivateUsage]
        for i, op in enumerate(operations):
            if op.name == op_type.name and issubclass(op_type, op):
                operations[i] = op_type
    for dialect, op_type in REPLACED_OPS:
        operations = dialect._operations  # pyright: ignore[reportPrivateUsage]
        for i, op in enumerate(operations):
            if op.name == op_type.name:
                operations[i] = op_type
    install_scf_syntax()
    _print_named_attributes_in_front()


register_upstream_ops()
