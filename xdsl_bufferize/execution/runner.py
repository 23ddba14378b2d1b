"""Running functions, comparing results, and judging pass pipelines differentially.

`run` executes one function of a module on given inputs and returns its results as
plain Python values (numbers, `ArrayValue`s for tensors and memrefs) together with the
memory findings and statistics (`MemoryStats`: allocations, copies, frees, peak live
heap bytes). `check_pipeline` runs a function, applies a pass pipeline to a clone of
the module (any pass xdsl-opt knows, through xDSL's own pipeline machinery), runs it
again on the same inputs, and compares. Inputs are given as plain values and converted
for each run to what the entry function takes at that point: a tensor parameter gets an
immutable array, a memref parameter a fresh buffer owned by the caller (borrowed by the
callee: freeing it is a finding; it is not counted as a leak).
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
    ShapedType,
    TensorType,
    UnrankedMemRefType,
    UnrankedTensorType,
)
from xdsl.interpreter import InterpreterFunctions, PythonValues
from xdsl.ir import Attribute
from xdsl.passes import PassPipeline
from xdsl.universe import Universe
from xdsl.utils.exceptions import ArgSpecParseError

from xdsl_bufferize.execution.arrays import numpy_dtype
from xdsl_bufferize.execution.interpreter import ExecutionInterpreter
from xdsl_bufferize.execution.memory import (
    DEFAULT_MAX_BYTES,
    AllocKind,
    ExecutionError,
    Finding,
    FindingKind,
    MemoryStats,
)
from xdsl_bufferize.execution.ops_arith import ArithFunctions
from xdsl_bufferize.execution.ops_bufferization import (
    BufferizationFunctions,
    GpuMemoryFunctions,
)
from xdsl_bufferize.execution.ops_control import (
    AffineFunctions,
    CfFunctions,
    FuncFunctions,
    ScfFunctions,
)
from xdsl_bufferize.execution.ops_linalg import LinalgFunctions
from xdsl_bufferize.execution.ops_math import MathFunctions
from xdsl_bufferize.execution.ops_memref import MemRefFunctions
from xdsl_bufferize.execution.ops_tensor import TensorFunctions
from xdsl_bufferize.execution.ops_vector import VectorFunctions
from xdsl_bufferize.execution.values import (
    ArrayValue,
    MemRefView,
    element_type_of,
    is_dynamic,
    normalize,
    num_elements,
)
from xdsl_bufferize.utils.locations import LocatingParser
from xdsl_bufferize.utils.pipeline_errors import pipeline_error_line

DEFAULT_FUNCTIONS: tuple[type[InterpreterFunctions], ...] = (
    ArithFunctions,
    MathFunctions,
    ScfFunctions,
    CfFunctions,
    FuncFunctions,
    AffineFunctions,
    TensorFunctions,
    LinalgFunctions,
    MemRefFunctions,
    BufferizationFunctions,
    GpuMemoryFunctions,
    VectorFunctions,
)
"""The op implementations every run registers."""

Value = Any
"""A plain input or result value: int, float, `ArrayValue`, tuple (vector)."""


class UsageError(Exception):
    """The request cannot be run: missing entry, wrong arguments, bad pipeline..."""


@dataclass
class Outcome:
    """What one run produced."""

    results: tuple[Value, ...] | None
    """The entry function's results as plain values; None if the run failed."""
    findings: list[Finding] = field(default_factory=lambda: list[Finding]())
    error: str | None = None
    """Why the run stopped early (a runtime failure), if it did."""
    stats: MemoryStats = field(default_factory=MemoryStats)
    """Allocations, copies and frees the run executed (up to the failure, if any)."""
    fallbacks: dict[str, str] = field(default_factory=lambda: dict[str, str]())
    """Structured ops that ran point by point instead of whole (vectorized), by op
    name, with the reason."""

    @property
    def ok(self) -> bool:
        return self.error is None and not self.findings


