"""The `one-shot-bufferize` pass: options, then one call into the driver.

Option names follow MLIR's pass (declared in `xdsl_bufferize/options.py`). Decisions
are documented in `xdsl_bufferize/bufferization/driver.py` (rewrite),
`xdsl_bufferize/bufferization/module_driver.py` (function boundaries) and
`xdsl_bufferize/analysis/one_shot_analysis.py` (in-place analysis).

* `test-analysis-only`: annotate `__inplace_operands_attr__` and rewrite nothing;
  with `print-conflicts` the ops with out-of-place operands also get
  MLIR's conflict marks (`"C_<n>[CONFL-WRITE: i]"`, `[READ: i]`, `[DEF: ...]`), with
  `explain-copies` `__conflicts__` (one reason string per out-of-place operand), and with
  `dump-alias-sets` each op with tensor results gets `__opresult_alias_set_attr__`
  (one alias-set number per result).
* `print-conflicts`: one line per out-of-place operand on stderr (why it is copied).
* `statistics`: counts (in-place / out-of-place operands, tensor copies,
  allocations, buffer copies, constant globals) on stderr.
* `bufferize-function-boundaries`: the module driver
  (`bufferization/module_driver.py`) bufferizes signatures and calls too,
  callees first; `modify-public-functions` and `drop-equivalent-buffer-results`
  control which results equivalent to an argument are dropped. Without it,
  function bodies are bufferized and tensor arguments/results cross the signature
  through `to_buffer` / `to_tensor`.
* `allow-return-allocs-from-loops`: a loop yield that is not equivalent to its
  iter_arg yields a new buffer (a copy) each iteration; without it (MLIR's
  default) such a loop is rejected with MLIR's diagnostic.
* `public-arguments-writable` (ours; default true, MLIR's ABI): with function
  boundaries a public function writes its tensor arguments in place unless marked
  `bufferization.writable = false`; false gives the conservative ABI.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from xdsl_bufferize.analysis.module_analysis import ReusableAnalyses
from xdsl_bufferize.gc_pause import frozen_heap
from xdsl_bufferize.interfaces.bufferizable import BufferizationOptions
from xdsl_bufferize.interfaces.copy_reasons import explain_copies
from xdsl_bufferize.options import OneShotBufferizeOptions


@dataclass(frozen=True)
class OneShotBufferizePass(OneShotBufferizeOptions, ModulePass):
    """Bufferize tensor ops to memref ops, in place where the analysis proves it safe."""

    name = "one-shot-bufferize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self.run(op)

    def run(
        self,
        op: ModuleOp,
        prior: ReusableAnalyses | None = None,
        report_copies: bool = True,
        options: BufferizationOptions | None = None,
    ) -> None:
        """Bufferize `op`; with function boundaries, reuse the still valid function
        analyses of `prior` (made with the same options). `report_copies=False`
        leaves the explain-copies report to the caller (a pipeline that changes
        the copies afterwards). `options` replaces `self.to_bufferization_options()`
        (a pipeline setting options that are not this pass's)."""
        from xdsl_bufferize.bufferization.driver import one_shot_bufferize

        if options is None:
            options = self.to_bufferization_options()
        with frozen_heap():
            if options.bufferize_function_boundaries:
                from xdsl_bufferize.bufferization.module_driver import (
                    one_shot_module_bufferize,
                )

                stats = one_shot_module_bufferize(op, options, prior)
            else:
                stats = one_shot_bufferize(op, options)
        if self.statistics:
            print(stats.report(), file=sys.stderr)
        if self.explain_copies and report_copies and not self.test_analysis_only:
            explain_copies(op)
