"""Call results (and region-branch results) that may be one of several buffers the
caller owns are owned on every path (issue 24).

A private callee that may return its argument (a maybe-forwarded result,
analysis/forwarding.py) and writes it: the caller passes a copy of its buffer when it
still needs the original, so the call result is that copy or a buffer the callee made,
both the caller's.  The result takes the copy over (`absorb_call_operands` in
analysis/ownership/collect.py): no ownership flag, no clone where it is returned or
handed to an owned merge, and the copy is freed after the call only when the result
is not it (one pointer comparison per such operand).  The shapes: the result being
either of two copies, nested calls, a loop body, a loop calling a function of this
shape, the same choice through `scf.if` and `cf` branches, and the operand being a
function argument (not the caller's: a clone on the path where the result is it, as
the function-boundary ABI requires).  Each case runs through the executor before and
after the pipeline on every path (results equal, no leak, no double free) with its
allocation and copy counts and the clones and pointer comparisons of its output
pinned.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from xdsl.parser import Parser

from xdsl_bufferize.execution import apply_pipeline, check_pipeline, make_context

COMPREHENSIVE = "comprehensive-bufferize"
ONE_SHOT = "one-shot-bufferize{bufferize-function-boundaries=true},buffer-deallocation"

FILL = """
    %e = tensor.empty() : tensor<4xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
"""

PICKW = f"""
func.func private @pickw(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {{
  %r = scf.if %c -> (tensor<4xf32>) {{
    %i = arith.constant 1 : index
    %w = arith.constant 3.0 : f32
    %a2 = tensor.insert %w into %a[%i] : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  }} else {{{FILL}
    scf.yield %f : tensor<4xf32>
  }}
  return %r : tensor<4xf32>
}}
"""

MAIN_BOTH = """
func.func @main(%c: i1) -> (f32, f32) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %x, %y = func.call @both(%a, %c) : (tensor<4xf32>, i1) -> (tensor<4xf32>, tensor<4xf32>)
  %i = arith.constant 1 : index
  %v1 = tensor.extract %x[%i] : tensor<4xf32>
  %v2 = tensor.extract %y[%i] : tensor<4xf32>
  return %v1, %v2 : f32, f32
}
"""

TWO_COPIES = f"""
func.func private @pick_two(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: i1, %d: i1) -> tensor<4xf32> {{
  %r = scf.if %c -> (tensor<4xf32>) {{
    %i = arith.constant 1 : index
    %w = arith.constant 3.0 : f32
    %a2 = tensor.insert %w into %a[%i] : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  }} else {{
    %s = scf.if %d -> (tensor<4xf32>) {{
      %i = arith.constant 2 : index
      %w = arith.constant 5.0 : f32
      %b2 = tensor.insert %w into %b[%i] : tensor<4xf32>
      scf.yield %b2 : tensor<4xf32>
    }} else {{{FILL}
      scf.yield %f : tensor<4xf32>
    }}
    scf.yield %s : tensor<4xf32>
  }}
  return %r : tensor<4xf32>
}}
func.func private @both(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: i1, %d: i1) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {{
  %r = func.call @pick_two(%a, %b, %c, %d) : (tensor<4xf32>, tensor<4xf32>, i1, i1) -> tensor<4xf32>
  return %a, %b, %r : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}}
func.func @main(%c: i1, %d: i1) -> (f32, f32, f32, f32) {{
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%two : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %x, %y, %r = func.call @both(%a, %b, %c, %d) : (tensor<4xf32>, tensor<4xf32>, i1, i1) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %v1 = tensor.extract %x[%i1] : tensor<4xf32>
  %v2 = tensor.extract %y[%i2] : tensor<4xf32>
  %v3 = tensor.extract %r[%i1] : tensor<4xf32>
  %v4 = tensor.extract %r[%i2] : tensor<4xf32>
  return %v1, %v2, %v3, %v4 : f32, f32, f32, f32
}}
"""

NESTED = (
    PICKW
    + """