@dataclass
class Report:
    """The verdict on a pass pipeline: the two runs and how they compare."""

    pipeline: str
    before: Outcome
    after: Outcome | None
    """None if the pipeline itself failed."""
    mismatches: list[str] = field(default_factory=lambda: list[str]())
    pipeline_error: str | None = None

    @property
    def findings(self) -> list[tuple[str, Finding]]:
        """Findings of both runs, tagged "before" or "after"."""
        tagged = [("before", f) for f in self.before.findings]
        if self.after is not None:
            tagged += [("after", f) for f in self.after.findings]
        return tagged

    @property
    def verdict(self) -> str:
        """How the two runs compare, as `xdsl-bufferize-check` says it (see
        `verdict`); "the pipeline failed" if there is no run after it."""
        if self.after is None:
            return "the pipeline failed"
        return verdict(self.before, self.after, self.mismatches)

    @property
    def ok(self) -> bool:
        """Whether the pipeline is proven on these inputs: it ran, neither run failed
        or has a finding, and the results match and are defined (a NaN result, or
        one the input program computes from contents nothing wrote, proves nothing:
        False, as the CLI's RESULTS UNDEFINED)."""
        return (
            self.pipeline_error is None
            and self.after is not None
            and self.before.ok
            and self.after.ok
            and self.verdict == MATCH
        )


MATCH = "results match"
"""The verdict of two runs that agree on defined results."""


def verdict(before: Outcome, after: Outcome, mismatches: Sequence[str]) -> str:
    """How the results of the two runs compare: never `MATCH` when a run failed,
    the input program reads uninitialised contents (its results are undefined: an
    uninitialised read only in the run after the pipeline is a finding against the
    pipeline) or a result is undefined (NaN)."""
    if before.results is None and after.results is None:
        return "both runs failed"
    if before.results is None:
        return "the run before the pipeline failed"
    if after.results is None:
        return "the run after the pipeline failed"
    if any(f.kind is FindingKind.UNINITIALISED_READ for f in before.findings):
        return (
            "RESULTS UNDEFINED (the run before the pipeline reads contents nothing "
            "wrote): nothing proven"
        )
    if mismatches:
        return "RESULTS DIFFER"
    undefined = sorted(
        set(undefined_results(before.results)) | set(undefined_results(after.results))
    )
    if undefined:
        where = ", ".join(f"#{i}" for i in undefined)
        return f"RESULTS UNDEFINED (NaN in result {where}): nothing proven"
    return MATCH


def make_context() -> Context:
    """A context that knows every dialect of every installed xDSL universe."""
    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    return ctx


def parse_module(
    text: str, file_name: str = "<input>", ctx: Context | None = None
) -> ModuleOp:
    """Parse `text`; ops get `file:line:col` locations so findings point at them."""
    parser = LocatingParser(ctx or make_context(), text, file_name)
    return parser.parse_module()


def find_function(module: ModuleOp, entry: str) -> func.FuncOp:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == entry:
            if not op.body.blocks:
                raise UsageError(f"@{entry} is a declaration without a body")
            return op
    raise UsageError(f"no function @{entry} in the module")


def _to_array(value: Value, t: Attribute, what: str) -> ArrayValue:
    """`value` (a nested list or an array) as an array of type `t`, whose static
    sizes it must have (any shape for an unranked type)."""
    if isinstance(value, ArrayValue):
        array = value
    elif isinstance(value, list):
        shape: list[int] = []
        probe: Any = value
        while isinstance(probe, list):
            shape.append(len(probe))  # pyright: ignore[reportUnknownArgumentType]
            probe = probe[0] if probe else None  # pyright: ignore[reportUnknownVariableType]
        flat: list[Any] = []

        def walk(x: Any) -> None:
            if isinstance(x, list):
                for y in x:  # pyright: ignore[reportUnknownVariableType]
                    walk(y)
            else:
                flat.append(x)

        walk(value)
        array = ArrayValue(tuple(shape), flat)
    else:
        raise UsageError(f"{what}: expected an array for {t}, got {value!r}")
    expected = t.get_shape() if isinstance(t, TensorType | MemRefType) else None
    if expected is not None and (
        len(expected) != len(array.shape)
        or any(
            not is_dynamic(e) and e != s
            for e, s in zip(expected, array.shape, strict=False)
        )
    ):
        raise UsageError(f"{what}: shape {list(array.shape)} does not fit {t}")
    elem = element_type_of(t)
    return ArrayValue(array.shape, normalize_all(array, elem))


