"""What one-shot bufferization reports: statistics, the analysis annotations of
`test-analysis-only`, the conflicts of `print-conflicts`."""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass

from xdsl.dialects.builtin import StringAttr, UnitAttr
from xdsl.ir import BlockArgument, Operation, OpResult

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


_conflict_ids = itertools.count()
"""Numbers the RaW conflicts annotated by `print-conflicts` (`C_<n>`), once per
process as MLIR does (its counter is static), so that with `--split-input-file`
later chunks continue the numbering."""


def annotate_conflicts(state: OneShotAnalysisState) -> list[Operation]:
    """`print-conflicts`: MLIR's annotation of each read-after-write conflict, in
    the order the analysis found them: unit attributes `C_<n>[CONFL-WRITE: <i>]` on
    the op whose operand <i> would write in place, `C_<n>[READ: <i>]` on the op
    whose operand <i> reads the old value, and `C_<n>[DEF: result <i>]` on the op
    defining that value (`C_<n>[DEF: bbArg <i>]` on the op owning the block when
    it is a block argument). Returns the ops annotated."""
    annotated: list[Operation] = []
    for conflict in state.conflicts.values():
        read, write, definition = conflict.read, conflict.write, conflict.definition
        if conflict.kind != "read-after-write" or read is None or write is None:
            continue
        if definition is None:
            continue
        tag = f"C_{next(_conflict_ids)}"
        marks: list[tuple[Operation, str]] = [
            (write.owner, f"{tag}[CONFL-WRITE: {write.index}]"),
            (read.owner, f"{tag}[READ: {read.index}]"),
        ]
        if isinstance(definition, OpResult):
            marks.append((definition.op, f"{tag}[DEF: result {definition.index}]"))
        elif isinstance(definition, BlockArgument):
            owner = definition.block.parent_op()
            if owner is not None:
                marks.append((owner, f"{tag}[DEF: bbArg {definition.index}]"))
        for op, name in marks:
            op.attributes[name] = UnitAttr()
            annotated.append(op)
    return annotated


def annotate_analysis(
    root: Operation, state: OneShotAnalysisState, options: BufferizationOptions
) -> None:
    """`test-analysis-only`: `__inplace_operands_attr__` per op with tensor operands
    ("true" / "false" per tensor operand, "none" for others), plus alias-set ids
    (`dump-alias-sets`), with `print-conflicts` MLIR's conflict annotations
    (`annotate_conflicts`, placed first as MLIR's sorted attributes print them, so
    MLIR's FileCheck lines match) and with `explain-copies` (ours) the reason of
    each out-of-place operand (`__conflicts__`, one string per operand)."""
    from xdsl.dialects.builtin import ArrayAttr, IntAttr

    annotated = annotate_conflicts(state) if options.print_conflicts else []

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
            if options.explain_copies and reasons:
                op.attributes["__conflicts__"] = ArrayAttr(reasons)
        if alias_ids and any(r in alias_ids for r in op.results):
            op.attributes["__opresult_alias_set_attr__"] = ArrayAttr(
                [IntAttr(alias_ids.get(r, -1)) for r in op.results]
            )
    for op in annotated:
        marks = sorted(name for name in op.attributes if name.startswith("C_"))
        rest = [name for name in op.attributes if not name.startswith("C_")]
        op.attributes = {name: op.attributes[name] for name in marks + rest}


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


__all__ = [
    "BufferizationStatistics",
    "annotate_analysis",
    "annotate_conflicts",
    "print_conflicts",
]
