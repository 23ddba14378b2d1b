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

Modules: `config` (the features, each described there, and `GeneratorConfig`); `core`
(values and `GeneratorBase`, the state of a tensor program); one module per family of
tensor features, each a class adding its ops (`structured`, `slices`, `adversarial`,
`control`, `regions`, `calls`, `cf`, `memory_space`, `reshape`), joined in `program`
(`ProgramGenerator`: the table of op kinds and the main loop); the memref programs in
`memref_base`, `memref_frees`, `memref_joins`, `memref_calls`, joined in `memref`
(`MemrefProgramGenerator`). A new feature: its name and description in `config`, its
ops in its family's module (or a new one joined in `program` / `memref`), its entry in
the table of op kinds (`ProgramGenerator._tensor_ops`, `MemrefProgramGenerator.region_ops`).
"""

from __future__ import annotations

from xdsl_bufferize.testing.generate.config import (
    ADVERSARIAL_FEATURES,
    MEMREF_FEATURES,
    MEMREF_OPT_IN_FEATURES,
    OPT_IN_FEATURES,
    REGION_OP_FEATURES,
    TENSOR_FEATURES,
    GeneratorConfig,
    apply_feature_spec,
    config_for_pipeline,
)
from xdsl_bufferize.testing.generate.core import tensor_type
from xdsl_bufferize.testing.generate.memref import MemrefProgramGenerator
from xdsl_bufferize.testing.generate.program import ProgramGenerator


def generate_program(seed: int, config: GeneratorConfig | None = None) -> str:
    """The program of `seed` under `config` (deterministic)."""
    config = config or GeneratorConfig()
    if config.kind == "memref":
        return MemrefProgramGenerator(seed, config).generate()
    return ProgramGenerator(seed, config).generate()


__all__ = [
    "ADVERSARIAL_FEATURES",
    "GeneratorConfig",
    "MEMREF_FEATURES",
    "MEMREF_OPT_IN_FEATURES",
    "MemrefProgramGenerator",
    "OPT_IN_FEATURES",
    "ProgramGenerator",
    "REGION_OP_FEATURES",
    "TENSOR_FEATURES",
    "apply_feature_spec",
    "config_for_pipeline",
    "generate_program",
    "tensor_type",
]