def normalize_all(array: ArrayValue, elem: Attribute) -> Any:
    """The elements of `array` in the canonical form of `elem` (as `normalize` gives
    each): a numpy array for float and 8/16/32/64-bit integer types, else a list."""
    dtype = numpy_dtype(elem)
    native = isinstance(elem, AnyFloat | IndexType) or (
        isinstance(elem, IntegerType) and elem.width.data in (8, 16, 32, 64)
    )
    if native and dtype.kind in "fi":
        try:
            with np.errstate(all="ignore"):
                source = array.array()
                if dtype.kind == "i" and source.dtype.kind not in "iub":
                    raise OverflowError
                return source.astype(dtype)
        except (OverflowError, ValueError, TypeError):
            pass
    return [normalize(x, elem) for x in array.data]


def _convert_input(
    interp: ExecutionInterpreter, value: Value, t: Attribute, index: int
) -> Any:
    what = f"argument #{index}"
    if isinstance(t, TensorType | UnrankedTensorType):
        return _to_array(value, t, what)
    if isinstance(t, MemRefType | UnrankedMemRefType):
        array = _to_array(value, t, what)
        return interp.memory.allocate(
            element_type_of(t),
            array.shape,
            AllocKind.ARGUMENT,
            None,
            array.data,
            op_name="argument",
            location=f"entry argument #{index}",
        )
    if isinstance(t, IntegerType | IndexType | AnyFloat):
        if not isinstance(value, int | float):
            raise UsageError(f"{what}: expected a scalar for {t}, got {value!r}")
        return normalize(value, t)
    raise UsageError(f"{what}: unsupported argument type {t}")


def _export(interp: ExecutionInterpreter, value: Any, ret_op: Any) -> Value:
    """A result of the entry function as a plain value; returning contents nothing
    wrote is an uninitialised-read finding (the caller reads them)."""
    mem = interp.memory
    if isinstance(value, MemRefView):
        data = mem.read_array(value, ret_op)
        mem.check_initialised(value, ret_op, action="returns")
        return ArrayValue(value.sizes, data)
    if isinstance(value, ArrayValue):
        mem.check_tensor_initialised(value, ret_op, action="returns")
    return value


def run(
    module: ModuleOp,
    entry: str = "main",
    args: Sequence[Value] = (),
    extra_functions: Sequence[InterpreterFunctions] = (),
    max_call_depth: int = 256,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Callable[[str], None] | None = None,
) -> Outcome:
    """Run `@entry` of `module` on `args` and check its memory behaviour.

    Raises `UsageError` if the entry is missing or the arguments do not fit its
    signature; a failure while running is reported in `Outcome.error` (as is a
    value or memory need beyond `max_bytes`). `progress` receives a line every few
    seconds of a long run.
    """
    fn = find_function(module, entry)
    param_types = fn.function_type.inputs.data
    if len(args) != len(param_types):
        raise UsageError(
            f"@{entry} takes {len(param_types)} arguments, {len(args)} given"
        )
    interp = ExecutionInterpreter(
        module, max_call_depth=max_call_depth, max_bytes=max_bytes, progress=progress
    )
    for functions in DEFAULT_FUNCTIONS:
        interp.register_implementations(functions())
    for functions in extra_functions:
        interp.register_implementations(functions, override=True)
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20000))
    error: str | None = None
    raw: PythonValues = ()
    results: tuple[Value, ...] = ()
    try:
        with np.errstate(all="ignore"):
            inputs = [
                _convert_input(interp, v, t, i)
                for i, (v, t) in enumerate(zip(args, param_types, strict=False))
            ]
            raw = interp.call_function(entry, inputs)
            ret = fn.body.blocks.last.last_op if fn.body.blocks.last else fn
            results = tuple(_export(interp, v, ret) for v in raw)
    except ExecutionError as e:
        error = str(e)
    except RecursionError:
        error = "Python recursion limit reached"
    except MemoryError:
        error = (
            "out of memory (the machine's, below --max-bytes "
            f"{interp.memory.max_bytes}): lower --max-bytes to stop earlier"
        )
    finally:
        sys.setrecursionlimit(old_limit)
    if error is not None:
        return Outcome(
            None,
            list(interp.memory.findings),
            error,
            interp.memory.stats(),
            dict(interp.fallbacks),
        )
    reachable = {v.buffer.id for v in raw if isinstance(v, MemRefView)}
    interp.memory.report_leaks(reachable)
    return Outcome(
        results,
        list(interp.memory.findings),
        None,
        interp.memory.stats(),
        dict(interp.fallbacks),
    )