func.func private @outer(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = func.call @pickw(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @both(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = func.call @outer(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %a, %r : tensor<4xf32>, tensor<4xf32>
}
"""
    + MAIN_BOTH
)

DIRECT = (
    PICKW
    + """
func.func private @both(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = func.call @pickw(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %a, %r : tensor<4xf32>, tensor<4xf32>
}
"""
)

LOOP_BODY = (
    PICKW
    + """
func.func @main(%c: i1) -> (f32, f32) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %i0 = arith.constant 0 : index
  %res = scf.for %k = %lb to %ub step %st iter_args(%t = %a) -> (tensor<4xf32>) {
    %r = func.call @pickw(%t, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
    %v = tensor.extract %t[%st] : tensor<4xf32>
    %s = arith.addf %v, %one : f32
    %r2 = tensor.insert %s into %r[%i0] : tensor<4xf32>
    scf.yield %r2 : tensor<4xf32>
  }
  %v1 = tensor.extract %res[%i0] : tensor<4xf32>
  %v2 = tensor.extract %res[%st] : tensor<4xf32>
  return %v1, %v2 : f32, f32
}
"""
)

LOOP_CALLING = (
    DIRECT
    + """
func.func @main(%c: i1) -> (f32, f32) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %i0 = arith.constant 0 : index
  %res:2 = scf.for %k = %lb to %ub step %st iter_args(%t = %a, %u = %a) -> (tensor<4xf32>, tensor<4xf32>) {
    %x, %y = func.call @both(%t, %c) : (tensor<4xf32>, i1) -> (tensor<4xf32>, tensor<4xf32>)
    scf.yield %x, %y : tensor<4xf32>, tensor<4xf32>
  }
  %v1 = tensor.extract %res#0[%st] : tensor<4xf32>
  %v2 = tensor.extract %res#1[%st] : tensor<4xf32>
  return %v1, %v2 : f32, f32
}
"""
)

THROUGH_IF = f"""
func.func private @both(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {{
  %r = scf.if %c -> (tensor<4xf32>) {{
    %i = arith.constant 1 : index
    %w = arith.constant 3.0 : f32
    %a2 = tensor.insert %w into %a[%i] : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  }} else {{{FILL}
    scf.yield %f : tensor<4xf32>
  }}
  return %a, %r : tensor<4xf32>, tensor<4xf32>
}}
{MAIN_BOTH}
"""

THROUGH_CF = f"""
func.func private @both(%a: tensor<4xf32>, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {{
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %i = arith.constant 1 : index
  %w = arith.constant 3.0 : f32
  %a2 = tensor.insert %w into %a[%i] : tensor<4xf32>
  cf.br ^bb3(%a2 : tensor<4xf32>)
^bb2:{FILL}
  cf.br ^bb3(%f : tensor<4xf32>)
^bb3(%r: tensor<4xf32>):
  return %a, %r : tensor<4xf32>, tensor<4xf32>
}}
{MAIN_BOTH}
"""

ARGUMENT = (
    PICKW
    + """
func.func @main(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = func.call @pickw(%a, %c) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""
)


@dataclass(frozen=True)
class Case:
    """A program, its pipeline, and per input: the results and the (allocations,
    copies) of the bufferized run; then the clones and pointer comparisons in the
    output."""

    source: str
    pipeline: str
    runs: tuple[tuple[tuple[object, ...], tuple[object, ...], tuple[int, int]], ...]
    clones: int
    comparisons: int


ONES = [1.0, 1.0, 1.0, 1.0]

CASES = {
    "two_copies": Case(
        TWO_COPIES,
        COMPREHENSIVE,
        (
            ((True, True), (1.0, 2.0, 3.0, 1.0), (4, 2)),
            ((True, False), (1.0, 2.0, 3.0, 1.0), (4, 2)),
            ((False, True), (1.0, 2.0, 2.0, 5.0), (4, 2)),
            ((False, False), (1.0, 2.0, 0.0, 0.0), (5, 2)),
        ),
        0,
        3,
    ),
    "nested_calls": Case(
        NESTED,
        COMPREHENSIVE,
        (((True,), (1.0, 3.0), (2, 1)), ((False,), (1.0, 0.0), (3, 1))),
        0,
        2,
    ),
    "loop_body": Case(
        LOOP_BODY,
        COMPREHENSIVE,
        (((True,), (4.0, 3.0), (4, 3)), ((False,), (1.0, 0.0), (7, 3))),
        0,
        2,
    ),
    "loop_calling": Case(
        LOOP_CALLING,
        COMPREHENSIVE,
        (((True,), (1.0, 3.0), (5, 3)), ((False,), (1.0, 0.0), (8, 3))),
        0,
        2,
    ),
    "through_if": Case(
        THROUGH_IF,
        COMPREHENSIVE,
        (((True,), (1.0, 3.0), (2, 1)), ((False,), (1.0, 0.0), (2, 0))),
        0,
        0,
    ),
    "through_cf": Case(
        THROUGH_CF,
        COMPREHENSIVE,
        (((True,), (1.0, 3.0), (2, 1)), ((False,), (1.0, 0.0), (2, 0))),
        0,
        0,
    ),
    "public_argument_copied": Case(
        ARGUMENT,
        COMPREHENSIVE,
        (((ONES, True), (), (1, 1)), ((ONES, False), (), (2, 1))),
        0,
        2,
    ),
    "argument_borrowed": Case(
        ARGUMENT,
        ONE_SHOT,
        (((ONES, True), (), (1, 1)), ((ONES, False), (), (1, 0))),
        1,
        2,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_call_result_owned_on_every_path(name: str) -> None:
    case = CASES[name]
    found: list[object] = []
    for inputs, results, _ in case.runs:
        module = Parser(make_context(), case.source).parse_module()
        report = check_pipeline(module, case.pipeline, "main", list(inputs))
        assert report.ok, report
        after = report.after
        assert after is not None and after.findings == []
        assert after.results is not None
        found.append(
            (
                inputs,
                after.results if results else (),
                (after.stats.allocs, after.stats.copies),
            )
        )
    module = Parser(make_context(), case.source).parse_module()
    out = str(apply_pipeline(module, case.pipeline))
    found.append(out.count("bufferization.clone"))
    found.append(out.count("memref.extract_aligned_pointer_as_index"))
    expected = [*case.runs, case.clones, case.comparisons]
    assert found == expected
