"""Negative tests: each memory error kind is reported with the right kind and op."""

from __future__ import annotations

from typing import Any

import pytest

from xdsl_bufferize.execution import ArrayValue, FindingKind

from .exec_helpers import run_src


def _single_finding(
    src: str, args: tuple[Any, ...] = ()
) -> tuple[FindingKind, str, str]:
    outcome = run_src(src, args=args)
    assert outcome.error is None, outcome.error
    assert len(outcome.findings) == 1, [str(f) for f in outcome.findings]
    f = outcome.findings[0]
    return f.kind, f.op_name, f.location


def test_leak_names_the_allocation() -> None:
    src = """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<4xf32>
      %f = arith.constant 1.0 : f32
      memref.store %f, %a[%c0] : memref<4xf32>
      %x = memref.load %a[%c0] : memref<4xf32>
      func.return %x : f32
    }
    """
    assert _single_finding(src) == (
        FindingKind.LEAK,
        "memref.alloc",
        "test.mlir:4:7 in @main",
    )


def test_returned_buffer_is_not_a_leak_but_a_dropped_one_in_callee_is() -> None:
    src = """
    func.func @make() -> memref<2xf32> {
      %a = memref.alloc() : memref<2xf32>
      %b = memref.alloc() : memref<2xf32>
      %one = arith.constant 1.0 : f32
      linalg.fill ins(%one : f32) outs(%a : memref<2xf32>)
      func.return %a : memref<2xf32>
    }
    func.func @main() -> memref<2xf32> {
      %a = func.call @make() : () -> memref<2xf32>
      func.return %a : memref<2xf32>
    }
    """
    kind, op_name, location = _single_finding(src)
    assert (kind, op_name, location) == (
        FindingKind.LEAK,
        "memref.alloc",
        "test.mlir:4:7 in @make",
    )


def test_double_free() -> None:
    src = """
    func.func @main() {
      %a = memref.alloc() : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      func.return
    }
    """
    assert _single_finding(src) == (
        FindingKind.DOUBLE_FREE,
        "memref.dealloc",
        "test.mlir:5:7 in @main",
    )


@pytest.mark.parametrize(
    ("setup", "freed"),
    [
        ("%m = memref.alloca() : memref<4xf32>", "%m"),
        ("%m = memref.get_global @g : memref<4xf32>", "%m"),
        (
            "%a = memref.alloc() : memref<8xf32>\n"
            "      %m = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>",
            "%m",
        ),
    ],
)
def test_free_of_non_heap_or_non_base_memory(setup: str, freed: str) -> None:
    is_subview = "subview" in setup
    freed_type = (
        "memref<4xf32, strided<[1], offset: 2>>" if is_subview else "memref<4xf32>"
    )
    # In the subview case the base itself is freed properly afterwards.
    src = f"""
    "memref.global"() <{{sym_name = "g", sym_visibility = "private", type = memref<4xf32>, initial_value = dense<0.0> : tensor<4xf32>}}> : () -> ()
    func.func @main() {{
      {setup}
      memref.dealloc {freed} : {freed_type}
      {"memref.dealloc %a : memref<8xf32>" if is_subview else ""}
      func.return
    }}
    """
    outcome = run_src(src)
    assert outcome.error is None
    kinds = [(f.kind, f.op_name) for f in outcome.findings]
    assert kinds == [(FindingKind.INVALID_FREE, "memref.dealloc")]


def test_freeing_an_entry_argument_is_reported() -> None:
    src = """
    func.func @main(%a: memref<2xf32>) {
      memref.dealloc %a : memref<2xf32>
      func.return
    }
    """
    kind, op_name, _ = _single_finding(src, (ArrayValue((2,), [1.0, 2.0]),))
    assert (kind, op_name) == (FindingKind.INVALID_FREE, "memref.dealloc")


@pytest.mark.parametrize(
    ("use", "op_name"),
    [
        ("%x = memref.load %a[%c0] : memref<4xf32>", "memref.load"),
        ("memref.store %f, %a[%c0] : memref<4xf32>", "memref.store"),
        (
            '"memref.copy"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()',
            "memref.copy",
        ),
        (
            "%s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>",
            "memref.subview",
        ),
    ],
)
def test_use_after_free(use: str, op_name: str) -> None:
    src = f"""
    func.func @main() {{
      %c0 = arith.constant 0 : index
      %f = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      {use}
      memref.dealloc %b : memref<4xf32>
      func.return
    }}
    """
    kind, name, location = _single_finding(src)
    assert (kind, name, location) == (
        FindingKind.USE_AFTER_FREE,
        op_name,
        "test.mlir:8:7 in @main",
    )


def test_stack_memory_dies_with_its_function() -> None:
    src = """
    func.func @scratch() -> memref<2xf32> {
      %m = memref.alloca() : memref<2xf32>
      func.return %m : memref<2xf32>
    }
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %m = func.call @scratch() : () -> memref<2xf32>
      %x = memref.load %m[%c0] : memref<2xf32>
      func.return %x : f32
    }
    """
    kind, name, _ = _single_finding(src)
    assert (kind, name) == (FindingKind.USE_AFTER_FREE, "memref.load")