def values_close(a: Value, b: Value, rtol: float = 1e-5, atol: float = 1e-5) -> bool:
    """Equality of plain values, floats within tolerance (NaN equals NaN)."""
    if isinstance(a, ArrayValue) and isinstance(b, ArrayValue):
        if a.shape != b.shape:
            return False
        close = _arrays_close(a, b, rtol, atol)
        if close is not None:
            return close
        return all(
            values_close(x, y, rtol, atol) for x, y in zip(a.data, b.data, strict=False)
        )
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(  # pyright: ignore[reportUnknownArgumentType]
            values_close(x, y, rtol, atol)
            for x, y in zip(a, b, strict=False)  # pyright: ignore[reportUnknownArgumentType,reportUnknownVariableType]
        )
    if isinstance(a, float | int) and isinstance(b, float | int):
        if isinstance(a, float) or isinstance(b, float):
            fa, fb = float(a), float(b)
            if math.isnan(fa) or math.isnan(fb):
                return math.isnan(fa) and math.isnan(fb)
            if math.isinf(fa) or math.isinf(fb):
                return fa == fb
            return abs(fa - fb) <= atol + rtol * max(abs(fa), abs(fb))
        return a == b
    return False


def _arrays_close(
    a: ArrayValue, b: ArrayValue, rtol: float, atol: float
) -> bool | None:
    """`values_close` of two arrays of numbers at once (None for other elements)."""
    x, y = a.array(), b.array()
    if x.dtype.kind not in "fiub" or y.dtype.kind not in "fiub":
        return None
    if x.dtype.kind != "f" and y.dtype.kind != "f":
        return bool(np.array_equal(x, y))
    with np.errstate(all="ignore"):
        fx, fy = x.astype(np.float64), y.astype(np.float64)
        nan_x, nan_y = np.isnan(fx), np.isnan(fy)
        inf = np.isinf(fx) | np.isinf(fy)
        diff = np.abs(fx - fy) <= atol + rtol * np.maximum(np.abs(fx), np.abs(fy))
        ok = np.where(nan_x | nan_y, nan_x & nan_y, np.where(inf, fx == fy, diff))
    return bool(ok.all())


def undefined_results(results: Sequence[Value]) -> list[int]:
    """The positions of results holding a NaN: a value nobody computed (uninitialised
    memory reads as NaN) or an undefined operation; equal NaNs prove nothing."""

    def has_nan(v: Value) -> bool:
        if isinstance(v, ArrayValue):
            array = v.array()
            if array.dtype.kind == "f":
                return bool(np.isnan(array).any())
            return any(has_nan(x) for x in v.data if isinstance(x, float))
        if isinstance(v, tuple):
            return any(has_nan(x) for x in v)  # pyright: ignore[reportUnknownVariableType]
        return isinstance(v, float) and math.isnan(v)

    return [i for i, v in enumerate(results) if has_nan(v)]


def compare_results(
    before: Sequence[Value],
    after: Sequence[Value],
    rtol: float = 1e-5,
    atol: float = 1e-5,
) -> list[str]:
    """One message per differing result (empty if all match)."""
    if len(before) != len(after):
        return [f"{len(before)} results before, {len(after)} after"]
    out: list[str] = []
    for i, (a, b) in enumerate(zip(before, after, strict=False)):
        if not values_close(a, b, rtol, atol):
            out.append(
                f"result #{i}: {format_value(a)} before, {format_value(b)} after"
            )
    return out


def format_value(value: Value, limit: int = 8) -> str:
    if isinstance(value, ArrayValue):
        shown = ", ".join(format_value(x) for x in value.data[:limit])
        more = ", ..." if len(value.data) > limit else ""
        dims = "x".join(str(s) for s in value.shape) or "scalar"
        return f"<{dims}: [{shown}{more}]>"
    if isinstance(value, float):
        text = f"{value:.7g}"
        return text if any(c in text for c in ".eni") else text + ".0"
    if isinstance(value, tuple):
        return "(" + ", ".join(format_value(x) for x in value) + ")"  # pyright: ignore[reportUnknownVariableType,reportUnknownArgumentType]
    return str(value)


