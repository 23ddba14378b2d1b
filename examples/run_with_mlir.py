"""Bufferize a tensor program here, then lower it to LLVM and run it with upstream MLIR.

    python examples/run_with_mlir.py examples/two_functions.mlir

Needs the `mlir` extra (`pip install -e '.[mlir]'`: the `finch-mlir` wheel). Steps:

1. our `comprehensive-bufferize` pipeline (copies as `linalg.copy`, so the lowered
   program needs no MLIR runtime library) turns the tensor program into a
   memref program that frees every buffer it allocates;
2. upstream MLIR's pass manager lowers that text to the LLVM dialect;
3. upstream MLIR's execution engine JIT-compiles it and calls `@main`;
4. our reference executor runs the original tensor program for comparison.

`@main` must take no arguments and return scalars (`f32`, `f64`, `i1`...`i64`,
`index`), as the shipped examples do. Exit 0 when the two runs agree, 1 otherwise.
"""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path

from xdsl.dialects import func
from xdsl.dialects.builtin import Float32Type, Float64Type, IndexType, IntegerType

from xdsl_bufferize import bufferize
from xdsl_bufferize.execution import make_context, parse_module, run, values_close

LOWER_TO_LLVM = (
    "builtin.module("
    "convert-linalg-to-loops,"
    "expand-strided-metadata,"
    "lower-affine,"
    "convert-scf-to-cf,"
    "finalize-memref-to-llvm,"
    "convert-math-to-llvm,"
    "convert-arith-to-llvm,"
    "convert-index-to-llvm,"
    "convert-cf-to-llvm,"
    "convert-func-to-llvm,"
    "reconcile-unrealized-casts)"
)
"""Upstream MLIR's passes from our output to the LLVM dialect."""


def _ctype(t: object) -> type[ctypes._SimpleCData[float] | ctypes._SimpleCData[int]]:
    """The C type of a scalar result of `@main` (as LLVM lays it out)."""
    if isinstance(t, Float32Type):
        return ctypes.c_float
    if isinstance(t, Float64Type):
        return ctypes.c_double
    if isinstance(t, IndexType):
        return ctypes.c_int64
    if isinstance(t, IntegerType):
        width = t.width.data
        return {1: ctypes.c_bool, 8: ctypes.c_int8, 16: ctypes.c_int16}.get(
            width, ctypes.c_int32 if width == 32 else ctypes.c_int64
        )
    raise SystemExit(f"@main returns {t}: this script handles scalar results only")


def _show(values: object) -> str:
    """Results as `(v, ...)`, six significant digits (f32 printed as MLIR prints it)."""
    if not isinstance(values, tuple):
        return str(values)
    return "(" + ", ".join(f"{v:.6g}" for v in values) + ")"


def run_with_mlir(text: str, file_name: str) -> int:
    from mlir_finch import ir, passmanager
    from mlir_finch.execution_engine import ExecutionEngine

    ctx = make_context()
    expected = run(parse_module(text, file_name, ctx)).results
    module = parse_module(text, file_name, ctx)
    bufferize(module, ctx, memcpy_op="linalg.copy")  # comprehensive-bufferize
    main = next(
        op
        for op in module.ops
        if isinstance(op, func.FuncOp) and op.sym_name.data == "main"
    )
    if main.function_type.inputs.data:
        raise SystemExit("@main takes arguments: this script calls it without any")
    fields = [(f"r{i}", _ctype(t)) for i, t in enumerate(main.function_type.outputs)]

    with ir.Context():
        upstream = ir.Module.parse(str(module))
        for op in upstream.body.operations:
            if op.operation.name == "func.func" and op.attributes[
                "sym_name"
            ] == ir.StringAttr.get("main"):
                op.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()
        passmanager.PassManager.parse(LOWER_TO_LLVM).run(upstream.operation)
        engine = ExecutionEngine(upstream, opt_level=2)
        if len(fields) == 1:
            result = fields[0][1]()
            engine.invoke("main", ctypes.pointer(result))
            got: tuple[float | int, ...] = (result.value,)
        else:
            results = type("Results", (ctypes.Structure,), {"_fields_": fields})()
            # Several results: the C interface writes them through a pointer argument.
            engine.invoke("main", ctypes.pointer(ctypes.pointer(results)))
            got = tuple(getattr(results, name) for name, _ in fields)

    print(f"upstream MLIR (JIT): {_show(got)}")
    print(f"reference executor:  {_show(expected)}")
    same = expected is not None and values_close(tuple(expected), got)
    print("results match" if same else "results DIFFER")
    return 0 if same else 1


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    path = Path(sys.argv[1])
    return run_with_mlir(path.read_text(), str(path))


if __name__ == "__main__":
    sys.exit(main())
