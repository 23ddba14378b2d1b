"""A seeded generator of random, valid programs for differential testing of passes.

Each program is MLIR text that xDSL 0.75 parses and verifies. It has a
`func.func @main() -> (scalars...)` that builds its own inputs and returns scalars read
out of results and out of inputs read again after every write and call, so a pass that
writes into a buffer it does not own changes `@main`'s results.

Two program kinds:

* **tensor** programs, for bufferization: helper functions (with tensor arguments and
  results when the pipeline bufferizes function boundaries, otherwise scalar-only
  signatures), calls, `scf.for` / `scf.if` / `scf.while` nests carrying tensors,
  `scf.forall` loops writing tiles of a shared output, tiles
  (`tensor.extract_slice` / `insert_slice`, static and dynamic), linalg generic and named
  ops, `tensor.empty` destinations, `tensor.insert` / `extract`, dense constants (which
  may be written to), dynamic shapes (`tensor.cast`, `tensor.dim`, `tensor.empty(%d)`);
  with the `ADVERSARIAL_FEATURES` (off by default) also the shapes on which an in-place
  analysis must see a conflict: writes in loop bodies into captured tensors, one value
  as several operands, `scf.while` forwarding, clobbered insert-slice destinations.
* **memref** programs, for buffer deallocation alone: allocations, subviews, stores and
  copies, `scf.if` / `scf.for` carrying buffers, `cf` branches merging buffers, and
  helper functions returning fresh or forwarded buffers. No deallocation is written.

The generator knows every value's runtime shape, so every access is in bounds and no
program reads uninitialised memory. Loop-carried tensors are yielded in a way that keeps
the yield equivalent to the iteration argument (what one-shot-bufferize requires without
`allow-return-allocs-from-loops`) unless the configuration allows non-equivalent yields.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from xdsl.utils.arg_spec import parse_pipeline

ADVERSARIAL_FEATURES: tuple[str, ...] = (
    "captured_writes",
    "shared_operands",
    "while_forwarding",
    "slice_clobber",
    "materialize",
    "alloc_tensor",
    "writing_callees",
    "several_returns",
    "cf_loop_writes",
)
"""Tensor features that are off unless enabled (`+captured_writes`, or
`+adversarial` for all): they make the shapes on which an in-place analysis must see a
conflict (issue #12), and programs with them fail where the analysis is wrong.

* `captured_writes`: writes, inside a loop body (`scf.for`, both regions of
  `scf.while`, nested loops), into a tensor defined outside the loop, with the written
  value read in the body, yielded (when non-equivalent yields are allowed), and the
  old value read by later iterations and after the loop.
* `shared_operands`: one value as several operands of one op: `ins(%a, %a)`,
  `outs(%d, %d)` with different yielded values, the same `iter_args` twice, the same
  `scf.condition` operand twice, the same call argument twice.
* `while_forwarding`: `scf.while` loops with ops in both regions; the before region
  forwards its argument unchanged, a captured value, a slice of a captured value or one
  value twice; the after region writes into its block argument and may yield another
  value (a captured one, so that results alias captured values).
* `slice_clobber`: a tile's destination written between the tile's producer (a slice of
  it, or a new tensor for empty-tensor elimination) and its `tensor.insert_slice`.
* `materialize`: `bufferization.materialize_in_destination` (into a new tensor: its
  destination must be in place).
* `alloc_tensor`: `bufferization.alloc_tensor` (filled, or a copy of a value).
* `writing_callees`: public and private helpers that write their tensor arguments, and
  callers that read the passed value after the call.
* `several_returns` (with function boundaries): helpers whose entry block branches
  (`cf.cond_br` on a scalar argument) to blocks ending in `func.return`, returning the
  argument, a write into it, a new tensor, a constant or a slice of another argument
  (results of different layouts), sometimes two results (one buffer twice).
* `cf_loop_writes` (with function boundaries): helpers with a loop of `cf` branches (a header
  block carrying an index and an f32) whose body reads the tensor argument and writes it
  (`tensor.insert`, `linalg.fill`), in either order, reading the written value and
  sometimes the argument again after the write; or blocks written in another order than
  they run (a read of the argument in a block placed before the block writing it, which
  branches to it).  A write of one round precedes the reads of the next: in place it
  would be seen by them.
"""

REGION_OP_FEATURES: tuple[str, ...] = ("affine", "vector_mask", "scf_parallel")
"""Tensor features of the region ops of issue #16 (`affine`, `vector_mask`,
`scf_parallel`, described under `TENSOR_FEATURES`), off unless enabled
(`+affine,+vector_mask,+scf_parallel`): so the programs of every existing seed stay
as they were (enabling them changes the random choices of every program)."""

OPT_IN_FEATURES: tuple[str, ...] = (
    "memory_space",
    "dynamic_reshape",
    "cf_tensor_args",
    "named_structured",
    "call_returned_args",
)
"""Tensor features that are off unless enabled (`+memory_space`, `+dynamic_reshape`,
`+cf_tensor_args`, `+named_structured`, `+call_returned_args`), so that the programs of
every seed stay as they were without them (see `memory_space`, `dynamic_reshape`,
`named_structured` and `call_returned_args` below)."""

TENSOR_FEATURES: tuple[str, ...] = (
    "calls",
    "writable_args",
    "private_funcs",
    "for",
    "forall",
    "if",
    "while",
    "slices",
    "dynamic_slices",
    "dynamic_shapes",
    "constants",
    "fill",
    "generic",
    "named_elementwise",
    "matmul",
    "transpose",
    "copy",
    "insert",
    "extract",
    "reread",
    "checksum",
    "recursion",
    *REGION_OP_FEATURES,
    *OPT_IN_FEATURES,
    "unranked",
    *ADVERSARIAL_FEATURES,
)
"""Features a tensor program may use; each can be disabled by name.

`named_structured` (opt-in: `+named_structured`): MLIR's named structured ops that
frontends emit (`dialects/linalg_named.py`): `linalg.batch_matmul`, `matvec`,
`vecmat`, `batch_matvec`, pooling (`pooling_nhwc_max/min/sum`, `pooling_nchw_max`)
and convolutions (`conv_1d`, `conv_1d_nwc_wcf`, `conv_2d_nhwc_hwcf`,
`depthwise_conv_2d_nhwc_hwc`) with random strides and dilations, accumulating into an
existing tensor (an aliasing write) or a new one.