def random_inputs(
    fn: func.FuncOp, rng: random.Random, dynamic_size: int | None = None
) -> list[Value]:
    """Seeded random arguments for `fn`'s signature.

    Floats are uniform in [-1, 1], integers in [-5, 5], indices in [0, 8], i1 0 or 1;
    every dynamic dimension of a run gets the same small size (1..6), so operands whose
    dynamic sizes must agree (e.g. a matmul's) do.
    """
    size = dynamic_size if dynamic_size is not None else rng.randint(1, 6)
    out: list[Value] = []
    for t in fn.function_type.inputs.data:
        out.append(_random_value(t, rng, size))
    return out


def random_array(
    elem: Attribute, shape: tuple[int, ...], rng: random.Random
) -> ArrayValue:
    """`num_elements(shape)` values of `random_scalar` (drawn in the same order, so
    the same seed gives the same array), rounded at once."""
    count = num_elements(shape)
    if isinstance(elem, AnyFloat) and numpy_dtype(elem).kind == "f":
        raw = [rng.uniform(-1.0, 1.0) for _ in range(count)]
        return ArrayValue(shape, np.array(raw, dtype=numpy_dtype(elem)))
    return ArrayValue(shape, [random_scalar(elem, rng) for _ in range(count)])


def random_scalar(t: Attribute, rng: random.Random) -> int | float:
    if isinstance(t, AnyFloat):
        return normalize(rng.uniform(-1.0, 1.0), t)
    if isinstance(t, IndexType):
        return rng.randint(0, 8)
    if isinstance(t, IntegerType) and t.width.data == 1:
        return rng.randint(0, 1)
    return rng.randint(-5, 5)


def _random_value(t: Attribute, rng: random.Random, size: int) -> Value:
    if isinstance(t, TensorType | MemRefType):
        shaped: ShapedType = t  # pyright: ignore[reportUnknownVariableType]
        shape = tuple(size if is_dynamic(d) else d for d in shaped.get_shape())
        elem = element_type_of(shaped)
        return random_array(elem, shape, rng)
    if isinstance(t, UnrankedTensorType | UnrankedMemRefType):
        # An unranked argument gets a 1-D value of the run's dynamic size.
        elem = element_type_of(t)
        return ArrayValue((size,), [random_scalar(elem, rng) for _ in range(size)])
    if isinstance(t, IntegerType | IndexType | AnyFloat):
        return random_scalar(t, rng)
    raise UsageError(f"cannot make a random value of type {t}")


def apply_pipeline(
    module: ModuleOp, pipeline: str, ctx: Context | None = None
) -> ModuleOp:
    """A clone of `module` transformed by `pipeline` (xdsl-opt syntax, any pass of the
    multiverse). Raises `UsageError` for an unknown pass or bad options."""
    clone = module.clone()
    try:
        passes = PassPipeline.parse_spec(Universe.get_multiverse().all_passes, pipeline)
    except (Exception, ArgSpecParseError) as e:
        raise UsageError(
            pipeline_error_line(e, Universe.get_multiverse().all_passes)
        ) from e
    passes.apply(ctx or make_context(), clone)
    return clone


def check_pipeline(
    module: ModuleOp,
    pipeline: str,
    entry: str = "main",
    inputs: Sequence[Value] | None = None,
    extra_functions: Sequence[InterpreterFunctions] = (),
    rtol: float = 1e-5,
    atol: float = 1e-5,
    seed: int = 0,
    ctx: Context | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Report:
    """Run `@entry` before and after `pipeline` on the same inputs and compare.

    `inputs=None` means seeded random inputs (none if the entry takes no argument).
    The caller's module is never modified. Raises `UsageError` for a missing entry,
    inputs that do not fit, or an unknown pass; a pass that fails on the module is
    reported in `Report.pipeline_error`.
    """
    if inputs is None:
        inputs = random_inputs(find_function(module, entry), random.Random(seed))
    before = run(module, entry, inputs, extra_functions, max_bytes=max_bytes)
    try:
        transformed = apply_pipeline(module, pipeline, ctx)
    except UsageError:
        raise
    except Exception as e:
        message = str(e).strip().splitlines()
        return Report(
            pipeline,
            before,
            None,
            pipeline_error=f"{type(e).__name__}: {message[0] if message else ''}",
        )
    after = run(transformed, entry, inputs, extra_functions, max_bytes=max_bytes)
    mismatches: list[str] = []
    if before.results is not None and after.results is not None:
        mismatches = compare_results(before.results, after.results, rtol, atol)
    return Report(pipeline, before, after, mismatches)