def test_write_into_constant_global() -> None:
    src = """
    "memref.global"() <{sym_name = "k", sym_visibility = "private", type = memref<2xf32>, initial_value = dense<1.0> : tensor<2xf32>, constant}> : () -> ()
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %f = arith.constant 3.0 : f32
      %g = memref.get_global @k : memref<2xf32>
      memref.store %f, %g[%c0] : memref<2xf32>
      %x = memref.load %g[%c0] : memref<2xf32>
      func.return %x : f32
    }
    """
    outcome = run_src(src)
    assert [(f.kind, f.op_name, f.location) for f in outcome.findings] == [
        (FindingKind.WRITE_TO_CONSTANT, "memref.store", "test.mlir:7:7 in @main")
    ]
    # The constant keeps its value.
    assert outcome.results == (1.0,)


def test_out_of_bounds_load_and_store() -> None:
    src = """
    func.func @main(%i: index) -> f32 {
      %f = arith.constant 3.0 : f32
      %a = memref.alloc() : memref<4xf32>
      memref.store %f, %a[%i] : memref<4xf32>
      %x = memref.load %a[%i] : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      func.return %x : f32
    }
    """
    outcome = run_src(src, args=(4,))
    assert outcome.error is None
    assert [(f.kind, f.op_name) for f in outcome.findings] == [
        (FindingKind.OUT_OF_BOUNDS, "memref.store"),
        (FindingKind.OUT_OF_BOUNDS, "memref.load"),
    ]
    assert run_src(src, args=(3,)).findings == []


def test_out_of_bounds_through_a_subview_that_exceeds_its_base() -> None:
    src = """
    func.func @main(%o: index) -> f32 {
      %c1 = arith.constant 1 : index
      %a = memref.alloc() : memref<4x4xf32>
      %one = arith.constant 1.0 : f32
      linalg.fill ins(%one : f32) outs(%a : memref<4x4xf32>)
      %s = memref.subview %a[%o, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: ?>>
      %x = memref.load %s[%c1, %c1] : memref<2x4xf32, strided<[4, 1], offset: ?>>
      memref.dealloc %a : memref<4x4xf32>
      func.return %x : f32
    }
    """
    outcome = run_src(src, args=(3,))
    kinds = [(f.kind, f.op_name) for f in outcome.findings]
    assert (FindingKind.OUT_OF_BOUNDS, "memref.subview") in kinds
    assert (FindingKind.OUT_OF_BOUNDS, "memref.load") in kinds
    assert run_src(src, args=(2,)).findings == []


def test_out_of_bounds_tensor_extract() -> None:
    src = """
    func.func @main(%t: tensor<3xi32>, %i: index) -> i32 {
      %x = tensor.extract %t[%i] : tensor<3xi32>
      func.return %x : i32
    }
    """
    kind, name, _ = _single_finding(src, (ArrayValue((3,), [1, 2, 3]), 5))
    assert (kind, name) == (FindingKind.OUT_OF_BOUNDS, "tensor.extract")


def test_findings_in_a_loop_are_reported_once() -> None:
    src = """
    func.func @main() {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : index
      %f = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<4xf32>
      scf.for %i = %c0 to %c10 step %c1 {
        memref.store %f, %a[%i] : memref<4xf32>
      }
      memref.dealloc %a : memref<4xf32>
      func.return
    }
    """
    kind, name, _ = _single_finding(src)
    assert (kind, name) == (FindingKind.OUT_OF_BOUNDS, "memref.store")


def test_correct_memref_program_reports_nothing() -> None:
    src = """
    func.func @fill(%m: memref<?xf32>, %v: f32) {
      linalg.fill ins(%v : f32) outs(%m : memref<?xf32>)
      func.return
    }
    func.func @main(%n: index) -> (f32, memref<?xf32>) {
      %c0 = arith.constant 0 : index
      %v = arith.constant 2.0 : f32
      %a = memref.alloc(%n) : memref<?xf32>
      %b = memref.alloc(%n) : memref<?xf32>
      func.call @fill(%a, %v) : (memref<?xf32>, f32) -> ()
      "memref.copy"(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
      %x = memref.load %b[%c0] : memref<?xf32>
      memref.dealloc %a : memref<?xf32>
      func.return %x, %b : f32, memref<?xf32>
    }
    """
    outcome = run_src(src, args=(3,))
    assert outcome.error is None
    assert outcome.findings == []
    assert outcome.results == (2.0, ArrayValue((3,), [2.0, 2.0, 2.0]))


def test_leaks_are_grouped_per_allocating_op() -> None:
    src = """
    func.func @main() {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      scf.for %i = %c0 to %c3 step %c1 {
        %t = memref.alloc() : memref<2xf32>
      }
      func.return
    }
    """
    outcome = run_src(src)
    assert [(f.kind, f.op_name, f.location) for f in outcome.findings] == [
        (FindingKind.LEAK, "memref.alloc", "test.mlir:7:9 in @main")
    ]
    assert outcome.findings[0].message == (
        "heap buffer #0 of 2 elements is never freed (and 2 more from the same op)"
    )