`call_returned_args` (opt-in: `+call_returned_args`, with function boundaries): a
helper returning its argument together with the result of a call that returns that
argument on some paths only: `@retboth<n>(%t, %s)` (private or public) calls
`@pickarg<n>(%t, %s)` (directly or through a second private helper that returns the
call's result) and returns `%t, %r` or `%r, %t`; `@pickarg<n>` returns `%t` when
`%s > 0`, else a new tensor filled with `%s` (sometimes written again first, or the
argument only read). The caller's later ops may write one result and read the other.

`memory_space` (opt-in: `+memory_space`): tensors in memory space 1 (`bufferization.alloc_tensor()
{memory_space = 1 : i64}`, filled or initialised like other new tensors, or an
`alloc_tensor copy(%t) {memory_space = 1 : i64}` of an existing value), used by any
later op: the copies bufferization makes of them stay in space 1, and where they meet
the default space (calls, results, branches, loops) they are copied across spaces.
With function boundaries also helpers returning a tensor in space 1 (a new one, a
copy of the argument written, or either by a scalar condition).

`recursion` (with function boundaries; the memref programs' feature of the same name
makes their recursive helper): a helper calling itself with a decreasing index bound,
or two helpers calling each other, on a tensor they may write before passing it on;
the base case returns the argument, a new tensor or a constant; the recursive case
may read the argument again after the call, or return what it wrote instead of the
call's result.

`affine`: `affine.for` loops and `affine.if` branches carrying tensors (the shapes of
`scf.for` / `scf.if`, on affine bounds and conditions); `vector_mask`: `vector.mask`
around transfers of 1-D tensors (a masked read, a masked write of it doubled);
`scf_parallel`: `scf.parallel` loops computing on tensors (writing tensors defined
outside) and storing one element per iteration into a buffer read after the loop.
`dynamic_reshape` (with function boundaries): helpers taking and returning
`tensor<?x?xf32>`, called on a `tensor.cast` of a static 2-D value (possibly a slice:
a strided buffer) whose result is cast back; the helper collapses its argument to
1-D and expands it back, or expands it to `1x?x?` and collapses it back, sizes read
with `tensor.dim`, and may write the reshaped view (`tensor.insert`, `linalg.fill`)
in between.
`cf_tensor_args` (with function boundaries): helpers whose `cf` branches carry
tensors: a loop (header block taking an index and a tensor, the tensor argument
first) whose body writes the carried tensor (`tensor.insert` of a value read from
it, or `linalg.fill`), the header's `cf.cond_br` in either successor order, the
result returned from an exit block; or a `cf.cond_br` merging the argument and a
new tensor into one block argument. The caller may read the passed value again.
`unranked` (with function boundaries): helpers taking and returning `tensor<*xf32>`,
called on a `tensor.cast` of a ranked tensor whose result is cast back; the helper
casts its argument to a ranked (static or dynamic) type, may write it, and returns
it, what it wrote, a new tensor or, by a scalar condition, either."""

MEMREF_OPT_IN_FEATURES: tuple[str, ...] = (
    "bufferization_deallocs",
    "returned_reshapes",
)
"""Memref features that are off unless enabled (`+bufferization_deallocs`), so that
the programs of the default configuration stay what they were.

`bufferization_deallocs`: frees of the program (see `frees`) sometimes spelled as
MLIR's `bufferization.dealloc (%m : T) if (%c)`, the condition a constant `true`, a
constant `false` (no free: the pass must free the buffer) or a runtime condition (a
free on some paths only). `returned_reshapes`: helpers returning, instead of a fresh
buffer, a whole reshape of it (`memref.collapse_shape` of all its dimensions, or a
1-D buffer expanded to `[n, 1]`), which callers free through the view."""


MEMREF_FEATURES: tuple[str, ...] = (
    "calls",
    "subviews",
    "dynamic_shapes",
    "alloca",
    "copy",
    "linalg",
    "if",
    "for",
    "cf",
    "joins",
    "while",
    "switch",
    "frees",
    "realloc",
    "offset_loops",
    "returned_views",
    "recursion",
    "cf_loops",
    "view_joins",
    *MEMREF_OPT_IN_FEATURES,
)
"""Features a memref program may use; each can be disabled by name.

`joins`: one buffer reaching a join twice (two results of scf.if / index_switch, two
iter_args, two values of scf.while / scf.condition, two block arguments); `frees`: frees
already in the program, on all paths or some (sometimes by a call of a helper freeing its
argument); `realloc`: `memref.realloc`, also of a loop's
iter_arg (scf.for, or a `cf` loop), and joins (scf.if, `cf` branches) of such a loop's result or of two views of it,
sometimes freed or reallocated by the program afterwards, on every path or one; `offset_loops`: loops carrying a static-offset view of a buffer allocated in the
body; `returned_views`: helpers returning one fresh buffer twice (private or public) or
(private) with a view of it, and helpers returning a view of a local buffer (with
`view_joins`, sometimes of a dynamic-offset type); `recursion`: a
recursive helper (or two calling each other, private or public) returning a fresh copy
of its argument, the argument itself (written in place on the way down) or either, and
sometimes called through a helper that calls into the cycle and returns its result once
or twice; `cf_loops`: loops of `cf` branches at function level (a header block with
two buffer arguments, often started as one buffer, and a back edge passing a fresh buffer on
one path and the arguments on the other); `view_joins`: scf.if / scf.for with two results
of a dynamic-offset view type, yielding one view of a buffer allocated in the region (or
of an scf.if choosing it or an outer buffer) twice, two views of it, a view of an outer
buffer or the iter_args, then a write through the
first result and a read through the second."""


@dataclass(frozen=True)
class GeneratorConfig:
    """What the generated programs may contain and how large they are."""

    kind: str = "tensor"
    """`tensor` (for bufferization pipelines) or `memref` (for deallocation alone)."""
    function_boundaries: bool = True
    """Whether helper functions take and return tensors (else scalar-only signatures)."""
    nonequivalent_yields: bool = False
    """Whether loops may yield tensors not equivalent to their iteration arguments."""
    disabled: frozenset[str] = frozenset(
        (
            *ADVERSARIAL_FEATURES,
            *REGION_OP_FEATURES,
            *OPT_IN_FEATURES,
            *MEMREF_OPT_IN_FEATURES,
        )
    )
    """Features (see `TENSOR_FEATURES` / `MEMREF_FEATURES`) never used (by default the
    `ADVERSARIAL_FEATURES`, the `REGION_OP_FEATURES`, the `OPT_IN_FEATURES` and the
    `MEMREF_OPT_IN_FEATURES`)."""
    weights: tuple[tuple[str, float], ...] = ()
    """Overrides of the relative weight of an op kind (names as in `_tensor_ops`)."""
    max_helpers: int = 3
    """At most this many helper functions besides `@main`."""
    max_ops: int = 8
    """At most this many random ops per block (nested blocks get fewer)."""
    max_depth: int = 2
    """Deepest nesting of `scf` regions."""
    max_dim: int = 8
    """Largest extent of any dimension."""

    def enabled(self, feature: str) -> bool:
        return feature not in self.disabled

    def weight(self, name: str, default: float) -> float:
        for key, value in self.weights:
            if key == name:
                return value
        return default


def _bufferize_flag(pipeline: str, option: str, comprehensive_default: bool) -> bool:
    """The value of a boolean option of the bufferization passes of `pipeline`
    (a flag without value is true; one-shot-bufferize's default is false)."""
    for spec in parse_pipeline(pipeline):
        if spec.name not in ("one-shot-bufferize", "comprehensive-bufferize"):
            continue
        values = spec.parameters.get(option)
        if values is None:
            return spec.name == "comprehensive-bufferize" and comprehensive_default
        return values in ((), (True,))
    return False


def config_for_pipeline(pipeline: str) -> GeneratorConfig:
    """A configuration whose programs the passes of `pipeline` should all accept."""
    if "bufferize" in pipeline:
        return GeneratorConfig(
            kind="tensor",
            function_boundaries=_bufferize_flag(
                pipeline, "bufferize-function-boundaries", True
            ),
            nonequivalent_yields=_bufferize_flag(
                pipeline, "allow-return-allocs-from-loops", True
            ),
        )
    if "dealloc" in pipeline:
        return GeneratorConfig(kind="memref", max_depth=3)
    return GeneratorConfig()


def apply_feature_spec(config: GeneratorConfig, spec: str) -> GeneratorConfig:
    """Apply a comma-separated spec like `-while,+nonequivalent_yields,max_ops=5`.

    `+adversarial` (`-adversarial`) enables (disables) all `ADVERSARIAL_FEATURES`."""
    disabled = set(config.disabled)
    for raw in spec.split(","):
        item = raw.strip()
        if not item:
            continue
        if "=" in item:
            key, value = item.split("=", 1)
            key = key.strip().replace("-", "_")
            if key not in ("max_helpers", "max_ops", "max_depth", "max_dim"):
                raise ValueError(f"unknown generator setting '{key}'")
            config = replace(config, **{key: int(value)})
            continue
        on = not item.startswith("-")
        name = item.lstrip("+-").replace("-", "_")
        if name == "nonequivalent_yields":
            config = replace(config, nonequivalent_yields=on)
        elif name == "function_boundaries":
            config = replace(config, function_boundaries=on)
        elif name == "adversarial":
            if on:
                disabled.difference_update(ADVERSARIAL_FEATURES)
            else:
                disabled.update(ADVERSARIAL_FEATURES)
        elif name in TENSOR_FEATURES or name in MEMREF_FEATURES:
            if on:
                disabled.discard(name)
            else:
                disabled.add(name)
        else:
            raise ValueError(f"unknown generator feature '{name}'")
    return replace(config, disabled=frozenset(disabled))


@dataclass
class _Val:
    """A value the generator may use: its SSA name, type, runtime shape and lineage."""

    name: str
    type: str
    shape: tuple[int, ...] = ()
    lineage: int = 0
    """Values of one lineage are successive in-place versions of one loop-carried tensor."""
    readable: bool = True
    stack: bool = False
    """A `memref.alloca`: must not outlive its function."""
    fresh: bool = False
    """A `tensor.empty`: may only be fully overwritten, never read."""
    is_const: bool = False

    @property
    def is_tensor(self) -> bool:
        return self.type.startswith("tensor<")

    @property
    def is_memref(self) -> bool:
        return self.type.startswith("memref<")


def tensor_type(shape: Iterable[int | None]) -> str:
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return f"tensor<{dims}f32>"


def _identity_map(rank: int) -> str:
    dims = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({dims}) -> ({dims})>"


class _FunctionText:
    """The text of one function under construction: a constants prologue and a body."""

    def __init__(self) -> None:
        self.prologue: list[str] = []
        self.body: list[str] = []
        self.index_consts: dict[int, str] = {}
        self.f32_consts: dict[float, str] = {}
        self.other_consts: dict[str, str] = {}


@dataclass
class _Helper:
    """A generated helper function: its name and signature."""

    name: str
    arg_types: list[str]
    result_types: list[str]
    arg_shapes: list[tuple[int, ...]]
    result_shapes: list[tuple[int, ...]]
    result_lineage_of_arg: list[int | None] = field(default_factory=lambda: [])
    """For each result, the argument it is returned unchanged from (None otherwise)."""


class ProgramGenerator:
    """Generates one random program; `generate_program` is the entry point."""

    def __init__(self, seed: int, config: GeneratorConfig) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.config = config
        self.counter = 0
        self.lineage_counter = 0
        self.fn = _FunctionText()
        self.indent = 1
        self.scopes: list[list[_Val]] = []
        self.consumable: set[int] = set()
        self.iv_bounds: dict[str, int] = {}
        self.helpers: list[_Helper] = []
        self.called: set[str] = set()
        self.functions_text: list[str] = []
        self.special_helpers: dict[str, list[_Helper]] = {}
        """Recursive / several-returns helpers made so far, by feature."""
        self.focus: _Val | None = None
        self.in_helper = False
        self.loop_base: int | None = None
        """Index in `scopes` of the innermost loop body's first scope (None outside)."""
        self.loop_side: list[_Val] = []
        """Results of writes, in the current loop body, that did not consume their
        destination (yield candidates when non-equivalent yields are allowed)."""
        self.loop_captured: list[_Val] = []
        """Values defined outside the current loop and written inside it."""
        self.loop_dead: list[_Val] = []
        """Captured values never read after the loop writing them (dead after it)."""
        self.outer_chains: set[int] = set()
        """Lineages carried by the enclosing loops and branches (never made dead)."""
        dims = list(range(2, config.max_dim + 1)) or [1]
        self.dims = sorted(self.rng.sample(dims, min(3, len(dims))))

    # ------------------------------------------------------------------ basics

    def fresh(self, hint: str = "v") -> str:
        self.counter += 1
        return f"%{hint}{self.counter}"

    def new_lineage(self) -> int:
        self.lineage_counter += 1
        return self.lineage_counter

    def emit(self, line: str) -> None:
        self.fn.body.append("  " * self.indent + line)

    def index(self, value: int) -> str:
        name = self.fn.index_consts.get(value)
        if name is None:
            name = f"%c{value}_{self.counter}".replace("-", "m")
            self.counter += 1
            self.fn.index_consts[value] = name
            self.fn.prologue.append(f"  {name} = arith.constant {value} : index")
        return name

    def f32(self, value: float) -> str:
        name = self.fn.f32_consts.get(value)
        if name is None:
            name = self.fresh("cst")
            self.fn.f32_consts[value] = name
            self.fn.prologue.append(f"  {name} = arith.constant {value!r} : f32")
        return name

    def const(self, text: str, typ: str, hint: str) -> str:
        key = f"{text}:{typ}"
        name = self.fn.other_consts.get(key)
        if name is None:
            name = self.fresh(hint)
            self.fn.other_consts[key] = name
            self.fn.prologue.append(f"  {name} = arith.constant {text} : {typ}")
        return name

    def small_float(self) -> float:
        return self.rng.choice(
            [-2.0, -1.5, -1.0, -0.5, -0.25, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0]
        )

    def shape(self, rank: int | None = None) -> tuple[int, ...]:
        if rank is None:
            rank = self.rng.choice([1, 2, 2, 2])
        return tuple(self.rng.choice(self.dims) for _ in range(rank))

    def add(self, val: _Val) -> _Val:
        self.scopes[-1].append(val)
        return val

    def visible(self, pred: Callable[[_Val], bool] | None = None) -> list[_Val]:
        return [
            v
            for scope in self.scopes
            for v in scope
            if v.readable and not v.fresh and (pred is None or pred(v))
        ]

    def scalars(self) -> list[_Val]:
        return self.visible(lambda v: v.type == "f32")

    def scalar(self) -> str:
        vals = self.scalars()
        if vals and self.rng.random() < 0.5:
            return self.rng.choice(vals).name
        return self.f32(self.small_float())

    def consume(self, dest: _Val) -> int:
        """Note that an op writes `dest`; the lineage of the op's result."""
        if dest.lineage in self.consumable:
            dest.readable = False
            return dest.lineage
        return self.new_lineage()

    # ---------------------------------------------------------------- tensors

    def fresh_tensor(self, shape: tuple[int, ...], dynamic: bool = False) -> _Val:
        """A new initialised tensor of `shape` (type dynamic if asked)."""
        r = self.rng.random()
        if dynamic:
            if r < 0.5:
                static = self.fresh_tensor(shape)
                return self.cast_dynamic(static)
            sizes = [self.index(d) for d in shape]
            typ = tensor_type([None] * len(shape))
            empty = self.fresh("e")
            self.emit(f"{empty} = tensor.empty({', '.join(sizes)}) : {typ}")
            return self.init_tensor(empty, typ, shape)
        typ = tensor_type(shape)
        if self.config.enabled("constants") and r < 0.2 and len(shape) <= 2:
            return self.dense_constant(shape)
        if self.config.enabled("alloc_tensor") and self.rng.random() < 0.2:
            alloc = self.fresh("at")
            self.emit(f"{alloc} = bufferization.alloc_tensor() : {typ}")
            return self.init_tensor(alloc, typ, shape)
        empty = self.fresh("e")
        self.emit(f"{empty} = tensor.empty() : {typ}")
        return self.init_tensor(empty, typ, shape)

    def dense_constant(self, shape: tuple[int, ...]) -> _Val:
        def build(dims: tuple[int, ...]) -> str:
            if not dims:
                return repr(self.small_float())
            return "[" + ", ".join(build(dims[1:]) for _ in range(dims[0])) + "]"

        typ = tensor_type(shape)
        name = self.fresh("k")
        self.emit(f"{name} = arith.constant dense<{build(shape)}> : {typ}")
        return self.add(
            _Val(name, typ, shape, lineage=self.new_lineage(), is_const=True)
        )

    def init_tensor(self, empty: str, typ: str, shape: tuple[int, ...]) -> _Val:
        name = self.fresh("t")
        if self.rng.random() < 0.35 or not shape:
            s = self.scalar()
            self.emit(
                f"{name} = linalg.fill ins({s} : f32) outs({empty} : {typ}) -> {typ}"
            )
        else:
            rank = len(shape)
            iters = ", ".join(['"parallel"'] * rank)
            self.emit(
                f"{name} = linalg.generic {{indexing_maps = [{_identity_map(rank)}], "
                f"iterator_types = [{iters}]}} outs({empty} : {typ}) {{"
            )
            out = self.fresh("o")
            self.emit(f"^bb0({out}: f32):")
            acc: str | None = None
            for d in range(rank):
                idx = self.fresh("i")
                self.emit(f"  {idx} = linalg.index {d} : index")
                mult = self.index(self.rng.randint(1, 5))
                term = self.fresh("m")
                self.emit(f"  {term} = arith.muli {idx}, {mult} : index")
                if acc is None:
                    acc = term
                else:
                    nxt = self.fresh("a")
                    self.emit(f"  {nxt} = arith.addi {acc}, {term} : index")
                    acc = nxt
            assert acc is not None
            rem = self.fresh("r")
            self.emit(
                f"  {rem} = arith.remui {acc}, {self.index(self.rng.randint(3, 9))} : index"
            )
            i32 = self.fresh("n")
            self.emit(f"  {i32} = arith.index_cast {rem} : index to i32")
            flt = self.fresh("f")
            self.emit(f"  {flt} = arith.sitofp {i32} : i32 to f32")
            res = self.fresh("y")
            self.emit(
                f"  {res} = arith.mulf {flt}, {self.f32(self.small_float())} : f32"
            )
            self.emit(f"  linalg.yield {res} : f32")
            self.emit(f"}} -> {typ}")
        return self.add(_Val(name, typ, shape, lineage=self.new_lineage()))

    def maybe_dynamic(self, probability: float) -> bool:
        """Draw whether a new tensor gets a dynamic type (never if disabled)."""
        draw = self.rng.random() < probability
        return draw and self.config.enabled("dynamic_shapes")

    def cast_dynamic(self, val: _Val) -> _Val:
        typ = tensor_type([None] * len(val.shape))
        name = self.fresh("d")
        self.emit(f"{name} = tensor.cast {val.name} : {val.type} to {typ}")
        return self.add(_Val(name, typ, val.shape, lineage=self.new_lineage()))

    def source(self, typ: str, shape: tuple[int, ...]) -> _Val:
        """A readable tensor of `typ` and runtime `shape`: an existing one or a new one."""
        cands = self.visible(lambda v: v.type == typ and v.shape == shape)
        if cands and self.rng.random() < 0.8:
            return self.rng.choice(cands)
        return self.fresh_tensor(shape, dynamic="?" in typ)

    def dest(
        self, typ: str, shape: tuple[int, ...], overwritten: bool
    ) -> tuple[str, _Val | None]:
        """A destination: an existing tensor (an aliasing write) or a `tensor.empty`."""
        focus = self.focus
        if (
            focus is not None
            and focus.readable
            and focus.type == typ
            and focus.shape == shape
            and self.rng.random() < 0.8
        ):
            return focus.name, focus
        cands = self.visible(lambda v: v.type == typ and v.shape == shape)
        if cands and (not overwritten or self.rng.random() < 0.7):
            # Prefer the most recent values: in-place chains.
            pick = cands[-1] if self.rng.random() < 0.5 else self.rng.choice(cands)
            return pick.name, pick
        if not overwritten:
            val = self.fresh_tensor(shape, dynamic="?" in typ)
            return val.name, val
        empty = self.fresh("e")
        if "?" in typ:
            sizes = ", ".join(self.index(d) for d in shape)
            self.emit(f"{empty} = tensor.empty({sizes}) : {typ}")
        else:
            self.emit(f"{empty} = tensor.empty() : {typ}")
        return empty, None

    def result(
        self, name: str, typ: str, shape: tuple[int, ...], dest: _Val | None
    ) -> _Val:
        lineage = self.consume(dest) if dest is not None else self.new_lineage()
        return self.add(_Val(name, typ, shape, lineage=lineage))

    def any_tensor(self, pred: Callable[[_Val], bool] | None = None) -> _Val:
        focus = self.focus
        if focus is not None and focus.readable and (pred is None or pred(focus)):
            return focus
        cands = self.visible(lambda v: v.is_tensor and (pred is None or pred(v)))
        if cands and self.rng.random() < 0.85:
            return self.rng.choice(cands)
        return self.fresh_tensor(self.shape(), dynamic=self.maybe_dynamic(0.15))

    # ------------------------------------------------------------- tensor ops

    def op_fill(self, depth: int) -> None:
        src = self.any_tensor()
        dname, dval = self.dest(src.type, src.shape, overwritten=True)
        name = self.fresh("t")
        s = self.scalar()
        self.emit(
            f"{name} = linalg.fill ins({s} : f32) outs({dname} : {src.type}) -> {src.type}"
        )
        self.result(name, src.type, src.shape, dval)

    def op_generic(self, depth: int) -> None:
        a = self.any_tensor()
        ins = [a] + ([self.source(a.type, a.shape)] if self.rng.random() < 0.6 else [])
        dname, dval = self.dest(a.type, a.shape, overwritten=self.rng.random() < 0.4)
        reads_out = dval is not None and self.rng.random() < 0.6
        rank = len(a.shape)
        maps = ", ".join([_identity_map(rank)] * (len(ins) + 1))
        iters = ", ".join(['"parallel"'] * rank)
        name = self.fresh("g")
        ins_txt = ", ".join(v.name for v in ins)
        ins_types = ", ".join(v.type for v in ins)
        self.emit(
            f"{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
            f"ins({ins_txt} : {ins_types}) outs({dname} : {a.type}) {{"
        )
        args = [self.fresh("x") for _ in ins]
        out = self.fresh("o")
        self.emit("^bb0(" + ", ".join(f"{x}: f32" for x in [*args, out]) + "):")
        acc = args[0]
        for x in [*args[1:], *([out] if reads_out else [])]:
            nxt = self.fresh("p")
            op = self.rng.choice(["addf", "subf", "mulf", "maximumf", "minimumf"])
            self.emit(f"  {nxt} = arith.{op} {acc}, {x} : f32")
            acc = nxt
        if self.rng.random() < 0.6:
            nxt = self.fresh("p")
            op = self.rng.choice(["addf", "mulf", "subf"])
            self.emit(f"  {nxt} = arith.{op} {acc}, {self.scalar()} : f32")
            acc = nxt
        self.emit(f"  linalg.yield {acc} : f32")
        self.emit(f"}} -> {a.type}")
        self.result(name, a.type, a.shape, dval)

    def op_named(self, depth: int) -> None:
        a = self.any_tensor()
        b = self.source(a.type, a.shape)
        dname, dval = self.dest(a.type, a.shape, overwritten=True)
        opname = self.rng.choice(["add", "sub", "mul", "max", "min"])
        name = self.fresh("b")
        self.emit(
            f"{name} = linalg.{opname} ins({a.name}, {b.name} : {a.type}, {b.type}) "
            f"outs({dname} : {a.type}) -> {a.type}"
        )
        self.result(name, a.type, a.shape, dval)

    def op_matmul(self, depth: int) -> None:
        c = self.visible(
            lambda v: v.is_tensor and len(v.shape) == 2 and "?" not in v.type
        )
        if c and self.rng.random() < 0.7:
            cval = self.rng.choice(c)
        else:
            cval = self.fresh_tensor(self.shape(2))
        m, n = cval.shape
        k = self.rng.choice(self.dims)
        a = self.source(tensor_type((m, k)), (m, k))
        b = self.source(tensor_type((k, n)), (k, n))
        name = self.fresh("mm")
        self.emit(
            f"{name} = linalg.matmul ins({a.name}, {b.name} : {a.type}, {b.type}) "
            f"outs({cval.name} : {cval.type}) -> {cval.type}"
        )
        self.result(name, cval.type, cval.shape, cval)

    def op_named_structured(self, depth: int) -> None:
        """One of MLIR's named contraction, pooling or convolution ops, accumulating
        into an existing tensor of the output's shape or a new one."""
        kind = self.rng.choice(
            [
                "batch_matmul",
                "matvec",
                "vecmat",
                "batch_matvec",
                "pooling_nhwc_max",
                "pooling_nhwc_min",
                "pooling_nhwc_sum",
                "pooling_nchw_max",
                "conv_1d",
                "conv_1d_nwc_wcf",
                "conv_2d_nhwc_hwcf",
                "depthwise_conv_2d_nhwc_hwc",
            ]
        )
        small = [d for d in self.dims if d <= 3] or [1]
        ranks = {"batch_matmul": 3, "matvec": 1, "vecmat": 1, "batch_matvec": 2}
        window = {"conv_1d": 1, "conv_1d_nwc_wcf": 1}.get(kind, 2)
        rank = ranks.get(kind, 1 if kind == "conv_1d" else 3 if window == 1 else 4)
        outs = self.visible(
            lambda v: v.is_tensor and len(v.shape) == rank and "?" not in v.type
        )
        if outs and self.rng.random() < 0.6:
            out = self.rng.choice(outs)
        else:
            out = self.fresh_tensor(tuple(self.rng.choice(small) for _ in range(rank)))
        k = self.rng.choice(small)
        steps = [
            (self.rng.randint(1, 2), self.rng.randint(1, 2), self.rng.randint(1, 2))
            for _ in range(window)
        ]
        if kind == "conv_1d":
            steps = [(self.rng.randint(1, 2), 1, 1)]

        def spatial(o: int, i: int) -> int:
            kernel, stride, dilation = steps[i]
            return (o - 1) * stride + (kernel - 1) * dilation + 1

        kernel = tuple(step[0] for step in steps)
        o = out.shape
        lhs_shape: tuple[int, ...]
        rhs_shape: tuple[int, ...]
        if kind == "batch_matmul":
            lhs_shape, rhs_shape = (o[0], o[1], k), (o[0], k, o[2])
        elif kind == "matvec":
            lhs_shape, rhs_shape = (o[0], k), (k,)
        elif kind == "vecmat":
            lhs_shape, rhs_shape = (k,), (k, o[0])
        elif kind == "batch_matvec":
            lhs_shape, rhs_shape = (o[0], o[1], k), (o[0], k)
        elif kind == "conv_1d":
            lhs_shape, rhs_shape = (spatial(o[0], 0),), kernel
        elif kind == "conv_1d_nwc_wcf":
            lhs_shape, rhs_shape = (o[0], spatial(o[1], 0), k), (*kernel, k, o[2])
        elif kind == "pooling_nchw_max":
            lhs_shape = (o[0], o[1], spatial(o[2], 0), spatial(o[3], 1))
            rhs_shape = kernel
        elif kind == "conv_2d_nhwc_hwcf":
            lhs_shape = (o[0], spatial(o[1], 0), spatial(o[2], 1), k)
            rhs_shape = (*kernel, k, o[3])
        else:
            lhs_shape = (o[0], spatial(o[1], 0), spatial(o[2], 1), o[3])
            depthwise = kind == "depthwise_conv_2d_nhwc_hwc"
            rhs_shape = (*kernel, o[3]) if depthwise else kernel
        lhs = self.source(tensor_type(lhs_shape), lhs_shape)
        rhs = self.source(tensor_type(rhs_shape), rhs_shape)
        attrs = ""
        if kind != "conv_1d" and kind not in ranks:
            strides = ", ".join(str(step[1]) for step in steps)
            dilations = ", ".join(str(step[2]) for step in steps)
            attrs = (
                f" {{dilations = dense<[{dilations}]> : tensor<{window}xi64>, "
                f"strides = dense<[{strides}]> : tensor<{window}xi64>}}"
            )
        name = self.fresh("ns")
        self.emit(
            f"{name} = linalg.{kind}{attrs} ins({lhs.name}, {rhs.name} : {lhs.type}, "
            f"{rhs.type}) outs({out.name} : {out.type}) -> {out.type}"
        )
        self.result(name, out.type, out.shape, out)

    def op_transpose(self, depth: int) -> None:
        a = self.any_tensor(lambda v: len(v.shape) == 2 and "?" not in v.type)
        if len(a.shape) != 2 or "?" in a.type:
            a = self.fresh_tensor(self.shape(2))
        shape = (a.shape[1], a.shape[0])
        typ = tensor_type(shape)
        dname, dval = self.dest(typ, shape, overwritten=True)
        name = self.fresh("tr")
        self.emit(
            f"{name} = linalg.transpose ins({a.name} : {a.type}) outs({dname} : {typ}) "
            "permutation = [1, 0]"
        )
        self.result(name, typ, shape, dval)

    def op_copy(self, depth: int) -> None:
        a = self.any_tensor()
        dname, dval = self.dest(a.type, a.shape, overwritten=True)
        name = self.fresh("cp")
        self.emit(
            f"{name} = linalg.copy ins({a.name} : {a.type}) outs({dname} : {a.type}) -> {a.type}"
        )
        self.result(name, a.type, a.shape, dval)

    def indices_for(self, shape: tuple[int, ...]) -> str:
        return ", ".join(self.index(self.rng.randrange(d)) for d in shape)

    def op_insert(self, depth: int) -> None:
        a = self.any_tensor()
        name = self.fresh("ins")
        self.emit(
            f"{name} = tensor.insert {self.scalar()} into {a.name}[{self.indices_for(a.shape)}] : {a.type}"
        )
        self.result(name, a.type, a.shape, a)

    def op_extract(self, depth: int) -> None:
        a = self.any_tensor()
        name = self.fresh("s")
        self.emit(
            f"{name} = tensor.extract {a.name}[{self.indices_for(a.shape)}] : {a.type}"
        )
        self.add(_Val(name, "f32"))

    def slice_params(
        self, shape: tuple[int, ...], dynamic_sizes: bool
    ) -> tuple[str, str, tuple[int, ...], str]:
        """Offsets, sizes, the tile's runtime shape and its type, for a tile of `shape`."""
        offs: list[str] = []
        sizes: list[str] = []
        tile: list[int] = []
        tile_type: list[int | None] = []
        ivs = [
            (name, bound)
            for name, bound in self.iv_bounds.items()
            if any(name == v.name for v in self.visible(lambda v: v.type == "index"))
        ]
        for d in shape:
            size = self.rng.randint(1, d)
            off = self.rng.randint(0, d - size)
            iv_ok = [(n, b) for n, b in ivs if b + size <= d]
            if iv_ok and self.rng.random() < 0.5:
                offs.append(self.rng.choice(iv_ok)[0])
            elif self.config.enabled("dynamic_slices") and self.rng.random() < 0.3:
                offs.append(self.index(off))
            else:
                offs.append(str(off))
            if dynamic_sizes:
                sizes.append(self.index(size))
                tile_type.append(None)
            else:
                sizes.append(str(size))
                tile_type.append(size)
            tile.append(size)
        return (
            ", ".join(offs),
            ", ".join(sizes),
            tuple(tile),
            tensor_type(tile_type),
        )

    def op_slice(self, depth: int) -> None:
        """A tile: extract it, compute on it, insert it back (or keep it as a view)."""
        src = self.any_tensor()
        dyn = self.config.enabled("dynamic_slices") and self.rng.random() < 0.3
        offs, sizes, tile, ttype = self.slice_params(src.shape, dyn)
        strides = ", ".join(["1"] * len(src.shape))
        name = self.fresh("sl")
        self.emit(
            f"{name} = tensor.extract_slice {src.name}[{offs}] [{sizes}] [{strides}] "
            f": {src.type} to {ttype}"
        )
        tval = self.add(_Val(name, ttype, tile, lineage=self.new_lineage()))
        if self.rng.random() < 0.3:
            return  # a read-only view, used by later ops
        if self.config.enabled("slice_clobber") and self.rng.random() < 0.4:
            # The tile's producer is a new tensor (empty-tensor elimination may let it
            # write straight into the destination).
            tval = self.fresh_tensor(tile, dynamic="?" in ttype)
        # Compute on the tile.
        saved_focus = self.focus
        for _ in range(self.rng.randint(1, 2)):
            self.focus = tval
            self.rng.choice(
                [self.op_fill, self.op_generic, self.op_insert, self.op_named]
            )(depth)
            cands = self.visible(lambda v: v.type == ttype and v.shape == tile)
            tval = cands[-1] if cands else tval
        self.focus = saved_focus
        upd = tval
        dest = src if src.readable else self.source(src.type, src.shape)
        if self.rng.random() < 0.2:
            dest = self.source(src.type, src.shape)
        if self.config.enabled("slice_clobber") and self.rng.random() < 0.5:
            # The destination is written between the tile's producer and the insert.
            clobbered = self.side_write(dest)
            if self.rng.random() < 0.5:
                dest = clobbered
        res = self.fresh("is")
        self.emit(
            f"{res} = tensor.insert_slice {upd.name} into {dest.name}[{offs}] [{sizes}] "
            f"[{strides}] : {ttype} into {dest.type}"
        )
        self.result(res, dest.type, dest.shape, dest)

    def op_dynamic(self, depth: int) -> None:
        a = self.any_tensor(lambda v: "?" not in v.type)
        if "?" in a.type:
            a = self.fresh_tensor(self.shape())
        d = self.cast_dynamic(a)
        dims = []
        for i in range(len(d.shape)):
            dim = self.fresh("dim")
            self.emit(f"{dim} = tensor.dim {d.name}, {self.index(i)} : {d.type}")
            dims.append(dim)
        if self.rng.random() < 0.6:
            empty = self.fresh("e")
            self.emit(f"{empty} = tensor.empty({', '.join(dims)}) : {d.type}")
            self.init_tensor(empty, d.type, d.shape)

    def op_constant(self, depth: int) -> None:
        self.dense_constant(self.shape())

    # ------------------------------------------------- adversarial shapes (#12)

    def side_write(self, dest: _Val) -> _Val:
        """Write into `dest` without consuming it: `dest`'s old value stays readable."""
        # Inserts at induction variables and accumulations differ from one iteration
        # to the next: a write seen by a later iteration changes the results.
        kinds = ["insert", "insert", "generic", "generic", "fill", "copy"]
        kind = self.rng.choice(kinds)
        typ = dest.type
        name = self.fresh("w")
        if kind == "insert":
            self.emit(
                f"{name} = tensor.insert {self.scalar()} into {dest.name}"
                f"[{self.indices_varying(dest.shape)}] : {typ}"
            )
        elif kind == "fill":
            self.emit(
                f"{name} = linalg.fill ins({self.scalar()} : f32) outs({dest.name} : {typ}) -> {typ}"
            )
        elif kind == "generic":
            rank = len(dest.shape)
            iters = ", ".join(['"parallel"'] * rank)
            self.emit(
                f"{name} = linalg.generic {{indexing_maps = [{_identity_map(rank)}], "
                f"iterator_types = [{iters}]}} outs({dest.name} : {typ}) {{"
            )
            out, p = self.fresh("o"), self.fresh("p")
            self.emit(f"^bb0({out}: f32):")
            self.emit(f"  {p} = arith.addf {out}, {self.f32(self.small_float())} : f32")
            self.emit(f"  linalg.yield {p} : f32")
            self.emit(f"}} -> {typ}")
        else:
            src = self.source(typ, dest.shape)
            self.emit(
                f"{name} = linalg.copy ins({src.name} : {typ}) outs({dest.name} : {typ}) -> {typ}"
            )
        val = self.add(_Val(name, typ, dest.shape, lineage=self.new_lineage()))
        if self.loop_base is not None:
            self.loop_side.append(val)
        return val

    def indices_varying(self, shape: tuple[int, ...]) -> str:
        """Indices into `shape`, induction variables where they fit."""
        ivs = [
            (v.name, self.iv_bounds[v.name])
            for v in self.visible(lambda v: v.type == "index")
            if v.name in self.iv_bounds
        ]
        out: list[str] = []
        for d in shape:
            fits = [n for n, b in ivs if b < d]
            if fits and self.rng.random() < 0.7:
                out.append(self.rng.choice(fits))
            else:
                out.append(self.index(self.rng.randrange(d)))
        return ", ".join(out)

    def observe(self, val: _Val, into: _Val | None = None) -> None:
        """Read one element of `val`; with `into`, store it into `into` (consumed)."""
        x = self.fresh("ob")
        self.emit(
            f"{x} = tensor.extract {val.name}[{self.indices_for(val.shape)}] : {val.type}"
        )
        self.add(_Val(x, "f32"))
        if into is not None and into.readable:
            name = self.fresh("ins")
            self.emit(
                f"{name} = tensor.insert {x} into {into.name}[{self.indices_for(into.shape)}] : {into.type}"
            )
            self.result(name, into.type, into.shape, into)

    def carried_now(self) -> list[_Val]:
        """The current versions of the tensors the innermost loop or branch carries."""
        return self.visible(lambda v: v.is_tensor and v.lineage in self.consumable)

    def op_captured_write(self, depth: int) -> None:
        """In a loop body, write into a tensor defined outside the loop."""
        if self.loop_base is None:
            return
        outside = [
            v
            for scope in self.scopes[: self.loop_base]
            for v in scope
            if v.is_tensor and v.readable and not v.fresh
        ]
        if not outside:
            return
        cap = self.rng.choice(outside)
        written = self.side_write(cap)
        self.loop_captured.append(cap)
        chain = cap.lineage in self.consumable or cap.lineage in self.outer_chains
        if not chain and self.rng.random() < 0.5:
            # Only the loop's own later iterations read the old value.
            self.loop_dead.append(cap)
        carried = self.carried_now()
        if not carried or self.rng.random() < 0.2:
            return
        acc = self.rng.choice(carried)
        if acc.type == written.type and acc.shape == written.shape:
            # The carried value depends on every element of the written one.
            name = self.fresh("b")
            self.emit(
                f"{name} = linalg.add ins({written.name}, {acc.name} : {acc.type}, {acc.type}) "
                f"outs({acc.name} : {acc.type}) -> {acc.type}"
            )
            self.result(name, acc.type, acc.shape, acc)
        else:
            self.observe(written, into=acc)

    def op_shared(self, depth: int) -> None:
        """One value as several operands (and destinations) of one op."""
        a = self.any_tensor()
        typ, rank = a.type, len(a.shape)
        kind = self.rng.choice(["ins_outs", "two_outs", "two_outs", "named"])
        if kind == "named":
            opname = self.rng.choice(["add", "mul", "sub"])
            name = self.fresh("b")
            self.emit(
                f"{name} = linalg.{opname} ins({a.name}, {a.name} : {typ}, {typ}) "
                f"outs({a.name} : {typ}) -> {typ}"
            )
            self.result(name, typ, a.shape, a)
            return
        iters = ", ".join(['"parallel"'] * rank)
        name = self.fresh("g")
        if kind == "ins_outs":
            maps = ", ".join([_identity_map(rank)] * 3)
            self.emit(
                f"{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
                f"ins({a.name}, {a.name} : {typ}, {typ}) outs({a.name} : {typ}) {{"
            )
            x, y, o, p, q = (self.fresh(h) for h in "xyopq")
            self.emit(f"^bb0({x}: f32, {y}: f32, {o}: f32):")
            self.emit(f"  {p} = arith.mulf {x}, {y} : f32")
            self.emit(f"  {q} = arith.addf {p}, {o} : f32")
            self.emit(f"  linalg.yield {q} : f32")
            self.emit(f"}} -> {typ}")
            self.result(name, typ, a.shape, a)
            return
        # Two destinations, the same value, different values yielded into each.
        d = self.source(typ, a.shape) if self.rng.random() < 0.5 else a
        maps = ", ".join([_identity_map(rank)] * 3)
        self.emit(
            f"{name}:2 = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
            f"ins({a.name} : {typ}) outs({d.name}, {d.name} : {typ}, {typ}) {{"
        )
        x, o1, o2, p, q = (self.fresh(h) for h in ("x", "o", "o", "p", "q"))
        self.emit(f"^bb0({x}: f32, {o1}: f32, {o2}: f32):")
        self.emit(f"  {p} = arith.addf {x}, {o1} : f32")
        self.emit(f"  {q} = arith.mulf {x}, {self.f32(self.small_float())} : f32")
        self.emit(f"  linalg.yield {p}, {q} : f32, f32")
        # xDSL 0.75 reads several results only without parentheses (MLIR wants them).
        self.emit(f"}} -> {typ}, {typ}")
        self.result(f"{name}#0", typ, a.shape, d)
        self.add(_Val(f"{name}#1", typ, a.shape, lineage=self.new_lineage()))

    def op_materialize(self, depth: int) -> None:
        """`bufferization.materialize_in_destination` into a new tensor.

        Its destination must bufferize in place (MLIR rejects the program otherwise):
        a `tensor.empty` or a new writable tensor read by nothing else afterwards; its
        source is a new value read by nothing else either."""
        model = self.any_tensor()
        typ, shape = model.type, model.shape
        # MLIR rejects the program when the source is used again (the op is meant to
        # produce its source in the destination): a new value, not read afterwards.
        sizes = ", ".join(self.index(d) for d in shape) if "?" in typ else ""
        src_empty = self.fresh("e")
        self.emit(f"{src_empty} = tensor.empty({sizes}) : {typ}")
        src = self.init_tensor(src_empty, typ, shape)
        empty = self.fresh("e")
        self.emit(f"{empty} = tensor.empty({sizes}) : {typ}")
        dname, dval = empty, None
        if self.rng.random() < 0.5:
            dval = self.init_tensor(empty, typ, shape)
            dname = dval.name
        name = self.fresh("mat")
        self.emit(
            f"{name} = bufferization.materialize_in_destination {src.name} in {dname} "
            f": ({typ}, {typ}) -> {typ}"
        )
        src.readable = False
        if dval is not None:
            dval.readable = False
        self.add(_Val(name, typ, shape, lineage=self.new_lineage()))

    def op_alloc_tensor(self, depth: int) -> None:
        """A `bufferization.alloc_tensor` copying an existing value."""
        src = self.any_tensor()
        name = self.fresh("at")
        self.emit(
            f"{name} = bufferization.alloc_tensor() copy({src.name}) : {src.type}"
        )
        self.add(_Val(name, src.type, src.shape, lineage=self.new_lineage()))

    def op_memory_space(self, depth: int) -> None:
        """A tensor in memory space 1: a new one, or a copy of an existing value."""
        space = "{memory_space = 1 : i64}"
        name = self.fresh("ms")
        if self.rng.random() < 0.5:
            shape = self.shape()
            typ = tensor_type(shape)
            self.emit(f"{name} = bufferization.alloc_tensor() {space} : {typ}")
            self.init_tensor(name, typ, shape)
            return
        src = self.any_tensor()
        self.emit(
            f"{name} = bufferization.alloc_tensor() copy({src.name}) {space} "
            f": {src.type}"
        )
        self.add(_Val(name, src.type, src.shape, lineage=self.new_lineage()))

    def op_memory_space_return(self, depth: int) -> None:
        """A call of a helper returning a tensor in memory space 1 (with function
        boundaries): its result type follows the returned buffer's space, or the
        buffer is copied into the default space of a fixed result type."""
        helper = self._special_helper("memory_space_return", self._space_helper)
        if helper is not None:
            self.called.add(helper.name)
            self._special_call(helper, [self.scalar()])

    def _space_helper(self, number: int) -> _Helper:
        """`@space<n>(%t: tensor<S>, %s: f32) -> tensor<S>` returning, in memory
        space 1, a new tensor filled with `%s`, a copy of `%t` with `%s` inserted,
        or (`%s > 0`) either; the text goes among the functions."""
        shape = self.shape()
        typ = tensor_type(shape)
        name = f"space{number}"
        public = self.rng.random() < 0.3
        first = ", ".join("%c0" for _ in shape)
        space = "{memory_space = 1 : i64}"
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %s: f32) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            f"  %e = bufferization.alloc_tensor() {space} : {typ}",
            f"  %n = linalg.fill ins(%s : f32) outs(%e : {typ}) -> {typ}",
            f"  %k = bufferization.alloc_tensor() copy(%t) {space} : {typ}",
            f"  %w = tensor.insert %s into %k[{first}] : {typ}",
        ]
        kind = self.rng.choice(["new", "copy", "either"])
        out = {"new": "%n", "copy": "%w"}.get(kind, "%y")
        if kind == "either":
            lines += [
                "  %zero = arith.constant 0.0 : f32",
                "  %cond = arith.cmpf ogt, %s, %zero : f32",
                f"  %y = scf.if %cond -> ({typ}) {{",
                f"    scf.yield %n : {typ}",
                "  } else {",
                f"    scf.yield %w : {typ}",
                "  }",
            ]
        lines += [f"  func.return {out} : {typ}", "}"]
        self.functions_text.append("\n".join(lines))
        return _Helper(name, [typ, "f32"], [typ], [shape, ()], [shape])

    def enter_loop(self) -> tuple[int | None, list[_Val], list[_Val], set[int]]:
        """Start a loop body (call before pushing its scope); returns what to restore."""
        saved = (self.loop_base, self.loop_side, self.loop_captured, self.outer_chains)
        self.outer_chains = self.outer_chains | self.consumable
        self.loop_base = len(self.scopes)
        self.loop_side = []
        self.loop_captured = []
        return saved

    def leave_loop(
        self, saved: tuple[int | None, list[_Val], list[_Val], set[int]]
    ) -> list[_Val]:
        """End a loop body (after popping its scopes); the values from outside it that
        it wrote."""
        captured = self.loop_captured
        self.loop_base, self.loop_side, self.loop_captured, self.outer_chains = saved
        if self.loop_base is not None:
            # What the inner loop wrote and the outer loop captured too.
            outer = {id(v) for scope in self.scopes[: self.loop_base] for v in scope}
            self.loop_captured += [
                v
                for v in captured
                if id(v) in outer and all(v is not w for w in self.loop_captured)
            ]
        return captured

    def after_loop(self, captured: list[_Val], result: _Val | None) -> None:
        """Code after a loop reads the old values of what the loop wrote (except the
        values chosen to be dead after it: then only later iterations read them)."""
        for cap in self.loop_dead:
            cap.readable = False
        self.loop_dead = []
        for cap in captured[:2]:
            if cap.readable and self.rng.random() < 0.7:
                self.observe(cap, into=result)

    def op_while_forward(self, depth: int) -> None:
        """An `scf.while` with ops in both regions and adversarial forwarding."""
        init = self.carried()
        typ = init.type
        modes = ["chain"]
        if self.config.nonequivalent_yields:
            modes += ["captured", "slice"]
            if self.config.enabled("shared_operands"):
                modes.append("dup")
        mode = self.rng.choice(modes)
        trip = self.rng.randint(0, 3)
        res = self.fresh("wh")
        a, k = self.fresh("wa"), self.fresh("wk")
        zero = self.const("0", "i32", "zi")
        limit = self.const(str(trip), "i32", "lim")
        one = self.const("1", "i32", "one")
        header_at = len(self.fn.body)
        self.emit("")  # the header, once the forwarded types are known
        lin_a = self.new_lineage()
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = {lin_a}
        self.indent += 1
        self.scopes.append([_Val(a, typ, init.shape, lineage=lin_a)])
        if self.config.enabled("captured_writes") and self.rng.random() < 0.4:
            self.op_captured_write(depth)
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        chain = [v for v in self.visible() if v.lineage == lin_a][-1]
        forwarded: list[_Val] = [chain]
        outside = [
            v
            for scope in self.scopes[: self.loop_base]
            for v in scope
            if v.type == typ and v.shape == init.shape and v.readable
        ]
        if mode == "captured" and outside:
            forwarded = [self.rng.choice(outside)]
            cap = forwarded[0]
            carried_outside = cap.lineage in self.outer_chains or cap is init
            if not carried_outside and self.rng.random() < 0.5:
                # Only the condition reads it again (each iteration): dead after the loop.
                self.loop_dead.append(cap)
        elif mode == "slice" and (
            sources := [
                v
                for scope in self.scopes[: self.loop_base]
                for v in scope
                if v.is_tensor and v.readable and not v.fresh
            ]
        ):
            src = self.rng.choice(sources)
            offs, sizes, tile, ttype = self.slice_params(src.shape, False)
            strides = ", ".join(["1"] * len(src.shape))
            sl = self.fresh("sl")
            self.emit(
                f"{sl} = tensor.extract_slice {src.name}[{offs}] [{sizes}] [{strides}] "
                f": {src.type} to {ttype}"
            )
            forwarded = [_Val(sl, ttype, tile)]
        elif mode == "dup":
            forwarded = [chain, chain]
        else:
            mode = "chain"  # nothing to forward instead of the argument
        go = self.fresh("go")
        self.emit(f"{go} = arith.cmpi slt, {k}, {limit} : i32")
        fwd_types = [v.type for v in forwarded]
        self.emit(
            f"scf.condition({go}) {', '.join(v.name for v in forwarded)}, {k} "
            f": {', '.join(fwd_types)}, i32"
        )
        self.scopes.pop()
        self.indent -= 1
        n = len(forwarded) + 1
        self.fn.body[header_at] = "  " * self.indent + (
            f"{res}:{n} = scf.while ({a} = {init.name}, {k} = {zero}) : ({typ}, i32) "
            f"-> ({', '.join(fwd_types)}, i32) {{"
        )
        self.emit("} do {")
        bs = [self.fresh("wb") for _ in forwarded]
        bk = self.fresh("wbk")
        params = ", ".join(f"{b}: {v.type}" for b, v in zip(bs, forwarded, strict=True))
        self.emit(f"^bb0({params}, {bk}: i32):")
        lin_b = self.new_lineage()
        self.consumable = {lin_b}
        self.indent += 1
        self.scopes.append(
            [
                _Val(
                    b, v.type, v.shape, lineage=lin_b if i == 0 else self.new_lineage()
                )
                for i, (b, v) in enumerate(zip(bs, forwarded, strict=True))
            ]
        )
        first = self.scopes[-1][0]
        if self.rng.random() < 0.5:
            # A write into the block argument whose old value may still be yielded.
            self.side_write(first)
        if self.config.enabled("captured_writes") and self.rng.random() < 0.5:
            self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(0, max(1, self.config.max_ops // 2))
        )
        same = self.visible(lambda v: v.type == typ and v.shape == init.shape)
        mine = [v for v in same if v.lineage == lin_b]
        if mode == "chain" and (
            not self.config.nonequivalent_yields or self.rng.random() < 0.5
        ):
            y = mine[-1]
        elif same:
            y = self.rng.choice(same)
        else:
            y = self.fresh_tensor(init.shape, dynamic="?" in typ)
        nk = self.fresh("nk")
        self.emit(f"{nk} = arith.addi {bk}, {one} : i32")
        self.emit(f"scf.yield {y.name}, {nk} : {y.type}, i32")
        self.scopes.pop()
        self.consumable, self.indent = saved
        captured = self.leave_loop(saved_loop)
        self.emit("}")
        results: list[_Val] = []
        for i, v in enumerate(forwarded):
            name = f"{res}#{i}"
            if i == 0 and mode == "chain":
                results.append(self.result(name, typ, init.shape, init))
            else:
                results.append(
                    self.add(_Val(name, v.type, v.shape, lineage=self.new_lineage()))
                )
        self.after_loop(captured, results[0])

    def carried(self) -> _Val:
        """A tensor for a loop or branch to carry."""
        cands = self.visible(lambda v: v.is_tensor)
        mine = [v for v in cands if v.lineage in self.consumable]
        if mine and self.rng.random() < 0.6:
            return self.rng.choice(mine)
        return self.any_tensor()

    def region_ops(self, depth: int, count: int) -> None:
        for _ in range(count):
            self.random_op(depth)

    def yield_value(self, init: _Val, lineage: int) -> _Val:
        same = self.visible(lambda v: v.type == init.type and v.shape == init.shape)
        if self.config.nonequivalent_yields:
            side = [v for v in self.loop_side if v in same]
            if side and self.rng.random() < 0.5:
                return self.rng.choice(side)
        if self.config.nonequivalent_yields and same and self.rng.random() < 0.3:
            return self.rng.choice(same)
        mine = [v for v in same if v.lineage == lineage]
        return mine[-1]

    def op_for(self, depth: int) -> None:
        inits = [self.carried()]
        if self.config.nonequivalent_yields and self.rng.random() < 0.4:
            inits.append(self.source(inits[0].type, inits[0].shape))
        if self.config.enabled("shared_operands") and self.rng.random() < 0.3:
            inits = [inits[0], inits[0]]  # one value as two iteration arguments
        trip = self.rng.randint(1, 3)
        iv = self.fresh("iv")
        res = self.fresh("for")
        args = [self.fresh("acc") for _ in inits]
        iter_txt = ", ".join(
            f"{a} = {v.name}" for a, v in zip(args, inits, strict=True)
        )
        types = ", ".join(v.type for v in inits)
        lhs = f"{res}:{len(inits)}" if len(inits) > 1 else res
        self.emit(
            f"{lhs} = scf.for {iv} = {self.index(0)} to {self.index(trip)} "
            f"step {self.index(1)} iter_args({iter_txt}) -> ({types}) {{"
        )
        lineages = [self.new_lineage() for _ in inits]
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = set(lineages)
        self.indent += 1
        self.scopes.append([_Val(iv, "index")])
        self.iv_bounds[iv] = trip - 1
        for a, v, lin in zip(args, inits, lineages, strict=True):
            self.add(_Val(a, v.type, v.shape, lineage=lin))
        if self.config.enabled("captured_writes") and self.rng.random() < 0.6:
            self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(1, max(1, self.config.max_ops // 2))
        )
        ys = [self.yield_value(v, lin) for v, lin in zip(inits, lineages, strict=True)]
        if (
            len(ys) == 2
            and self.config.nonequivalent_yields
            and self.rng.random() < 0.5
        ):
            ys.reverse()  # swapped iteration arguments
        self.emit(
            f"scf.yield {', '.join(y.name for y in ys)} : {', '.join(y.type for y in ys)}"
        )
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        del self.iv_bounds[iv]
        self.consumable, self.indent = saved
        self.emit("}")
        results = [
            self.result(f"{res}#{i}" if len(inits) > 1 else res, v.type, v.shape, v)
            for i, v in enumerate(inits)
        ]
        self.after_loop(captured, results[0])

    def op_forall(self, depth: int) -> None:
        """An `scf.forall` tiling a shared output along its first dimension: each
        iteration computes its tile (in place on its own slice of the output, or from
        other values) and inserts it with `tensor.parallel_insert_slice`; the shared
        output is read only through the iteration's own tile (anything else would be
        a race). Ops in the body may write into tensors defined outside the loop (and
        with `captured_writes` always do): each iteration needs a private copy."""
        out = self.carried()
        if not out.shape or "?" in out.type.split("x")[0]:
            return
        n = out.shape[0]
        tile_size = self.rng.choice([d for d in range(1, n + 1) if n % d == 0])
        trips = n // tile_size
        rest = out.shape[1:]
        tile_shape = (tile_size, *rest)
        tile_type = tensor_type(tile_shape)
        iv, shared, res = self.fresh("fi"), self.fresh("so"), self.fresh("fa")
        self.emit(
            f"{res} = scf.forall ({iv}) in ({trips}) shared_outs({shared} = {out.name}) "
            f"-> ({out.type}) {{"
        )
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.indent += 1
        self.scopes.append([_Val(iv, "index")])
        self.iv_bounds[iv] = trips - 1
        off = self.fresh("off")
        self.emit(f"{off} = arith.muli {iv}, {self.index(tile_size)} : index")
        offs = ", ".join([off] + ["0"] * len(rest))
        sizes = ", ".join(str(d) for d in tile_shape)
        strides = ", ".join(["1"] * len(out.shape))
        self.add(_Val(shared, out.type, out.shape, readable=False))
        if self.rng.random() < 0.7:
            tile = self.fresh("tile")
            self.emit(
                f"{tile} = tensor.extract_slice {shared}[{offs}] [{sizes}] [{strides}] "
                f": {out.type} to {tile_type}"
            )
            piece = self.add(
                _Val(tile, tile_type, tile_shape, lineage=self.new_lineage())
            )
        else:
            piece = self.fresh_tensor(tile_shape)
        self.consumable = {piece.lineage}
        if self.config.enabled("captured_writes") and self.rng.random() < 0.6:
            self.op_captured_write(depth)
        saved_focus = self.focus
        for _ in range(self.rng.randint(1, 3)):
            self.focus = piece
            self.random_op(depth + 1)
            same = self.visible(lambda v: v.type == tile_type and v.shape == tile_shape)
            piece = same[-1] if same else piece
        self.focus = saved_focus
        self.emit("scf.forall.in_parallel {")
        self.emit(
            f"  tensor.parallel_insert_slice {piece.name} into {shared}[{offs}] "
            f"[{sizes}] [{strides}] : {tile_type} into {out.type}"
        )
        self.emit("}")
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        del self.iv_bounds[iv]
        self.consumable, self.indent = saved
        self.emit("}")
        result = self.result(res, out.type, out.shape, out)
        self.after_loop(captured, result)

    def op_if(self, depth: int) -> None:
        init = self.carried()
        lineage = init.lineage if init.lineage in self.consumable else None
        cond = self.condition()
        res = self.fresh("if")
        self.emit(f"{res} = scf.if {cond} -> ({init.type}) {{")
        saved = (self.consumable, self.indent)
        self.indent += 1
        for branch in range(2):
            if branch == 1:
                self.emit("} else {")
            marks = [(v, v.readable) for s in self.scopes for v in s]
            self.consumable = {lineage} if lineage is not None else set()
            self.scopes.append([])
            self.region_ops(
                depth + 1, self.rng.randint(0, max(1, self.config.max_ops // 3))
            )
            same = self.visible(lambda v: v.type == init.type and v.shape == init.shape)
            if lineage is not None:
                y = [v for v in same if v.lineage == lineage][-1]
            else:
                y = (
                    self.rng.choice(same)
                    if same
                    else self.fresh_tensor(init.shape, "?" in init.type)
                )
            self.emit(f"scf.yield {y.name} : {y.type}")
            self.scopes.pop()
            for v, r in marks:
                v.readable = r
        self.consumable, self.indent = saved
        self.emit("}")
        if lineage is not None:
            self.result(res, init.type, init.shape, init)
        else:
            self.add(_Val(res, init.type, init.shape, lineage=self.new_lineage()))

    def condition(self) -> str:
        name = self.fresh("cond")
        ivs = self.visible(lambda v: v.type == "index" and v.name in self.iv_bounds)
        if ivs and self.rng.random() < 0.6:
            iv = self.rng.choice(ivs)
            k = self.rng.randint(0, self.iv_bounds[iv.name])
            self.emit(
                f"{name} = arith.cmpi {self.rng.choice(['eq', 'ne', 'ult'])}, {iv.name}, {self.index(k)} : index"
            )
        elif self.scalars() and self.rng.random() < 0.6:
            s = self.rng.choice(self.scalars())
            self.emit(
                f"{name} = arith.cmpf olt, {s.name}, {self.f32(self.small_float())} : f32"
            )
        else:
            a, b = self.rng.randint(0, 3), self.rng.randint(0, 3)
            self.emit(
                f"{name} = arith.cmpi slt, {self.index(a)}, {self.index(b)} : index"
            )
        return name

    def op_while(self, depth: int) -> None:
        init = self.carried()
        trip = self.rng.randint(0, 3)
        res = self.fresh("wh")
        a, k = self.fresh("wa"), self.fresh("wk")
        zero = self.const("0", "i32", "zi")
        limit = self.const(str(trip), "i32", "lim")
        one = self.const("1", "i32", "one")
        self.emit(
            f"{res}:2 = scf.while ({a} = {init.name}, {k} = {zero}) : ({init.type}, i32) "
            f"-> ({init.type}, i32) {{"
        )
        go = self.fresh("go")
        self.emit(f"  {go} = arith.cmpi slt, {k}, {limit} : i32")
        self.emit(f"  scf.condition({go}) {a}, {k} : {init.type}, i32")
        self.emit("} do {")
        b, bk = self.fresh("wb"), self.fresh("wbk")
        self.emit(f"^bb0({b}: {init.type}, {bk}: i32):")
        lineage = self.new_lineage()
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = {lineage}
        self.indent += 1
        self.scopes.append([_Val(b, init.type, init.shape, lineage=lineage)])
        if self.config.enabled("captured_writes") and self.rng.random() < 0.6:
            self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(1, max(1, self.config.max_ops // 2))
        )
        y = self.yield_value(init, lineage)
        nk = self.fresh("nk")
        self.emit(f"{nk} = arith.addi {bk}, {one} : i32")
        self.emit(f"scf.yield {y.name}, {nk} : {y.type}, i32")
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        self.consumable, self.indent = saved
        self.emit("}")
        result = self.result(f"{res}#0", init.type, init.shape, init)
        self.after_loop(captured, result)

    def op_call(self, depth: int) -> None:
        # Calls inside nested loops, or inside loops of helpers (themselves called in
        # loops), multiply the work of a run: keep programs fast.
        if (
            not self.helpers
            or len(self.iv_bounds) > 1
            or (self.iv_bounds and self.in_helper)
        ):
            return
        helper = self.rng.choice(self.helpers)
        self.call(helper)

    def call(self, helper: _Helper) -> None:
        self.called.add(helper.name)
        args: list[str] = []
        passed: list[_Val] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            if typ == "f32":
                args.append(self.scalar())
                continue
            same = [v for v in passed if v.type == typ and v.shape == shape]
            if (
                same
                and self.config.enabled("shared_operands")
                and self.rng.random() < 0.5
            ):
                val = same[0]  # one value as two arguments
            else:
                val = self.source(typ, shape)
            args.append(val.name)
            passed.append(val)
        self.emit_call(helper, args)
        if self.config.enabled("writing_callees"):
            # The caller reads what it passed: a callee writing it must not be seen.
            for val in passed[:2]:
                if val.readable and self.rng.random() < 0.7:
                    self.observe(val)

    def emit_call(self, helper: _Helper, args: list[str]) -> None:
        """Emit a `func.call` of `helper` on `args`; its results become new values."""
        res = self.fresh("call")
        n = len(helper.result_types)
        lhs = f"{res}:{n} = " if n > 1 else (f"{res} = " if n == 1 else "")
        self.emit(
            f"{lhs}func.call @{helper.name}({', '.join(args)}) : "
            f"({', '.join(helper.arg_types)}) -> ({', '.join(helper.result_types)})"
        )
        for i, (typ, shape) in enumerate(
            zip(helper.result_types, helper.result_shapes, strict=True)
        ):
            name = f"{res}#{i}" if n > 1 else res
            self.add(_Val(name, typ, shape, lineage=self.new_lineage()))

    # ------------------------------------- recursion and several returns

    def _special_helper(
        self, feature: str, make: Callable[[int], _Helper]
    ) -> _Helper | None:
        """A helper of `feature` for a call here (an existing one or, up to two, a
        new one made by `make`), or None where calls are not made (without function
        boundaries or the `calls` feature, in nested loops, in loops of helpers)."""
        if (
            not self.config.function_boundaries
            or not self.config.enabled("calls")
            or len(self.iv_bounds) > 1
            or (self.iv_bounds and self.in_helper)
        ):
            return None
        made = self.special_helpers.setdefault(feature, [])
        if not made or (len(made) < 2 and self.rng.random() < 0.3):
            made.append(make(len(made)))
        return self.rng.choice(made)

    def _special_call(self, helper: _Helper, extra: list[str]) -> None:
        """Call `helper`: tensor arguments from the values here, then `extra`
        (scalars and indices); its results become new values; some passed values are
        read again after the call."""
        args: list[str] = []
        passed: list[_Val] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            if typ.startswith("tensor<"):
                val = self.source(typ, shape)
                args.append(val.name)
                passed.append(val)
        self.emit_call(helper, args + extra)
        for val in passed:
            if val.readable and self.rng.random() < 0.7:
                self.observe(val)

    def op_recursion(self, depth: int) -> None:
        helper = self._special_helper("recursion", self._recursive_helpers)
        if helper is not None:
            self._special_call(helper, [self.index(self.rng.randint(0, 3))])

    def _recursive_helpers(self, number: int) -> _Helper:
        """A recursive helper (`@rec<n>` calling itself), or two helpers calling each
        other (`@rec<n>` and `@rec<n>_odd`); the text goes among the functions."""
        shape = self.shape()
        typ = tensor_type(shape)
        name = f"rec{number}"
        mutual = self.rng.random() < 0.4
        callee = f"{name}_odd" if mutual else name
        public = self.rng.random() < 0.3
        self.functions_text.append(
            self._recursive_function(name, callee, shape, public)
        )
        if mutual:
            self.functions_text.append(
                self._recursive_function(callee, name, shape, False)
            )
        return _Helper(name, [typ, "index"], [typ], [shape, ()], [shape])

    def _recursive_function(
        self, name: str, callee: str, shape: tuple[int, ...], public: bool
    ) -> str:
        """`@name(%t, %n)`: the base case (n == 0) returns %t, a new tensor or a
        constant; otherwise it may write %t, calls `@callee` with n - 1 on %t or
        on what it wrote, and returns the call's result (perhaps after writing into
        it an element of %t read after the call) or what it wrote."""
        typ = tensor_type(shape)
        first = ", ".join("%c0" for _ in shape)
        second = ", ".join("%c1" if d > 1 else "%c0" for d in shape)
        value = self.small_float()
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %n: index) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            f"  %k = arith.constant {value!r} : f32",
            "  %done = arith.cmpi eq, %n, %c0 : index",
            f"  %r = scf.if %done -> ({typ}) {{",
        ]
        base = self.rng.choice(["arg", "arg", "new", "constant"])
        if base == "arg":
            lines.append(f"    scf.yield %t : {typ}")
        elif base == "new":
            lines += [
                f"    %e = tensor.empty() : {typ}",
                f"    %f = linalg.fill ins(%k : f32) outs(%e : {typ}) -> {typ}",
                f"    scf.yield %f : {typ}",
            ]
        else:
            lines += [
                f"    %f = arith.constant dense<{value!r}> : {typ}",
                f"    scf.yield %f : {typ}",
            ]
        lines += [
            "  } else {",
            f"    %x = tensor.extract %t[{first}] : {typ}",
            "    %d = arith.addf %x, %k : f32",
        ]
        write = self.rng.random() < 0.7
        passed = "%t"
        if write:
            lines.append(f"    %w = tensor.insert %d into %t[{second}] : {typ}")
            passed = "%w" if self.rng.random() < 0.8 else "%t"
        lines += [
            "    %m = arith.subi %n, %c1 : index",
            f"    %y = func.call @{callee}({passed}, %m) : ({typ}, index) -> {typ}",
        ]
        after = self.rng.random()
        out = "%y"
        if after < 0.4:
            lines += [
                f"    %x2 = tensor.extract %t[{second}] : {typ}",
                f"    %z = tensor.insert %x2 into %y[{first}] : {typ}",
            ]
            out = "%z"
        elif after < 0.55 and write:
            out = "%w"
        lines += [
            f"    scf.yield {out} : {typ}",
            "  }",
            f"  func.return %r : {typ}",
            "}",
        ]
        return "\n".join(lines)

    def op_cf_loop(self, depth: int) -> None:
        helper = self._special_helper("cf_loop_writes", self._cf_loop_helper)
        if helper is not None:
            self._special_call(helper, [self.index(self.rng.randint(0, 3))])

    def _cf_loop_helper(self, number: int) -> _Helper:
        """`@cfloop<n>(%t, %n) -> f32`: a loop of `cf` branches over `%n` rounds that
        reads `%t` and writes it (in either order), or blocks placed in another order
        than they run; returns an f32 made of what it read (see the `cf_loop_writes`
        feature)."""
        rng = self.rng
        shape = self.shape()
        typ = tensor_type(shape)
        zeros = ", ".join("%c0" for _ in shape)
        name = f"cfloop{number}"
        public = rng.random() < 0.3
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %n: index) -> f32 {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %one = arith.constant 1.0 : f32",
        ]
        fill = rng.random() < 0.4
        write = (
            f"  %t2 = linalg.fill ins(%acc : f32) outs(%t : {typ}) -> {typ}"
            if fill
            else f"  %t2 = tensor.insert %acc into %t[{zeros}] : {typ}"
        )
        if rng.random() < 0.3:
            # blocks in another order than they run
            lines += [
                "  cf.br ^first(%one : f32)",
                "^second(%y: f32):",
                f"  %x = tensor.extract %t[{zeros}] : {typ}",
                "  %r = arith.addf %x, %y : f32",
                "  func.return %r : f32",
                "^first(%acc: f32):",
                write,
                f"  %z = tensor.extract %t2[{zeros}] : {typ}",
                "  cf.br ^second(%z : f32)",
                "}",
            ]
        else:
            read_first = rng.random() < 0.6
            body = [
                f"  %e = tensor.extract %t[{zeros}] : {typ}",
                "  %s = arith.addf %acc, %e : f32",
            ]
            after = [write, f"  %x = tensor.extract %t2[{zeros}] : {typ}"]
            if rng.random() < 0.4:
                after.append(f"  %again = tensor.extract %t[{zeros}] : {typ}")
                after.append("  %x2 = arith.addf %x, %again : f32")
                result = "%x2"
            else:
                result = "%x"
            steps = body + after if read_first else after + body
            lines += [
                "  cf.br ^loop(%c0, %one : index, f32)",
                "^loop(%i: index, %acc: f32):",
                *steps,
                f"  %sum = arith.addf %s, {result} : f32",
                "  %i2 = arith.addi %i, %c1 : index",
                "  %d = arith.cmpi slt, %i2, %n : index",
                "  cf.cond_br %d, ^loop(%i2, %sum : index, f32), ^exit(%sum : f32)",
                "^exit(%r: f32):",
                "  func.return %r : f32",
                "}",
            ]
        self.functions_text.append("\n".join(lines))
        return _Helper(name, [typ, "index"], ["f32"], [shape, ()], [()])

    def op_several_returns(self, depth: int) -> None:
        helper = self._special_helper("several_returns", self._several_returns_helper)
        if helper is not None:
            self._special_call(helper, [self.scalar()])

    def _several_returns_helper(self, number: int) -> _Helper:
        """`@multi<n>(%t, [%u,] %s)`: branches on `%s > 0` to two blocks, each
        ending in a `func.return` of one or two tensors (see `_returned`)."""
        shape = self.shape()
        typ = tensor_type(shape)
        big = (shape[0] + 2, *shape[1:])
        slices = self.rng.random() < 0.4
        arg_types = [typ, tensor_type(big)] if slices else [typ]
        arg_shapes = [shape, big] if slices else [shape]
        results = self.rng.choice([1, 1, 2])
        name = f"multi{number}"
        params = ", ".join(
            f"%{arg}: {t}" for arg, t in zip(["t", "u"], arg_types, strict=False)
        )
        result_types = ", ".join([typ] * results)
        public = self.rng.random() < 0.3
        zeros = ", ".join("%c0" for _ in shape)
        lines = [
            f"func.func {'' if public else 'private '}@{name}({params}, %s: f32) -> ({result_types}) {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %zero = arith.constant 0.0 : f32",
            "  %cond = arith.cmpf ogt, %s, %zero : f32",
        ]
        if self.rng.random() < 0.3:
            # A read of the argument before the branch.
            lines.append(f"  %x = tensor.extract %t[{zeros}] : {typ}")
        lines.append("  cf.cond_br %cond, ^bb1, ^bb2")
        for block in ("bb1", "bb2"):
            lines.append(f"^{block}:")
            values: list[str] = []
            for position in range(results):
                kinds = ["arg", "write", "new", "constant"] + (
                    ["slice"] if slices else []
                )
                if position:
                    kinds.append("same")
                kind = self.rng.choice(kinds)
                if kind == "same":
                    values.append(values[0])
                    continue
                values.append(self._returned(kind, f"{block}_{position}", shape, lines))
            lines.append(f"  func.return {', '.join(values)} : {result_types}")
        lines.append("}")
        self.functions_text.append("\n".join(lines))
        arg_types.append("f32")
        arg_shapes.append(())
        return _Helper(name, arg_types, [typ] * results, arg_shapes, [shape] * results)

    def _returned(
        self, kind: str, suffix: str, shape: tuple[int, ...], lines: list[str]
    ) -> str:
        """Emit into `lines` a tensor of `shape` to return: the argument %t, a write
        into it, a new tensor, a constant or a slice (offset 1) of the argument %u;
        its name."""
        typ = tensor_type(shape)
        zeros = ", ".join("%c0" for _ in shape)
        if kind == "arg":
            return "%t"
        name = f"%{kind}_{suffix}"
        if kind == "write":
            lines.append(f"  {name} = tensor.insert %s into %t[{zeros}] : {typ}")
        elif kind == "new":
            empty = f"%e_{suffix}"
            lines += [
                f"  {empty} = tensor.empty() : {typ}",
                f"  {name} = linalg.fill ins(%s : f32) outs({empty} : {typ}) -> {typ}",
            ]
        elif kind == "constant":
            lines.append(
                f"  {name} = arith.constant dense<{self.small_float()!r}> : {typ}"
            )
        else:
            big = tensor_type((shape[0] + 2, *shape[1:]))
            offsets = ", ".join(["1"] + ["0"] * (len(shape) - 1))
            sizes = ", ".join(str(d) for d in shape)
            strides = ", ".join("1" for _ in shape)
            lines.append(
                f"  {name} = tensor.extract_slice %u[{offsets}] [{sizes}] [{strides}] : {big} to {typ}"
            )
        return name

    def _scf_header(self, start: int, marker: str) -> int:
        """The line, from body line `start` on, opening the scf region op (`marker`:
        " = scf.for ", " = scf.if ") emitted at the current indentation."""
        pad = "  " * self.indent
        body = self.fn.body
        return next(
            i
            for i in range(start, len(body))
            if body[i].startswith(pad + "%") and marker in body[i]
        )

    def _affine_region(self, first: int, header: str, closing: str) -> None:
        """Turn the scf region op opened at body line `first` (at the current
        indentation) into its affine form: `header` replaces its first line, its own
        `scf.yield`s become `affine.yield`, its `} else {` separates regions and
        `closing` replaces its closing line (nested ops are left as they are)."""
        pad = "  " * self.indent
        body = self.fn.body
        body[first] = pad + header
        i = first + 1
        while body[i] != pad + "}":
            if body[i].startswith(pad + "  scf.yield "):
                body[i] = body[i].replace("scf.yield", "affine.yield", 1)
            elif body[i] == pad + "  } else {":
                body[i] = pad + "  }, {"
            i += 1
        body[i] = pad + closing

    def op_affine_for(self, depth: int) -> None:
        """An `affine.for` carrying tensors (the shapes of `scf.for`'s)."""
        start = len(self.fn.body)
        self.op_for(depth)
        first = self._scf_header(start, " = scf.for ")
        lhs, rest = self.fn.body[first].strip().split(" = scf.for ", 1)
        iv, bounds = rest.split(" = ", 1)
        ub = bounds.split(" to ", 1)[1].split(" step ", 1)[0]
        trip = next(v for v, n in self.fn.index_consts.items() if n == ub)
        carried = bounds.split(" iter_args", 1)[1]
        self._affine_region(
            first, f"{lhs} = affine.for {iv} = 0 to {trip} iter_args{carried}", "}"
        )

    def op_affine_if(self, depth: int) -> None:
        """An `affine.if` yielding a tensor (the shapes of `scf.if`'s) on an affine
        condition of an induction variable or a constant."""
        ivs = self.visible(lambda v: v.type == "index" and v.name in self.iv_bounds)
        if ivs and self.rng.random() < 0.7:
            iv = self.rng.choice(ivs).name
            k = self.rng.randint(0, self.iv_bounds[iv] + 1)
        else:
            iv, k = self.index(self.rng.randint(0, 3)), self.rng.randint(0, 3)
        kind = self.rng.choice([">=", "=="])
        start = len(self.fn.body)
        self.op_if(depth)
        first = self._scf_header(start, " = scf.if ")
        line = self.fn.body[first].strip()
        res, typ = line.split(" = scf.if ")[0], line.split("-> (")[1][:-3]
        self._affine_region(
            first,
            f'{res} = "affine.if"({iv}) <{{condition = affine_set<(d0) : '
            f"(d0 - {k} {kind} 0)>}}> ({{",
            f"}}) : (index) -> {typ}",
        )

    def op_vector_mask(self, depth: int) -> None:
        """`vector.mask` around a `vector.transfer_read` of a 1-D tensor (maybe with
        a passthru vector) and a `vector.transfer_write` of the read lanes, doubled,
        into a 1-D tensor of the same size (masked-off lanes keep their data)."""
        src = self.any_tensor(lambda v: len(v.shape) == 1 and "?" not in v.type)
        if len(src.shape) != 1 or "?" in src.type:
            src = self.fresh_tensor(self.shape(1))
        n = src.shape[0]
        vec, mask_type = f"vector<{n}xf32>", f"vector<{n}xi1>"
        mask, v, v2 = self.fresh("mk"), self.fresh("vr"), self.fresh("vd")
        zero = self.index(0)
        self.emit(
            f"{mask} = vector.create_mask {self.index(self.rng.randint(0, n))} "
            f": {mask_type}"
        )
        passthru = ""
        if self.rng.random() < 0.4:
            passthru = f", {self.fresh('pt')}"
            self.emit(
                f"{passthru[2:]} = vector.broadcast {self.scalar()} : f32 to {vec}"
            )
        self.emit(
            f"{v} = vector.mask {mask}{passthru} {{ vector.transfer_read "
            f"{src.name}[{zero}], {self.scalar()} : {src.type}, {vec} }} "
            f": {mask_type} -> {vec}"
        )
        self.emit(f"{v2} = arith.addf {v}, {v} : {vec}")
        dest = self.any_tensor(lambda t: t.type == src.type)
        if dest.type != src.type:
            dest = src
        name = self.fresh("mw")
        self.emit(
            f"{name} = vector.mask {mask} {{ vector.transfer_write {v2}, "
            f"{dest.name}[{zero}] : {vec}, {dest.type} }} : {mask_type} -> {dest.type}"
        )
        self.result(name, dest.type, dest.shape, dest)

    def op_scf_parallel(self, depth: int) -> None:
        """An `scf.parallel` whose iterations compute on tensors (writing tensors
        defined outside the loop: each needs a private buffer) and store one element
        each into an output buffer, read after the loop."""
        n = self.rng.randint(1, 3)
        out, iv = self.fresh("po"), self.fresh("pi")
        self.emit(f"{out} = memref.alloc() : memref<{n}xf32>")
        self.emit(
            f'"scf.parallel"({self.index(0)}, {self.index(n)}, {self.index(1)}) '
            "<{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({"
        )
        self.emit(f"^bb0({iv}: index):")
        saved_loop = self.enter_loop()
        saved = (self.consumable, self.indent)
        self.consumable = set()
        self.indent += 1
        self.scopes.append([_Val(iv, "index")])
        self.iv_bounds[iv] = n - 1
        self.op_captured_write(depth)
        self.region_ops(
            depth + 1, self.rng.randint(1, max(1, self.config.max_ops // 2))
        )
        self.observe(self.any_tensor())
        self.emit(
            f"memref.store {self.scalars()[-1].name}, {out}[{iv}] : memref<{n}xf32>"
        )
        self.emit('"scf.reduce"() : () -> ()')
        self.scopes.pop()
        captured = self.leave_loop(saved_loop)
        del self.iv_bounds[iv]
        self.consumable, self.indent = saved
        self.emit("}) : (index, index, index) -> ()")
        for k in range(n):
            x = self.fresh("pl")
            self.emit(f"{x} = memref.load {out}[{self.index(k)}] : memref<{n}xf32>")
            self.add(_Val(x, "f32"))
        self.emit(f"memref.dealloc {out} : memref<{n}xf32>")
        self.after_loop(captured, None)

    def op_unranked(self, depth: int) -> None:
        """A call of an `unranked` helper on a ranked tensor cast to
        `tensor<*xf32>`; the result is cast back to the ranked type."""
        self._call_through_cast("unranked", self._unranked_helper, "tensor<*xf32>", "u")

    def op_dynamic_reshape(self, depth: int) -> None:
        """A call of a `dynamic_reshape` helper on a 2-D tensor cast to
        `tensor<?x?xf32>`; the result is cast back to the static type."""
        self._call_through_cast(
            "dynamic_reshape", self._reshape_helper, "tensor<?x?xf32>", "d"
        )

    def _call_through_cast(
        self,
        kind: str,
        make_helper: Callable[[int], _Helper],
        cast_type: str,
        prefix: str,
    ) -> None:
        """A call of the `kind` helper on a static tensor cast to `cast_type` (the
        helper's argument and result type, with an f32 scalar); the result is cast
        back to the static type."""
        helper = self._special_helper(kind, make_helper)
        if helper is None:
            return
        self.called.add(helper.name)
        typ, shape = tensor_type(helper.arg_shapes[0]), helper.arg_shapes[0]
        val = self.source(typ, shape)
        cast = self.fresh(prefix)
        self.emit(f"{cast} = tensor.cast {val.name} : {typ} to {cast_type}")
        res = self.fresh("call")
        self.emit(
            f"{res} = func.call @{helper.name}({cast}, {self.scalar()}) : "
            f"({cast_type}, f32) -> {cast_type}"
        )
        back = self.fresh("r")
        self.emit(f"{back} = tensor.cast {res} : {cast_type} to {typ}")
        self.add(_Val(back, typ, shape, lineage=self.new_lineage()))
        if val.readable and self.rng.random() < 0.7:
            self.observe(val)

    def op_cf_tensor_args(self, depth: int) -> None:
        """A call of a `cf_tensor_args` helper (see `_cf_tensor_function`)."""
        helper = self._special_helper("cf_tensor_args", self._cf_tensor_helper)
        if helper is not None:
            self.called.add(helper.name)
            self._special_call(
                helper, [self.index(self.rng.randint(0, 3)), self.scalar()]
            )

    def _cf_tensor_helper(self, number: int) -> _Helper:
        """`@cftensor<n>(%t: tensor<S>, %n: index, %s: f32) -> tensor<S>`; the text
        goes among the functions."""
        shape = self.shape()
        typ = tensor_type(shape)
        name = f"cftensor{number}"
        public = self.rng.random() < 0.3
        self.functions_text.append(self._cf_tensor_function(name, typ, shape, public))
        return _Helper(name, [typ, "index", "f32"], [typ], [shape, (), ()], [shape])

    def _cf_tensor_function(
        self, name: str, typ: str, shape: tuple[int, ...], public: bool
    ) -> str:
        """A loop of `cf` branches carrying the tensor `%t` over `%n` rounds, each
        writing it, or a merge of `%t` and a new tensor filled with `%s`."""
        rng = self.rng
        first = ", ".join("%c0" for _ in shape)
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %n: index, %s: f32) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
        ]
        if rng.random() < 0.3:
            lines += [
                "  %zero = arith.constant 0.0 : f32",
                "  %pos = arith.cmpf ogt, %s, %zero : f32",
                f"  cf.cond_br %pos, ^new, ^join(%t : {typ})",
                "^new:",
                f"  %e = tensor.empty() : {typ}",
                f"  %f = linalg.fill ins(%s : f32) outs(%e : {typ}) -> {typ}",
                f"  cf.br ^join(%f : {typ})",
                f"^join(%m: {typ}):",
                f"  func.return %m : {typ}",
                "}",
            ]
            return "\n".join(lines)
        lines.append(f"  cf.br ^head(%c0, %t : index, {typ})")
        lines += [
            f"^head(%i: index, %a: {typ}):",
            "  %more = arith.cmpi slt, %i, %n : index",
        ]
        if rng.random() < 0.5:
            lines.append(f"  cf.cond_br %more, ^body, ^exit(%a : {typ})")
        else:
            lines.append("  %done = arith.cmpi sge, %i, %n : index")
            lines.append(f"  cf.cond_br %done, ^exit(%a : {typ}), ^body")
        lines.append("^body:")
        if rng.random() < 0.5:
            lines += [
                f"  %x = tensor.extract %a[{first}] : {typ}",
                "  %y = arith.addf %x, %s : f32",
                f"  %u = tensor.insert %y into %a[{first}] : {typ}",
            ]
        else:
            lines.append(f"  %u = linalg.fill ins(%s : f32) outs(%a : {typ}) -> {typ}")
        lines += [
            "  %j = arith.addi %i, %c1 : index",
            f"  cf.br ^head(%j, %u : index, {typ})",
            f"^exit(%r: {typ}):",
            f"  func.return %r : {typ}",
            "}",
        ]
        return "\n".join(lines)

    def op_call_returned_args(self, depth: int) -> None:
        """A call of a `call_returned_args` helper (see `_returned_args_helper`)."""
        helper = self._special_helper("call_returned_args", self._returned_args_helper)
        if helper is not None:
            self.called.add(helper.name)
            self._special_call(helper, [self.scalar()])

    def _returned_args_helper(self, number: int) -> _Helper:
        """`@retboth<n>(%t: tensor<S>, %s: f32) -> (tensor<S>, tensor<S>)` returning
        `%t` and the result of a call that returns `%t` when `%s > 0`, else a new
        tensor; the texts (the helper, the picking callee and maybe a second level)
        go among the functions."""
        rng = self.rng
        shape = self.shape()
        typ = tensor_type(shape)
        first = ", ".join("%c0" for _ in shape)
        pick, name = f"pickarg{number}", f"retboth{number}"
        read_arg = rng.random() < 0.4
        write_new = rng.random() < 0.4
        lines = [
            f"func.func private @{pick}(%t: {typ}, %s: f32) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            "  %zero = arith.constant 0.0 : f32",
            "  %cond = arith.cmpf ogt, %s, %zero : f32",
        ]
        fill = "%s"
        if read_arg:
            lines.append(f"  %x = tensor.extract %t[{first}] : {typ}")
            lines.append("  %xs = arith.addf %x, %s : f32")
            fill = "%xs"
        lines += [
            f"  %r = scf.if %cond -> ({typ}) {{",
            f"    scf.yield %t : {typ}",
            "  } else {",
            f"    %e = tensor.empty() : {typ}",
            f"    %f = linalg.fill ins({fill} : f32) outs(%e : {typ}) -> {typ}",
        ]
        out = "%f"
        if write_new:
            lines.append(f"    %w = tensor.insert %s into %f[{first}] : {typ}")
            out = "%w"
        lines += [
            f"    scf.yield {out} : {typ}",
            "  }",
            f"  func.return %r : {typ}",
            "}",
        ]
        self.functions_text.append("\n".join(lines))
        callee = pick
        if rng.random() < 0.4:
            callee = f"{pick}_via"
            self.functions_text.append(
                "\n".join(
                    [
                        f"func.func private @{callee}(%t: {typ}, %s: f32) -> {typ} {{",
                        f"  %r = func.call @{pick}(%t, %s) : ({typ}, f32) -> {typ}",
                        f"  func.return %r : {typ}",
                        "}",
                    ]
                )
            )
        public = rng.random() < 0.3
        returned = "%t, %r" if rng.random() < 0.5 else "%r, %t"
        self.functions_text.append(
            "\n".join(
                [
                    f"func.func {'' if public else 'private '}@{name}(%t: {typ}, "
                    f"%s: f32) -> ({typ}, {typ}) {{",
                    f"  %r = func.call @{callee}(%t, %s) : ({typ}, f32) -> {typ}",
                    f"  func.return {returned} : {typ}, {typ}",
                    "}",
                ]
            )
        )
        return _Helper(name, [typ, "f32"], [typ, typ], [shape, ()], [shape, shape])

    def _reshape_helper(self, number: int) -> _Helper:
        """`@reshape<n>(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32>` (see
        `_reshape_function`); the text goes among the functions."""
        shape = self.shape(2)
        name = f"reshape{number}"
        public = self.rng.random() < 0.3
        self.functions_text.append(self._reshape_function(name, public))
        return _Helper(
            name,
            ["tensor<?x?xf32>", "f32"],
            ["tensor<?x?xf32>"],
            [shape, ()],
            [shape],
        )

    def _reshape_function(self, name: str, public: bool) -> str:
        """The helper collapses `%t` to 1-D and expands it back, or expands it to
        `1x?x?` and collapses it back; between the two it may write `%s` into the
        reshaped view (one element, or all of it)."""
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32> {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>",
            "  %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>",
        ]
        write = self.rng.choice(["none", "insert", "fill"])
        if self.rng.random() < 0.5:
            view, index = "tensor<?xf32>", "%c0"
            lines.append(
                f"  %v = tensor.collapse_shape %t [[0, 1]] : tensor<?x?xf32> into {view}"
            )
        else:
            view, index = "tensor<1x?x?xf32>", "%c0, %c0, %c0"
            lines.append(
                "  %v = tensor.expand_shape %t [[0, 1], [2]] output_shape [1, %d0, %d1]"
                f" : tensor<?x?xf32> into {view}"
            )
        if write == "insert":
            lines.append(f"  %x = tensor.extract %v[{index}] : {view}")
            lines.append("  %y = arith.addf %x, %s : f32")
            lines.append(f"  %w = tensor.insert %y into %v[{index}] : {view}")
        elif write == "fill":
            lines.append(
                f"  %w = linalg.fill ins(%s : f32) outs(%v : {view}) -> {view}"
            )
        else:
            lines.append(f"  %w = tensor.cast %v : {view} to {view}")
        if view == "tensor<?xf32>":
            lines.append(
                "  %r = tensor.expand_shape %w [[0, 1]] output_shape [%d0, %d1]"
                f" : {view} into tensor<?x?xf32>"
            )
        else:
            lines.append(
                f"  %r = tensor.collapse_shape %w [[0, 1], [2]] : {view} into tensor<?x?xf32>"
            )
        lines += ["  func.return %r : tensor<?x?xf32>", "}"]
        return "\n".join(lines)

    def _unranked_helper(self, number: int) -> _Helper:
        """`@unranked<n>(%t: tensor<*xf32>, %s: f32) -> tensor<*xf32>` (see
        `_unranked_function`); the text goes among the functions."""
        shape = self.shape()
        name = f"unranked{number}"
        public = self.rng.random() < 0.3
        self.functions_text.append(self._unranked_function(name, shape, public))
        return _Helper(
            name, ["tensor<*xf32>", "f32"], ["tensor<*xf32>"], [shape, ()], [shape]
        )

    def _unranked_function(
        self, name: str, shape: tuple[int, ...], public: bool
    ) -> str:
        """The helper casts `%t` to a ranked type of `shape` (static, or dynamic in
        some dimensions), may write `%s` into it, and returns, cast back to
        unranked: the argument, what it wrote, a new tensor, or (`%s > 0`) either
        the argument or a new tensor."""
        dims = [None if self.rng.random() < 0.3 else d for d in shape]
        ranked = tensor_type(dims)
        first = ", ".join("%c0" for _ in shape)
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: tensor<*xf32>, %s: f32) -> tensor<*xf32> {{",
            "  %c0 = arith.constant 0 : index",
            f"  %r = tensor.cast %t : tensor<*xf32> to {ranked}",
        ]
        kind = self.rng.choice(["arg", "write", "write", "new", "either"])
        out = "%r"
        if kind == "write":
            if self.rng.random() < 0.5:
                lines.append(f"  %x = tensor.extract %r[{first}] : {ranked}")
                lines.append("  %v = arith.addf %x, %s : f32")
            else:
                lines.append("  %v = arith.addf %s, %s : f32")
            lines.append(f"  %w = tensor.insert %v into %r[{first}] : {ranked}")
            out = "%w"
        elif kind in ("new", "either"):
            static = tensor_type(shape)
            lines += [
                f"  %e = tensor.empty() : {static}",
                f"  %f = linalg.fill ins(%s : f32) outs(%e : {static}) -> {static}",
                f"  %n = tensor.cast %f : {static} to {ranked}",
            ]
            out = "%n"
            if kind == "either":
                lines += [
                    "  %zero = arith.constant 0.0 : f32",
                    "  %cond = arith.cmpf ogt, %s, %zero : f32",
                    f"  %y = scf.if %cond -> ({ranked}) {{",
                    f"    scf.yield %r : {ranked}",
                    "  } else {",
                    f"    scf.yield %n : {ranked}",
                    "  }",
                ]
                out = "%y"
        lines += [
            f"  %u = tensor.cast {out} : {ranked} to tensor<*xf32>",
            "  func.return %u : tensor<*xf32>",
            "}",
        ]
        return "\n".join(lines)

    def _tensor_ops(self) -> list[tuple[Callable[[int], None], float, str | None]]:
        c = self.config
        table: list[tuple[str, Callable[[int], None], float, str | None]] = [
            ("fill", self.op_fill, 1.0, "fill"),
            ("generic", self.op_generic, 2.0, "generic"),
            ("named", self.op_named, 1.5, "named_elementwise"),
            ("matmul", self.op_matmul, 1.0, "matmul"),
            (
                "named_structured",
                self.op_named_structured,
                1.0,
                "named_structured",
            ),
            ("transpose", self.op_transpose, 0.7, "transpose"),
            ("copy", self.op_copy, 0.7, "copy"),
            ("insert", self.op_insert, 1.0, "insert"),
            ("extract", self.op_extract, 1.0, "extract"),
            ("slice", self.op_slice, 1.5, "slices"),
            ("dynamic", self.op_dynamic, 0.6, "dynamic_shapes"),
            ("constant", self.op_constant, 0.4, "constants"),
            ("for", self.op_for, 1.2, "for"),
            ("forall", self.op_forall, 0.8, "forall"),
            ("if", self.op_if, 1.0, "if"),
            ("while", self.op_while, 0.6, "while"),
            ("call", self.op_call, 1.5, "calls"),
            ("captured_write", self.op_captured_write, 3.0, "captured_writes"),
            ("shared", self.op_shared, 0.8, "shared_operands"),
            ("while_forward", self.op_while_forward, 0.8, "while_forwarding"),
            ("materialize", self.op_materialize, 0.6, "materialize"),
            ("alloc_tensor", self.op_alloc_tensor, 0.5, "alloc_tensor"),
            ("recursion", self.op_recursion, 0.6, "recursion"),
            ("several_returns", self.op_several_returns, 0.6, "several_returns"),
            ("cf_loop_writes", self.op_cf_loop, 0.6, "cf_loop_writes"),
            ("affine_for", self.op_affine_for, 0.6, "affine"),
            ("affine_if", self.op_affine_if, 0.5, "affine"),
            ("vector_mask", self.op_vector_mask, 0.6, "vector_mask"),
            ("scf_parallel", self.op_scf_parallel, 0.5, "scf_parallel"),
            # Only with function boundaries (else no helper): weight 0 keeps the
            # programs without them as they were.
            (
                "unranked",
                self.op_unranked,
                0.6 if c.function_boundaries else 0.0,
                "unranked",
            ),
            ("memory_space", self.op_memory_space, 0.5, "memory_space"),
            (
                "memory_space_return",
                self.op_memory_space_return,
                0.4 if c.function_boundaries else 0.0,
                "memory_space",
            ),
            (
                "dynamic_reshape",
                self.op_dynamic_reshape,
                0.6 if c.function_boundaries else 0.0,
                "dynamic_reshape",
            ),
            (
                "cf_tensor_args",
                self.op_cf_tensor_args,
                0.6 if c.function_boundaries else 0.0,
                "cf_tensor_args",
            ),
            (
                "call_returned_args",
                self.op_call_returned_args,
                0.6 if c.function_boundaries else 0.0,
                "call_returned_args",
            ),
        ]
        return [
            (fn, c.weight(name, w), feat)
            for name, fn, w, feat in table
            if feat is None or c.enabled(feat)
        ]

    def random_op(self, depth: int) -> None:
        ops = [
            (fn, w)
            for fn, w, feat in self._tensor_ops()
            if w > 0
            and (
                depth < self.config.max_depth
                or feat
                not in (
                    "for",
                    "forall",
                    "if",
                    "while",
                    "while_forwarding",
                    "affine",
                    "scf_parallel",
                )
            )
        ]
        if not ops:
            return
        fns = [fn for fn, _ in ops]
        weights = [w for _, w in ops]
        self.rng.choices(fns, weights)[0](depth)

    # -------------------------------------------------------------- functions

    def begin_function(self) -> None:
        self.fn = _FunctionText()
        self.indent = 1
        self.scopes = [[]]
        self.consumable = set()
        self.iv_bounds = {}
        self.loop_base = None
        self.loop_side = []
        self.loop_captured = []
        self.loop_dead = []
        self.outer_chains = set()

    def end_function(self, header: str) -> str:
        lines = [header, *self.fn.prologue, *self.fn.body, "}"]
        return "\n".join(lines)

    def helper_signature(self, index: int) -> _Helper:
        name = f"helper{index}"
        if not self.config.function_boundaries:
            n = self.rng.randint(1, 2)
            return _Helper(name, ["f32"] * n, ["f32"], [()] * n, [()])
        arg_types: list[str] = []
        arg_shapes: list[tuple[int, ...]] = []
        for _ in range(self.rng.randint(1, 3)):
            shape = self.shape()
            dyn = self.config.enabled("dynamic_shapes") and self.rng.random() < 0.15
            arg_types.append(
                tensor_type([None] * len(shape)) if dyn else tensor_type(shape)
            )
            arg_shapes.append(shape)
        if self.rng.random() < 0.4:
            arg_types.append("f32")
            arg_shapes.append(())
        return _Helper(name, arg_types, [], arg_shapes, [])

    def gen_helper(self, index: int) -> None:
        helper = self.helper_signature(index)
        self.begin_function()
        self.in_helper = True
        visibility = (
            "private "
            if self.config.enabled("private_funcs") and self.rng.random() < 0.5
            else ""
        )
        params: list[str] = []
        arg_vals: list[_Val] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            name = self.fresh("arg")
            attr = ""
            if typ != "f32" and self.config.enabled("writable_args"):
                r = self.rng.random()
                if r < 0.4:
                    attr = " {bufferization.writable = true}"
                elif r < 0.5:
                    attr = " {bufferization.writable = false}"
            params.append(f"{name}: {typ}{attr}")
            val = self.add(_Val(name, typ, shape, lineage=self.new_lineage()))
            arg_vals.append(val)
        if self.config.enabled("writing_callees"):
            tensor_args = [v for v in arg_vals if v.is_tensor]
            if tensor_args and self.rng.random() < 0.7:
                written = self.side_write(self.rng.choice(tensor_args))
                if self.rng.random() < 0.5:
                    self.observe(written)
        # Only earlier helpers may be called: no recursion.
        all_helpers = self.helpers
        self.helpers = all_helpers[:index]
        self.region_ops(0, self.rng.randint(1, self.config.max_ops))
        self.helpers = all_helpers
        if self.config.function_boundaries:
            tensors = self.visible(lambda v: v.is_tensor)
            results: list[_Val] = []
            for _ in range(self.rng.randint(1, 2)):
                r = self.rng.random()
                if r < 0.3 and arg_vals:
                    results.append(
                        self.rng.choice([v for v in arg_vals if v.is_tensor])
                    )
                elif tensors:
                    results.append(tensors[-1] if r < 0.6 else self.rng.choice(tensors))
            if not results:
                results.append(self.fresh_tensor(self.shape()))
            helper.result_types = [v.type for v in results]
            helper.result_shapes = [v.shape for v in results]
        else:
            results = [self.final_scalar()]
        ret_types = ", ".join(v.type for v in results)
        self.emit(f"func.return {', '.join(v.name for v in results)} : {ret_types}")
        header = f"func.func {visibility}@{helper.name}({', '.join(params)}) -> ({ret_types}) {{"
        self.functions_text.append(self.end_function(header))
        self.helpers.append(helper)

    def final_scalar(self) -> _Val:
        """One f32 summarising the tensors of the current function."""
        tensors = self.visible(lambda v: v.is_tensor)
        if not tensors:
            tensors = [self.fresh_tensor(self.shape())]
        total = self.f32(0.0)
        for t in tensors[-3:]:
            s = self.fresh("s")
            self.emit(
                f"{s} = tensor.extract {t.name}[{self.indices_for(t.shape)}] : {t.type}"
            )
            nxt = self.fresh("sum")
            self.emit(f"{nxt} = arith.addf {total}, {s} : f32")
            total = nxt
        return _Val(total, "f32")

    def checksum(self, t: _Val) -> str:
        """The sum of all elements of `t` (a reduction generic into a 0-d tensor)."""
        rank = len(t.shape)
        zero = self.f32(0.0)
        e = self.fresh("e")
        self.emit(f"{e} = tensor.empty() : tensor<f32>")
        f = self.fresh("z")
        self.emit(
            f"{f} = linalg.fill ins({zero} : f32) outs({e} : tensor<f32>) -> tensor<f32>"
        )
        dims = ", ".join(f"d{i}" for i in range(rank))
        iters = ", ".join(['"reduction"'] * rank)
        g = self.fresh("sum")
        self.emit(
            f"{g} = linalg.generic {{indexing_maps = [{_identity_map(rank)}, "
            f"affine_map<({dims}) -> ()>], iterator_types = [{iters}]}} "
            f"ins({t.name} : {t.type}) outs({f} : tensor<f32>) {{"
        )
        x, acc = self.fresh("x"), self.fresh("o")
        self.emit(f"^bb0({x}: f32, {acc}: f32):")
        s = self.fresh("p")
        self.emit(f"  {s} = arith.addf {x}, {acc} : f32")
        self.emit(f"  linalg.yield {s} : f32")
        self.emit("} -> tensor<f32>")
        out = self.fresh("cs")
        self.emit(f"{out} = tensor.extract {g}[] : tensor<f32>")
        return out

    def gen_main(self) -> None:
        self.begin_function()
        self.in_helper = False
        n_inputs = self.rng.randint(1, 3)
        for _ in range(n_inputs):
            self.fresh_tensor(self.shape(), dynamic=self.maybe_dynamic(0.1))
        self.region_ops(0, self.rng.randint(2, self.config.max_ops))
        for helper in self.helpers:
            if helper.name not in self.called and self.config.enabled("calls"):
                self.call(helper)
        returns: list[str] = []
        tensors = self.visible(lambda v: v.is_tensor)
        reread = tensors if self.config.enabled("reread") else tensors[-3:]
        if len(reread) > 8:
            reread = reread[:3] + self.rng.sample(reread[3:], 5)
        for t in reread:
            s = self.fresh("r")
            self.emit(
                f"{s} = tensor.extract {t.name}[{self.indices_for(t.shape)}] : {t.type}"
            )
            returns.append(s)
        if self.config.enabled("checksum") and tensors:
            for t in self.rng.sample(tensors, min(2, len(tensors))):
                returns.append(self.checksum(t))
        returns += [v.name for v in self.scalars()[-3:]]
        if not returns:
            returns.append(self.f32(1.0))
        types = ", ".join(["f32"] * len(returns))
        self.emit(f"func.return {', '.join(returns)} : {types}")
        self.functions_text.append(
            self.end_function(f"func.func @main() -> ({types}) {{")
        )

    def generate(self) -> str:
        if self.config.kind == "memref":
            return MemrefProgramGenerator(self.seed, self.config).generate()
        n_helpers = (
            self.rng.randint(0, self.config.max_helpers)
            if self.config.enabled("calls")
            else 0
        )
        for i in range(n_helpers):
            self.gen_helper(i)
        self.gen_main()
        header = f"// generated: seed={self.seed} kind=tensor boundaries={self.config.function_boundaries}"
        return header + "\n" + "\n\n".join(self.functions_text) + "\n"


_NESTING_FEATURES = (
    "if",
    "for",
    "joins",
    "while",
    "frees",
    "realloc",
    "offset_loops",
    "view_joins",
)
"""Memref generator features that open a region (not used beyond `max_depth`)."""


class MemrefProgramGenerator:
    """Generates memref programs (no deallocations) for the deallocation pass alone."""

    def __init__(self, seed: int, config: GeneratorConfig) -> None:
        self.g = ProgramGenerator(seed, replace(config, kind="tensor"))
        self.rng = self.g.rng
        self.config = config
        self.seed = seed
        self.helpers: list[_Helper] = []
        self.functions_text: list[str] = []
        self.allow_stack = True
        """Whether `memref.alloca` may be used (not in helpers: buffers escape them)."""
        self.isolated_argument: dict[str, bool] = {}
        """Helpers whose callers pass a new buffer they never touch again (see `call`)."""
        self.recursive: tuple[str, str, tuple[int, ...], int] | None = None
        self.consumers: dict[str, str] = {}
        """Buffer type -> the helper freeing its argument of that type (`free_statement`)."""
        """The recursive helper's name, buffer type and shape, once made."""

    def memref_type(self, shape: tuple[int, ...], layout: str = "") -> str:
        dims = "".join(f"{d}x" for d in shape)
        return f"memref<{dims}f32{', ' + layout if layout else ''}>"

    def buffers(self, base_only: bool = False) -> list[_Val]:
        return self.g.visible(
            lambda v: v.is_memref and (not base_only or "strided" not in v.type)
        )

    def alloc(self, shape: tuple[int, ...] | None = None, heap: bool = False) -> _Val:
        """A new initialised buffer (on the stack sometimes, unless `heap`)."""
        g = self.g
        shape = shape or g.shape()
        typ = self.memref_type(shape)
        name = g.fresh("m")
        r = self.rng.random()
        stack = False
        if self.config.enabled("alloca") and not heap and self.allow_stack and r < 0.15:
            g.emit(f"{name} = memref.alloca() : {typ}")
            stack = True
        elif self.config.enabled("dynamic_shapes") and r < 0.3:
            dtype = "memref<?x" + "".join(f"{d}x" for d in shape[1:]) + "f32>"
            dyn = g.fresh("md")
            g.emit(f"{dyn} = memref.alloc({g.index(shape[0])}) : {dtype}")
            g.emit(f'{name} = "memref.cast"({dyn}) : ({dtype}) -> {typ}')
        else:
            g.emit(f"{name} = memref.alloc() : {typ}")
        self.init(name, typ, shape)
        return g.add(_Val(name, typ, shape, stack=stack))

    def init(self, name: str, typ: str, shape: tuple[int, ...]) -> None:
        g = self.g
        g.emit(f"linalg.fill ins({g.scalar()} : f32) outs({name} : {typ})")
        if self.rng.random() < 0.6:
            g.emit(f"memref.store {g.scalar()}, {name}[{g.indices_for(shape)}] : {typ}")

    def buffer(
        self,
        shape: tuple[int, ...] | None = None,
        base_only: bool = False,
        heap: bool = False,
    ) -> _Val:
        """An existing buffer (a view unless `base_only`) or a new one."""
        cands = [
            v
            for v in self.buffers(base_only)
            if (shape is None or v.shape == shape) and not (heap and v.stack)
        ]
        if cands and self.rng.random() < 0.8:
            return self.rng.choice(cands)
        return self.alloc(shape, heap=heap)

    def op_store(self, depth: int) -> None:
        b = self.buffer()
        self.g.emit(
            f"memref.store {self.g.scalar()}, {b.name}[{self.g.indices_for(b.shape)}] : {b.type}"
        )

    def op_load(self, depth: int) -> None:
        b = self.buffer()
        name = self.g.fresh("l")
        self.g.emit(
            f"{name} = memref.load {b.name}[{self.g.indices_for(b.shape)}] : {b.type}"
        )
        self.g.add(_Val(name, "f32"))

    def op_copy(self, depth: int) -> None:
        a = self.buffer()
        b = self.buffer(a.shape)
        self.g.emit(f'"memref.copy"({a.name}, {b.name}) : ({a.type}, {b.type}) -> ()')

    def op_linalg(self, depth: int) -> None:
        a = self.buffer()
        b = self.buffer(a.shape)
        c = self.buffer(a.shape)
        op = self.rng.choice(["add", "mul", "sub"])
        self.g.emit(
            f"linalg.{op} ins({a.name}, {b.name} : {a.type}, {b.type}) outs({c.name} : {c.type})"
        )

    def op_subview(self, depth: int) -> None:
        self.subview_of(self.buffer(base_only=True))

    def op_if(self, depth: int) -> None:
        g = self.g
        a = self.buffer(base_only=True)
        cond = g.condition()
        res = g.fresh("if")
        g.emit(f"{res} = scf.if {cond} -> ({a.type}) {{")

        def yielded() -> str:
            r = self.rng.random()
            y = self.alloc(a.shape) if r < 0.4 else self.buffer(a.shape, base_only=True)
            return f"scf.yield {y.name} : {y.type}"

        self.if_branches(depth, yielded)
        g.add(_Val(res, a.type, a.shape))

    def if_branches(self, depth: int, terminator: Callable[[], str]) -> None:
        """The two regions of an `scf.if` whose header is emitted: each some ops, then
        the yield `terminator` makes; closes the op."""
        g = self.g
        g.indent += 1
        for branch in range(2):
            if branch:
                g.emit("} else {")
            g.scopes.append([])
            self.region_ops(depth + 1, self.rng.randint(0, 2))
            g.emit(terminator())
            g.scopes.pop()
        g.indent -= 1
        g.emit("}")

    def open_for(
        self, init: str, typ: str, shape: tuple[int, ...]
    ) -> tuple[str, str, str]:
        """Open an `scf.for` of 1-3 iterations carrying `init` (its body scope has
        the induction variable and the iter_arg); return the names of the induction
        variable, the result and the iter_arg."""
        g = self.g
        trip = self.rng.randint(1, 3)
        iv, res, acc = g.fresh("iv"), g.fresh("for"), g.fresh("acc")
        g.emit(
            f"{res} = scf.for {iv} = {g.index(0)} to {g.index(trip)} step {g.index(1)} "
            f"iter_args({acc} = {init}) -> ({typ}) {{"
        )
        g.indent += 1
        g.scopes.append([_Val(iv, "index"), _Val(acc, typ, shape)])
        g.iv_bounds[iv] = trip - 1
        return iv, res, acc

    def op_for(self, depth: int) -> None:
        g = self.g
        a = self.buffer(base_only=True)
        iv, res, acc = self.open_for(a.name, a.type, a.shape)
        self.region_ops(depth + 1, self.rng.randint(1, 3))
        r = self.rng.random()
        if r < 0.4:
            y = self.alloc(a.shape)
            g.emit(f'"memref.copy"({acc}, {y.name}) : ({a.type}, {y.type}) -> ()')
        else:
            y = self.buffer(a.shape, base_only=True)
        g.emit(f"scf.yield {y.name} : {y.type}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        g.add(_Val(res, a.type, a.shape))

    def subview_of(
        self, src: _Val, static_offset: bool = False, dynamic_offset: bool = False
    ) -> _Val:
        """A subview of the base buffer `src` (with a non-zero offset if asked and
        possible; with `dynamic_offset`, offsets passed as values, so the type says
        `offset: ?`)."""
        g = self.g
        strides: list[int] = []
        acc = 1
        for d in reversed(src.shape):
            strides.append(acc)
            acc *= d
        strides.reverse()
        offs: list[int] = []
        sizes: list[int] = []
        for d in src.shape:
            size = self.rng.randint(1, d)
            offs.append(self.rng.randint(0, d - size))
            sizes.append(size)
        if static_offset and not any(offs):
            i = self.rng.randrange(len(src.shape))
            if src.shape[i] > 1:
                sizes[i] = self.rng.randint(1, src.shape[i] - 1)
                offs[i] = self.rng.randint(1, src.shape[i] - sizes[i])
        offset = sum(o * s for o, s in zip(offs, strides, strict=True))
        written = [g.index(o) if dynamic_offset else str(o) for o in offs]
        layout = (
            f"strided<[{', '.join(map(str, strides))}], "
            f"offset: {'?' if dynamic_offset else offset}>"
        )
        typ = self.memref_type(tuple(sizes), layout)
        name = g.fresh("sv")
        g.emit(
            f"{name} = memref.subview {src.name}[{', '.join(written)}] "
            f"[{', '.join(map(str, sizes))}] [{', '.join(['1'] * len(sizes))}] : {src.type} to {typ}"
        )
        return g.add(_Val(name, typ, tuple(sizes)))

    def _pair(self, a: _Val, carried: Sequence[_Val] = ()) -> tuple[_Val, _Val]:
        """Two buffers of `a`'s type to yield at a join: often one buffer twice."""
        r = self.rng.random()
        pool = [*carried]
        if r < 0.45:
            x = self.alloc(a.shape) if self.rng.random() < 0.5 or not pool else None
            x = x or self.rng.choice(pool)
            return x, x
        if r < 0.7:
            x = self.rng.choice(pool) if pool else self.buffer(a.shape, base_only=True)
            return x, self.alloc(a.shape)
        x = self.buffer(a.shape, base_only=True)
        y = self.alloc(a.shape) if self.rng.random() < 0.5 else x
        return (x, y) if self.rng.random() < 0.5 else (y, x)

    def op_if_pair(self, depth: int) -> None:
        """scf.if or scf.index_switch with two buffer results (one buffer twice, often)."""
        g = self.g
        a = self.buffer(base_only=True)
        res = g.fresh("join")
        switch = self.config.enabled("switch") and self.rng.random() < 0.4
        if switch:
            selector = g.index(self.rng.randint(0, 2))
            g.emit(f"{res}:2 = scf.index_switch {selector} -> {a.type}, {a.type}")
            heads = ["case 0 {", "case 1 {", "default {"]
        else:
            g.emit(f"{res}:2 = scf.if {g.condition()} -> ({a.type}, {a.type}) {{")
            heads = ["", "} else {"]
        g.indent += 1
        for i, head in enumerate(heads):
            if switch:
                g.indent -= 1
                if i:
                    g.emit("}")
                g.emit(head)
                g.indent += 1
            elif head:
                g.emit(head)
            g.scopes.append([])
            self.region_ops(depth + 1, self.rng.randint(0, 2))
            x, y = self._pair(a)
            g.emit(f"scf.yield {x.name}, {y.name} : {a.type}, {a.type}")
            g.scopes.pop()
        g.indent -= 1
        g.emit("}")
        g.add(_Val(f"{res}#0", a.type, a.shape))
        g.add(_Val(f"{res}#1", a.type, a.shape))

    def op_for_pair(self, depth: int) -> None:
        """scf.for with two buffer iter_args, often started and yielded as one buffer."""
        g = self.g
        a = self.buffer(base_only=True, heap=True)
        b = a if self.rng.random() < 0.6 else self.buffer(a.shape, base_only=True)
        trip = self.rng.randint(1, 3)
        iv, res = g.fresh("iv"), g.fresh("for")
        acc0, acc1 = g.fresh("acc"), g.fresh("acc")
        g.emit(
            f"{res}:2 = scf.for {iv} = {g.index(0)} to {g.index(trip)} step {g.index(1)} "
            f"iter_args({acc0} = {a.name}, {acc1} = {b.name}) -> ({a.type}, {a.type}) {{"
        )
        g.indent += 1
        carried = [_Val(acc0, a.type, a.shape), _Val(acc1, a.type, a.shape)]
        g.scopes.append([_Val(iv, "index"), *carried])
        g.iv_bounds[iv] = trip - 1
        self.region_ops(depth + 1, self.rng.randint(1, 3))
        x, y = self._pair(a, carried)
        g.emit(f"scf.yield {x.name}, {y.name} : {a.type}, {a.type}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        g.add(_Val(f"{res}#0", a.type, a.shape))
        g.add(_Val(f"{res}#1", a.type, a.shape))

    def op_while_pair(self, depth: int) -> None:
        """scf.while carrying a counter and two buffers; scf.condition may forward one
        buffer twice."""
        g = self.g
        a = self.buffer(base_only=True, heap=True)
        b = a if self.rng.random() < 0.6 else self.buffer(a.shape, base_only=True)
        trip = self.rng.randint(1, 3)
        t = a.type
        res = g.fresh("while")
        i, x, y = g.fresh("wi"), g.fresh("wx"), g.fresh("wy")
        g.emit(
            f"{res}:3 = scf.while ({i} = {g.index(0)}, {x} = {a.name}, {y} = {b.name}) : "
            f"(index, {t}, {t}) -> (index, {t}, {t}) {{"
        )
        g.indent += 1
        cond = g.fresh("wc")
        g.emit(f"{cond} = arith.cmpi slt, {i}, {g.index(trip)} : index")
        second = x if self.rng.random() < 0.5 else y
        g.emit(f"scf.condition({cond}) {i}, {x}, {second} : index, {t}, {t}")
        g.indent -= 1
        i2, x2, y2 = g.fresh("wi"), g.fresh("wx"), g.fresh("wy")
        g.emit("} do {")
        g.emit(f"^bb0({i2}: index, {x2}: {t}, {y2}: {t}):")
        g.indent += 1
        carried = [_Val(x2, t, a.shape), _Val(y2, t, a.shape)]
        g.scopes.append([*carried])
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        nx, ny = self._pair(a, carried)
        nxt = g.fresh("wi")
        g.emit(f"{nxt} = arith.addi {i2}, {g.index(1)} : index")
        g.emit(f"scf.yield {nxt}, {nx.name}, {ny.name} : index, {t}, {t}")
        g.scopes.pop()
        g.indent -= 1
        g.emit("}")
        g.add(_Val(f"{res}#1", t, a.shape))
        g.add(_Val(f"{res}#2", t, a.shape))

    def op_freed(self, depth: int) -> None:
        """A buffer the program frees itself, on every path or on some only, and never
        uses again."""
        g = self.g
        g.scopes.append([])
        t = self.alloc(heap=True)
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        self.program_free(t.name, t.type)
        g.scopes.pop()

    def program_free(self, name: str, typ: str) -> None:
        """A free of `name` (see `free_statement`): on every path, or in an scf.if on
        one path only, or in both branches of one."""
        g = self.g
        r = self.rng.random()
        if r < 0.4:
            g.emit(self.free_statement(name, typ))
            return
        g.emit(f"scf.if {g.condition()} {{")
        g.emit(f"  {self.free_statement(name, typ)}")
        if r >= 0.7:
            g.emit("} else {")
            g.emit(f"  {self.free_statement(name, typ)}")
        g.emit("}")

    def free_statement(self, name: str, typ: str) -> str:
        """`memref.dealloc` of `name`, or (with `calls`) sometimes a call of a private
        helper that reads its argument and frees it, or (with `bufferization_deallocs`)
        sometimes a `bufferization.dealloc` of it under a constant or runtime
        condition."""
        if self.config.enabled("bufferization_deallocs") and self.rng.random() < 0.5:
            g = self.g
            r = self.rng.random()
            if r < 0.5:
                cond = g.condition()
            else:
                cond = g.fresh("dc")
                g.emit(f"{cond} = arith.constant {'true' if r < 0.8 else 'false'}")
            return f"bufferization.dealloc ({name} : {typ}) if ({cond})"
        if not self.config.enabled("calls") or self.rng.random() >= 0.3:
            return f"memref.dealloc {name} : {typ}"
        helper = self.consumers.get(typ)
        if helper is None:
            helper = f"mconsume{len(self.consumers)}"
            self.consumers[typ] = helper
            rank = typ.count("x")
            idx = ", ".join("%c0" for _ in range(rank))
            self.functions_text.append(
                f"""func.func private @{helper}(%b: {typ}) -> f32 {{
  %c0 = arith.constant 0 : index
  %v = memref.load %b[{idx}] : {typ}
  memref.dealloc %b : {typ}
  func.return %v : f32
}}"""
            )
        return f"{self.g.fresh('fv')} = func.call @{helper}({name}) : ({typ}) -> f32"

    def op_realloc(self, depth: int) -> None:
        """memref.realloc of a 1-D buffer never used again, or of a loop's iter_arg."""
        g = self.g
        n = self.rng.randint(1, self.config.max_dim)
        g.scopes.append([])
        x = self.alloc((n,), heap=True)
        self.region_ops(depth + 1, self.rng.randint(0, 1))
        g.scopes.pop()  # the buffer (and all made from it) is never used again
        if self.rng.random() < 0.5 and depth < self.config.max_depth:
            g.add(self.realloc_loop(x, depth))
            return
        self.reallocated(x.name, x.type, n)

    def reallocated(self, name: str, typ: str, n: int) -> None:
        """`memref.realloc` of `name` (a 1-D buffer of `n` elements, never used again)
        to a random size; the new elements are filled."""
        g = self.g
        m = self.rng.randint(1, self.config.max_dim)
        new_type = self.memref_type((m,))
        y = g.fresh("re")
        g.emit(f"{y} = memref.realloc {name} : {typ} to {new_type}")
        if m > n:
            g.emit(f"linalg.fill ins({g.scalar()} : f32) outs({y} : {new_type})")
        g.add(_Val(y, new_type, (m,)))

    def realloc_loop(self, x: _Val, depth: int, cf: bool = False) -> _Val:
        """A loop (`scf.for`, or with `cf` a loop of `cf` branches) carrying the 1-D
        heap buffer `x` (never used again) whose body reallocates it to the same size:
        the program frees each iteration's buffer itself, and nothing in the input
        frees the loop result (the header's argument on the exit path)."""
        g = self.g
        x.readable = False
        if cf:
            k = g.fresh("rl")[1:]
            acc, i, nxt = g.fresh("racc"), g.fresh("ri"), g.fresh("rn")
            trip = self.rng.randint(0, 3)
            g.emit(f"cf.br ^h{k}({x.name}, {g.index(0)} : {x.type}, index)")
            g.fn.body.append(f"^h{k}({acc}: {x.type}, {i}: index):")
            go = g.fresh("go")
            g.emit(f"{go} = arith.cmpi slt, {i}, {g.index(trip)} : index")
            g.emit(f"cf.cond_br {go}, ^b{k}, ^x{k}")
            g.fn.body.append(f"^b{k}:")
            y = g.fresh("re")
            g.emit(f"{y} = memref.realloc {acc} : {x.type} to {x.type}")
            g.emit(
                f"memref.store {g.scalar()}, {y}[{g.indices_for(x.shape)}] : {x.type}"
            )
            g.emit(f"{nxt} = arith.addi {i}, {g.index(1)} : index")
            g.emit(f"cf.br ^h{k}({y}, {nxt} : {x.type}, index)")
            g.fn.body.append(f"^x{k}:")
            return _Val(acc, x.type, x.shape)
        iv, res, acc = self.open_for(x.name, x.type, x.shape)
        self.region_ops(depth + 1, self.rng.randint(0, 1))
        y = g.fresh("re")
        g.emit(f"{y} = memref.realloc {acc} : {x.type} to {x.type}")
        g.emit(f"memref.store {g.scalar()}, {y}[{g.indices_for(x.shape)}] : {x.type}")
        g.emit(f"scf.yield {y} : {x.type}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        return _Val(res, x.type, x.shape)

    def op_realloc_join(self, depth: int) -> None:
        """A join (scf.if, or `cf` branches at function level) of buffers the program
        frees itself: a region yields the result of a reallocating loop, or two views of
        it; the other a fresh buffer (or views of it) or, unless the program frees the
        join, an outer buffer.  Afterwards a write through one result and a read through
        the other; then, on joined buffers, sometimes a free of the program on every
        path or on one only, or a realloc of the join."""
        g = self.g
        n = self.rng.randint(2, self.config.max_dim)
        k = self.rng.randint(1, n)
        base_type = self.memref_type((n,))
        view_type = self.memref_type((k,), "strided<[1], offset: ?>")
        views = self.rng.random() < 0.5
        freed = not views and self.config.enabled("frees") and self.rng.random() < 0.6
        typ, shape = (view_type, (k,)) if views else (base_type, (n,))
        cf = depth == 0 and self.config.enabled("cf") and self.rng.random() < 0.4

        def yielded(first: bool) -> tuple[str, str]:
            r = self.rng.random()
            if not first and not freed and r < 0.3:
                owner = self.buffer((n,), base_only=True).name
            else:
                fresh = self.alloc((n,), heap=True)
                owner = fresh.name
                if first or r < 0.6:
                    in_cf = cf and self.rng.random() < 0.5
                    owner = self.realloc_loop(fresh, depth, in_cf).name
            if not views:
                return owner, owner
            pair: list[str] = []
            for _ in range(2):
                name = g.fresh("uv")
                offset = g.index(self.rng.randint(0, n - k))
                g.emit(
                    f"{name} = memref.subview {owner}[{offset}] [{k}] [1] : "
                    f"{base_type} to {view_type}"
                )
                pair.append(name)
            return pair[0], pair[1]

        first_realloc = self.rng.random() < 0.5
        if cf:
            label = g.fresh("u")[1:]
            g.emit(f"cf.cond_br {g.condition()}, ^t{label}, ^e{label}")
            for branch in range(2):
                g.fn.body.append(f"^{'te'[branch]}{label}:")
                g.scopes.append([])
                self.region_ops(depth + 1, self.rng.randint(0, 1))
                a, b = yielded(first_realloc == (branch == 0))
                g.emit(f"cf.br ^j{label}({a}, {b} : {typ}, {typ})")
                g.scopes.pop()
            r0, r1 = g.fresh("uj"), g.fresh("uj")
            g.fn.body.append(f"^j{label}({r0}: {typ}, {r1}: {typ}):")
        else:
            res = g.fresh("uj")
            g.emit(f"{res}:2 = scf.if {g.condition()} -> ({typ}, {typ}) {{")
            branches = iter((first_realloc, not first_realloc))

            def terminator() -> str:
                a, b = yielded(next(branches))
                return f"scf.yield {a}, {b} : {typ}, {typ}"

            self.if_branches(depth, terminator)
            r0, r1 = f"{res}#0", f"{res}#1"
        g.emit(f"memref.store {g.scalar()}, {r0}[{g.indices_for(shape)}] : {typ}")
        loaded = g.fresh("l")
        g.emit(f"{loaded} = memref.load {r1}[{g.indices_for(shape)}] : {typ}")
        g.add(_Val(loaded, "f32"))
        if not freed:
            g.add(_Val(r0, typ, shape))
            g.add(_Val(r1, typ, shape))
            return
        if self.rng.random() < 0.7:
            self.program_free(self.rng.choice((r0, r1)), typ)
        else:
            self.reallocated(r0, typ, n)

    def op_for_offset_view(self, depth: int) -> None:
        """scf.for carrying a static-offset view; the body yields the view or the same view
        of a buffer it allocates."""
        g = self.g
        n = self.rng.randint(2, self.config.max_dim)
        k = self.rng.randint(1, n - 1)
        o = self.rng.randint(1, n - k)
        base_type = self.memref_type((n,))
        typ = self.memref_type((k,), f"strided<[1], offset: {o}>")

        def view(of: str) -> str:
            name = g.fresh("ov")
            g.emit(
                f"{name} = memref.subview {of}[{o}] [{k}] [1] : {base_type} to {typ}"
            )
            return name

        base = self.buffer((n,), base_only=True)
        init = view(base.name)
        iv, res, acc = self.open_for(init, typ, (k,))
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        if self.rng.random() < 0.75:
            fresh = self.alloc((n,))
            yielded = view(fresh.name)
            g.emit(f'"memref.copy"({acc}, {yielded}) : ({typ}, {typ}) -> ()')
        else:
            yielded = acc
        g.emit(f"scf.yield {yielded} : {typ}")
        g.scopes.pop()
        del g.iv_bounds[iv]
        g.indent -= 1
        g.emit("}")
        g.add(_Val(res, typ, (k,)))

    def op_view_join(self, depth: int) -> None:
        """scf.if or scf.for with two results of a dynamic-offset view type; each region
        yields views of a buffer it allocates (one view twice, or two), of an outer
        buffer, or (scf.for) its iter_args; then a write through result #0 and a read
        through result #1 (the same memory when the region yielded one view twice)."""
        g = self.g
        n = self.rng.randint(2, self.config.max_dim)
        k = self.rng.randint(1, n)
        base_type = self.memref_type((n,))
        typ = self.memref_type((k,), "strided<[1], offset: ?>")

        def view(of: str) -> _Val:
            name = g.fresh("dv")
            offset = g.index(self.rng.randint(0, n - k))
            g.emit(
                f"{name} = memref.subview {of}[{offset}] [{k}] [1] : "
                f"{base_type} to {typ}"
            )
            return _Val(name, typ, (k,))

        def choice() -> str:
            """A buffer of `base_type` allocated here (sometimes one the program frees
            itself: the result of a loop reallocating it) or, through an scf.if, one
            that this region owns on one path and borrows from outside on the other."""
            fresh = self.alloc((n,), heap=self.rng.random() < 0.8)
            if (
                not fresh.stack
                and self.config.enabled("realloc")
                and self.rng.random() < 0.25
            ):
                fresh = self.realloc_loop(fresh, depth)
            if self.rng.random() < 0.6:
                return fresh.name
            outer = self.buffer((n,), base_only=True)
            name = g.fresh("sel")
            g.emit(f"{name} = scf.if {g.condition()} -> ({base_type}) {{")
            g.emit(f"  scf.yield {fresh.name} : {base_type}")
            g.emit("} else {")
            g.emit(f"  scf.yield {outer.name} : {base_type}")
            g.emit("}")
            return name

        def pair(carried: Sequence[_Val]) -> tuple[_Val, _Val]:
            r = self.rng.random()
            if r < 0.6:
                owner = choice()
                x = view(owner)
                y = x if r < 0.35 else view(owner)
            elif r < 0.8 and carried:
                x, y = carried[0], carried[int(self.rng.random() < 0.5)]
            else:
                outer = self.buffer((n,), base_only=True)
                x = view(outer.name)
                y = x if self.rng.random() < 0.5 else view(outer.name)
            return (x, y) if self.rng.random() < 0.5 else (y, x)

        res = g.fresh("vj")
        if self.rng.random() < 0.5:
            g.emit(f"{res}:2 = scf.if {g.condition()} -> ({typ}, {typ}) {{")

            def yielded() -> str:
                x, y = pair(())
                return f"scf.yield {x.name}, {y.name} : {typ}, {typ}"

            self.if_branches(depth, yielded)
        else:
            init = view(self.buffer((n,), base_only=True, heap=True).name)
            other = init if self.rng.random() < 0.6 else pair(())[0]
            trip = self.rng.randint(0, 3)
            iv, acc0, acc1 = g.fresh("iv"), g.fresh("acc"), g.fresh("acc")
            g.emit(
                f"{res}:2 = scf.for {iv} = {g.index(0)} to {g.index(trip)} step "
                f"{g.index(1)} iter_args({acc0} = {init.name}, {acc1} = {other.name}) "
                f"-> ({typ}, {typ}) {{"
            )
            g.indent += 1
            carried = [_Val(acc0, typ, (k,)), _Val(acc1, typ, (k,))]
            g.scopes.append([_Val(iv, "index"), *carried])
            g.iv_bounds[iv] = max(trip - 1, 0)
            self.region_ops(depth + 1, self.rng.randint(0, 2))
            x, y = pair(carried)
            g.emit(f"scf.yield {x.name}, {y.name} : {typ}, {typ}")
            g.scopes.pop()
            del g.iv_bounds[iv]
            g.indent -= 1
            g.emit("}")
        first = g.add(_Val(f"{res}#0", typ, (k,)))
        second = g.add(_Val(f"{res}#1", typ, (k,)))
        g.emit(
            f"memref.store {g.scalar()}, {first.name}[{g.indices_for(first.shape)}] "
            f": {typ}"
        )
        loaded = g.fresh("l")
        g.emit(
            f"{loaded} = memref.load {second.name}[{g.indices_for(second.shape)}] "
            f": {typ}"
        )
        g.add(_Val(loaded, "f32"))

    def op_cf_loop(self, depth: int) -> None:
        """A loop of `cf` branches at function level: a header block with two buffer
        arguments (often one buffer twice) and a counter; the body writes through the
        second name and reads through the first, then branches back with a fresh copy on
        one path (sometimes as both arguments) and the arguments, maybe swapped or one
        twice, on the other.  Only in the function's own region (`depth` 0)."""
        g = self.g
        a = self.buffer(base_only=True)
        typ, shape = a.type, a.shape
        twice = self.config.enabled("joins") and self.rng.random() < 0.6
        b = a if twice else self.buffer(shape, base_only=True)
        trip = self.rng.randint(1, 3)
        k = g.fresh("l")[1:]
        x, y, i = g.fresh("lx"), g.fresh("ly"), g.fresh("li")
        zero, one = g.index(0), g.index(1)
        g.emit(f"cf.br ^h{k}({a.name}, {b.name}, {zero} : {typ}, {typ}, index)")
        g.fn.body.append(f"^h{k}({x}: {typ}, {y}: {typ}, {i}: index):")
        stack = a.stack or b.stack
        g.add(_Val(x, typ, shape, stack=stack))
        g.add(_Val(y, typ, shape, stack=stack))
        go = g.fresh("go")
        g.emit(f"{go} = arith.cmpi slt, {i}, {g.index(trip)} : index")
        g.emit(f"cf.cond_br {go}, ^b{k}, ^x{k}")
        g.fn.body.append(f"^b{k}:")
        g.scopes.append([])
        g.iv_bounds[i] = trip - 1
        g.add(_Val(i, "index"))
        idx = g.indices_for(shape)
        g.emit(f"memref.store {g.scalar()}, {y}[{idx}] : {typ}")
        seen = g.fresh("lv")
        g.emit(f"{seen} = memref.load {x}[{idx}] : {typ}")
        g.add(_Val(seen, "f32"))
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        nxt = g.fresh("ln")
        g.emit(f"{nxt} = arith.addi {i}, {one} : index")
        g.emit(f"cf.cond_br {g.condition()}, ^f{k}, ^k{k}")
        g.scopes.pop()
        del g.iv_bounds[i]
        g.fn.body.append(f"^f{k}:")
        fresh = g.fresh("lf")
        g.emit(f"{fresh} = memref.alloc() : {typ}")
        g.emit(f'"memref.copy"({x}, {fresh}) : ({typ}, {typ}) -> ()')
        r = self.rng.random()
        pair = (fresh, fresh) if r < 0.3 else (fresh, y) if r < 0.65 else (y, fresh)
        g.emit(f"cf.br ^h{k}({pair[0]}, {pair[1]}, {nxt} : {typ}, {typ}, index)")
        g.fn.body.append(f"^k{k}:")
        r = self.rng.random()
        pair = (
            (x, y) if r < 0.4 else (x, x) if r < 0.6 else (y, y) if r < 0.8 else (y, x)
        )
        g.emit(f"cf.br ^h{k}({pair[0]}, {pair[1]}, {nxt} : {typ}, {typ}, index)")
        g.fn.body.append(f"^x{k}:")

    def op_call_recursive(self, depth: int) -> None:
        """A call of the recursive helper or of the helper calling into it (made on
        first use)."""
        g = self.g
        if self.recursive is None:
            return
        name, typ, shape, results = self.recursive
        b = self.buffer(shape, base_only=True)
        g.called.add(name)
        names = [g.fresh("rec") for _ in range(results)]
        g.emit(
            f"{', '.join(names)} = func.call @{name}({g.index(self.rng.randint(0, 3))}, "
            f"{b.name}) : (index, {typ}) -> ({', '.join([typ] * results)})"
        )
        for res in names:
            g.add(_Val(res, typ, shape))

    def gen_recursive(self) -> None:
        """A recursive helper `@mrec(%n, %b)`: after `n` recursive calls it returns a
        fresh copy of its argument (each call on a fresh modified copy), or the argument
        itself (each call writing it in place first), or on the base case either of the
        two.  Sometimes two helpers call each other, sometimes one is public, and
        sometimes the program calls it through `@mrec_via`, which calls into the cycle
        and returns the result once or twice."""
        g = self.g
        rng = self.rng
        shape = g.shape()
        typ = self.memref_type(shape)
        name = "mrec"
        idx = ", ".join("%c0" for _ in shape)
        kind = rng.choice(("fresh", "forward", "mixed"))
        mutual = rng.random() < 0.3
        visibility = ["private ", "private "]
        visibility[rng.randrange(2)] = "" if rng.random() < 0.4 else "private "
        callee = f"{name}_2" if mutual else name
        if kind == "fresh":
            base = f"""    %a = memref.alloc() : {typ}
    "memref.copy"(%b, %a) : ({typ}, {typ}) -> ()
    scf.yield %a : {typ}"""
        elif kind == "forward":
            base = f"    scf.yield %b : {typ}"
        else:
            base = f"""    %e = arith.cmpi eq, %n, %c0 : index
    %y = scf.if %e -> ({typ}) {{
      scf.yield %b : {typ}
    }} else {{
      %a = memref.alloc() : {typ}
      "memref.copy"(%b, %a) : ({typ}, {typ}) -> ()
      scf.yield %a : {typ}
    }}
    scf.yield %y : {typ}"""
        step = ""
        if kind == "fresh":
            step = f"""    %t = memref.alloc() : {typ}
    "memref.copy"(%b, %t) : ({typ}, {typ}) -> ()"""
        target = "%t" if kind == "fresh" else "%b"
        text = f"""func.func {visibility[0]}@{name}(%n: index, %b: {typ}) -> {typ} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.000000e+00 : f32
  %p = arith.cmpi sle, %n, %c0 : index
  %r = scf.if %p -> ({typ}) {{
{base}
  }} else {{
{step + chr(10) if step else ""}    %v = memref.load {target}[{idx}] : {typ}
    %w = arith.addf %v, %one : f32
    memref.store %w, {target}[{idx}] : {typ}
    %m = arith.subi %n, %c1 : index
    %q = func.call @{callee}(%m, {target}) : (index, {typ}) -> {typ}
    scf.yield %q : {typ}
  }}
  func.return %r : {typ}
}}"""
        self.functions_text.append(text)
        if mutual:
            self.functions_text.append(
                f"""func.func {visibility[1]}@{name}_2(%n: index, %b: {typ}) -> {typ} {{
  %q = func.call @{name}(%n, %b) : (index, {typ}) -> {typ}
  func.return %q : {typ}
}}"""
            )
        self.recursive = (name, typ, shape, 1)
        if rng.random() < 0.4:
            twice = rng.random() < 0.5
            results = 2 if twice else 1
            outs = ", ".join([typ] * results)
            returned = "%q, %q" if twice else "%q"
            via_vis = "" if rng.random() < 0.5 else "private "
            self.functions_text.append(
                f"""func.func {via_vis}@{name}_via(%n: index, %b: {typ}) -> ({outs}) {{
  %q = func.call @{name}(%n, %b) : (index, {typ}) -> {typ}
  func.return {returned} : {outs}
}}"""
            )
            self.recursive = (f"{name}_via", typ, shape, results)

    def op_call(self, depth: int) -> None:
        if not self.helpers:
            return
        self.call(self.rng.choice(self.helpers))

    def call(self, helper: _Helper) -> None:
        g = self.g
        g.called.add(helper.name)
        args: list[str] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            if typ == "f32":
                args.append(g.scalar())
            elif typ == "i1":
                args.append(g.condition())
            elif self.isolated_argument.get(helper.name, False):
                # The result may be the argument, and buffer-deallocation may return a
                # copy of it (its precondition: the caller does not use its buffer again).
                g.scopes.append([])
                args.append(self.alloc(shape).name)
                g.scopes.pop()
            else:
                args.append(self.buffer(shape, base_only=True).name)
        res = g.fresh("call")
        n = len(helper.result_types)
        lhs = f"{res}:{n} = " if n > 1 else (f"{res} = " if n == 1 else "")
        g.emit(
            f"{lhs}func.call @{helper.name}({', '.join(args)}) : "
            f"({', '.join(helper.arg_types)}) -> ({', '.join(helper.result_types)})"
        )
        for i, (typ, shape) in enumerate(
            zip(helper.result_types, helper.result_shapes, strict=True)
        ):
            g.add(_Val(f"{res}#{i}" if n > 1 else res, typ, shape))

    def region_ops(self, depth: int, count: int) -> None:
        c = self.config
        table: list[tuple[Callable[[int], None], float, str | None]] = [
            (self.op_store, 1.0, None),
            (self.op_load, 1.0, None),
            (lambda d: self.alloc() and None, 1.0, None),
            (self.op_copy, 0.7, "copy"),
            (self.op_linalg, 0.7, "linalg"),
            (self.op_subview, 0.8, "subviews"),
            (self.op_if, 0.8, "if"),
            (self.op_for, 0.8, "for"),
            (self.op_call, 1.0, "calls"),
            (self.op_if_pair, 0.5, "joins"),
            (self.op_for_pair, 0.5, "joins"),
            (self.op_while_pair, 0.4, "while"),
            (self.op_freed, 0.4, "frees"),
            (self.op_realloc, 0.4, "realloc"),
            (self.op_realloc_join, 0.3, "realloc"),
            (self.op_for_offset_view, 0.4, "offset_loops"),
            (self.op_view_join, 0.4, "view_joins"),
            (self.op_call_recursive, 0.4, "recursion"),
        ]
        if depth == 0:
            table.append((self.op_cf_loop, 0.4, "cf_loops"))
        ops = [
            (fn, c.weight(getattr(fn, "__name__", "alloc"), w))
            for fn, w, feat in table
            if (feat is None or c.enabled(feat))
            and (depth < c.max_depth or feat not in _NESTING_FEATURES)
        ]
        for _ in range(count):
            fn = self.rng.choices([f for f, _ in ops], [w for _, w in ops])[0]
            fn(depth)

    def gen_helper(self, index: int) -> None:
        g = self.g
        g.begin_function()
        self.allow_stack = False
        shape = g.shape()
        typ = self.memref_type(shape)
        use_cf = self.config.enabled("cf") and self.rng.random() < 0.6
        arg_types = ["f32", typ] + (["i1"] if use_cf else [])
        arg_shapes: list[tuple[int, ...]] = [(), shape, ()]
        names = [g.fresh("arg") for _ in arg_types]
        g.add(_Val(names[0], "f32"))
        g.add(_Val(names[1], typ, shape))
        saved_helpers = self.helpers
        self.helpers = saved_helpers[:index]
        self.region_ops(0, self.rng.randint(1, 4))
        results: list[str] = []
        result_types: list[str] = []
        result_shapes: list[tuple[int, ...]] = [shape]
        private = self.rng.random() < 0.5
        returned: list[_Val] = []
        """The buffers returned (one per path), fresh ones excluded."""
        if use_cf:
            # A diamond: each branch forwards a buffer (fresh or existing) to a merge block.
            targets: list[str] = []
            block_lines: list[str] = []
            body_before = g.fn.body
            twice = self.config.enabled("joins") and self.rng.random() < 0.5
            for _ in range(2):
                g.fn.body = []
                g.indent = 1
                g.scopes.append([])
                r = self.rng.random()
                if r < 0.5:
                    val = self.alloc(shape, heap=True)
                else:
                    val = self.buffer(shape, base_only=True, heap=True)
                    returned.append(val)
                if twice:
                    # the same buffer as both block arguments, or a fresh second one
                    other = val if self.rng.random() < 0.6 else self.alloc(shape)
                    g.emit(f"cf.br ^bb3({val.name}, {other.name} : {typ}, {typ})")
                else:
                    g.emit(f"cf.br ^bb3({val.name} : {typ})")
                g.scopes.pop()
                targets.append("\n".join(g.fn.body))
            g.fn.body = body_before
            g.emit(f"cf.cond_br {names[2]}, ^bb1, ^bb2")
            block_lines = [f"^bb1:\n{targets[0]}", f"^bb2:\n{targets[1]}"]
            merged = g.fresh("merged")
            g.fn.body.extend(block_lines)
            if twice:
                second = g.fresh("merged")
                g.fn.body.append(f"^bb3({merged}: {typ}, {second}: {typ}):")
                # a write through the second name, seen through the first when they are
                # one buffer
                g.emit(
                    f"memref.store {names[0]}, {second}[{g.indices_for(shape)}] : {typ}"
                )
            else:
                g.fn.body.append(f"^bb3({merged}: {typ}):")
            results.append(merged)
            result_types.append(typ)
        else:
            r = self.rng.random()
            if r < 0.5:
                val = self.alloc(shape, heap=True)
            else:
                val = self.buffer(shape, base_only=True, heap=True)
                returned.append(val)
            results.append(val.name)
            result_types.append(typ)
            if (
                r < 0.5
                and self.config.enabled("returned_reshapes")
                and self.rng.random() < 0.8
                and (reshaped := self.reshape_of(val)) is not None
            ):
                results[0], result_types[0], result_shapes[0] = reshaped
            elif r < 0.5 and self.config.enabled("returned_views"):
                # one fresh buffer returned twice (callers free it once, after the
                # last use of either result), with a view of it (private helpers only:
                # the caller must see the view), or a view of it alone
                r = self.rng.random()
                if r < 0.3:
                    results.append(val.name)
                    result_types.append(typ)
                    result_shapes.append(shape)
                elif r < 0.55 and private:
                    sv = self.subview_of(val, static_offset=True)
                    results.append(sv.name)
                    result_types.append(sv.type)
                    result_shapes.append(sv.shape)
                elif r < 0.75 and not any(d == 1 for d in shape):
                    sv = self.subview_of(
                        val,
                        static_offset=True,
                        dynamic_offset=self.config.enabled("view_joins")
                        and self.rng.random() < 0.5,
                    )
                    results[0], result_types[0], result_shapes[0] = (
                        sv.name,
                        sv.type,
                        sv.shape,
                    )
        self.helpers = saved_helpers
        g.emit(f"func.return {', '.join(results)} : {', '.join(result_types)}")
        params = ", ".join(f"{n}: {t}" for n, t in zip(names, arg_types, strict=True))
        vis = "private " if private else ""
        # buffer-deallocation returns the argument itself only from a private function that
        # returns it on every path; any other result that may be (or alias) the argument
        # becomes a copy, so callers pass a buffer they do not use again.
        paths = 2 if use_cf else 1
        forwards = (
            bool(vis)
            and len(returned) == paths
            and all(v.name == names[1] for v in returned)
        )
        self.isolated_argument[f"mhelper{index}"] = bool(returned) and not forwards
        header = f"func.func {vis}@mhelper{index}({params}) -> ({', '.join(result_types)}) {{"
        self.functions_text.append(g.end_function(header))
        self.helpers.append(
            _Helper(
                f"mhelper{index}",
                arg_types,
                result_types,
                arg_shapes[: len(arg_types)],
                result_shapes,
            )
        )

    def reshape_of(self, val: _Val) -> tuple[str, str, tuple[int, ...]] | None:
        """A whole reshape of the fresh buffer `val` (`returned_reshapes`): all its
        dimensions collapsed into one, or a static 1-D buffer expanded to `[n, 1]`;
        None for a buffer with a layout."""
        g = self.g
        typ = val.type
        if not typ.startswith("memref<") or "," in typ or "strided" in typ:
            return None
        dims = typ[len("memref<") : typ.rindex("x")].split("x")
        name = g.fresh("rs")
        if len(dims) >= 2:
            size = "?" if "?" in dims else str(math.prod(val.shape))
            new_type = f"memref<{size}xf32>"
            group = ", ".join(str(i) for i in range(len(dims)))
            g.emit(
                f"{name} = memref.collapse_shape {val.name} [[{group}]] : "
                f"{typ} into {new_type}"
            )
            return name, new_type, (math.prod(val.shape),)
        if dims == ["?"]:
            return None
        n = val.shape[0]
        new_type = f"memref<{n}x1xf32>"
        g.emit(
            f"{name} = memref.expand_shape {val.name} [[0, 1]] output_shape "
            f"[{n}, 1] : {typ} into {new_type}"
        )
        return name, new_type, (n, 1)

    def generate(self) -> str:
        n_helpers = (
            self.rng.randint(0, self.config.max_helpers)
            if self.config.enabled("calls")
            else 0
        )
        for i in range(n_helpers):
            self.gen_helper(i)
        if self.config.enabled("recursion") and self.rng.random() < 0.25:
            self.gen_recursive()
        g = self.g
        g.begin_function()
        self.allow_stack = True
        for _ in range(self.rng.randint(1, 3)):
            self.alloc()
        self.region_ops(0, self.rng.randint(2, self.config.max_ops))
        for helper in self.helpers:
            if helper.name not in g.called:
                self.call(helper)
        returns: list[str] = []
        bufs = self.buffers()
        if len(bufs) > 8:
            bufs = bufs[:3] + self.rng.sample(bufs[3:], 5)
        for b in bufs:
            s = g.fresh("r")
            g.emit(f"{s} = memref.load {b.name}[{g.indices_for(b.shape)}] : {b.type}")
            returns.append(s)
        if not returns:
            returns.append(g.f32(1.0))
        types = ", ".join(["f32"] * len(returns))
        g.emit(f"func.return {', '.join(returns)} : {types}")
        self.functions_text.append(g.end_function(f"func.func @main() -> ({types}) {{"))
        header = f"// generated: seed={self.seed} kind=memref"
        return header + "\n" + "\n\n".join(self.functions_text) + "\n"


def generate_program(seed: int, config: GeneratorConfig | None = None) -> str:
    """The program of `seed` under `config` (deterministic)."""
    return ProgramGenerator(seed, config or GeneratorConfig()).generate()
