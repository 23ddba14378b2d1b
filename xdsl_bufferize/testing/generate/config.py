"""What generated programs may contain: the feature names (each documented here, the
single place that says what a feature makes), `GeneratorConfig`, and the configuration
for a pipeline or a feature spec (`-while,+adversarial,max_ops=5`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    "loop_yields",
    "execute_region_blocks",
    "slice_casts",
)
"""Tensor features that are off unless enabled (`+memory_space`, `+dynamic_reshape`,
`+cf_tensor_args`, `+named_structured`, `+call_returned_args`, `+loop_yields`,
`+execute_region_blocks`, `+slice_casts`), so that the programs of every seed stay
as they were without them (see `memory_space`, `dynamic_reshape`, `named_structured`,
`call_returned_args`, `loop_yields`, `execute_region_blocks` and `slice_casts`
below)."""

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

`loop_yields` (opt-in: `+loop_yields`, with non-equivalent yields): `scf.for` and
`scf.while` (after region) yielding back, instead of their chain, a new tensor
computed from it (`linalg.generic` into a `tensor.empty`), or an `scf.if` yielding
such a new tensor on one path and the chain, a tensor from outside the loop or a
constant made in the body on the other; with two iteration arguments sometimes one
new tensor yielded to both.

`execute_region_blocks` (opt-in: `+execute_region_blocks`): `scf.execute_region`
whose entry block branches (`cf.cond_br`) to a block writing a tensor (or making a
new one) and to a block yielding it or a new tensor, or whose written value and the
tensor itself meet in a block argument of a merge block that may write again and
yields; the tensor is sometimes read again after the region.

`slice_casts` (opt-in: `+slice_casts`): a tile computed on a new tensor of the other
type (static where the tile is dynamic, dynamic where it is static), then
`tensor.cast` to the tile's type before its `tensor.insert_slice` (empty-tensor
elimination through the cast).

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
