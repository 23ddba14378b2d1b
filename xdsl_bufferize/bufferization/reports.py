"""What one-shot bufferization reports: statistics, the analysis annotations of
`test-analysis-only`, the conflicts of `print-conflicts`."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    StringAttr,
)
from xdsl.ir import Operation

from xdsl_bufferize.analysis.one_shot_analysis import OneShotAnalysisState
from xdsl_bufferize.bufferization.copies import (
    explain_conflict,
    names_scope,
    needs_copy,
)
from xdsl_bufferize.interfaces.bufferizable import (
    BufferizationOptions,
    OpOperand,
    bufferizable_model,
)
from xdsl_bufferize.interfaces.copy_reasons import SsaNames
from xdsl_bufferize.utils.ir import enclosing_function, is_tensor


@dataclass
class BufferizationStatistics:
    """Counts reported by the `statistics` option."""

    allocations: int = 0
    copies: int = 0
    globals: int = 0
    in_place: int = 0
    out_of_place: int = 0
    tensor_copies: int = 0

    def report(self) -> str:
        """Counts as `name: value` lines (MLIR's pass-statistics style)."""
        return "\n".join(
            [
                "one-shot-bufferize statistics:",
                f"  in-place operands: {self.in_place}",
                f"  out-of-place operands: {self.out_of_place}",
                f"  tensor copies inserted: {self.tensor_copies}",
                f"  allocations (memref.alloc): {self.allocations}",
                f"  buffer copies (memref.copy): {self.copies}",
                f"  constant globals: {self.globals}",
            ]
        )


def annotate_analysis(
    root: Operation, state: OneShotAnalysisState, options: BufferizationOptions
) -> None:
    """`test-analysis-only`: `__inplace_operands_attr__` per op with tensor operands
    ("true" / "false" per tensor operand, "none" for others), plus alias-set ids
    (`dump-alias-sets`) and conflict reasons (`print-conflicts`)."""
    from xdsl.dialects.builtin import ArrayAttr, IntAttr

    alias_ids = state.alias_set_ids() if options.dump_alias_sets else {}
    for op in root.walk():
        if bufferizable_model(op) is None:
            continue
        if any(is_tensor(v) for v in op.operands):
            flags: list[StringAttr] = []
            reasons: list[StringAttr] = []
            for index, value in enumerate(op.operands):
                if not is_tensor(value):
                    flags.append(StringAttr("none"))
                    continue
                operand = OpOperand(op, index)
                flags.append(
                    StringAttr("true" if state.is_in_place(operand) else "false")
                )
                conflict = state.conflict_of(operand)
                if conflict is not None:
                    reasons.append(
                        StringAttr(f"operand #{index}: {conflict.describe()}")
                    )
            op.attributes["__inplace_operands_attr__"] = ArrayAttr(flags)
            if options.print_conflicts and reasons:
                op.attributes["__conflicts__"] = ArrayAttr(reasons)
        if alias_ids and any(r in alias_ids for r in op.results):
            op.attributes["__opresult_alias_set_attr__"] = ArrayAttr(
                [IntAttr(alias_ids.get(r, -1)) for r in op.results]
            )


def print_conflicts(state: OneShotAnalysisState) -> None:
    """Write one line per out-of-place operand to stderr."""
    if not state.conflicts:
        return
    names = SsaNames(names_scope(state))
    for operand, conflict in state.conflicts.items():
        function = enclosing_function(operand.owner)
        where = f"@{function.sym_name.data}: " if function is not None else ""
        copied = needs_copy(state, operand)
        print(
            f"one-shot-bufferize: {where}"
            f"{explain_conflict(operand, conflict, names, copied)}",
            file=sys.stderr,
        )


__all__ = ["BufferizationStatistics", "annotate_analysis", "print_conflicts"]
