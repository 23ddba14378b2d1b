"""The executor's lower bound of a run's footprint, arenas and `memref.view` slots
(values computed by hand in each test)."""

from __future__ import annotations

from tests.execution.exec_helpers import run_src
from xdsl_bufferize.execution.memory import MemoryStats


def _stats(src: str) -> tuple[MemoryStats, tuple[object, ...]]:
    outcome = run_src(src)
    assert outcome.error is None, outcome.error
    assert outcome.findings == [], [str(f) for f in outcome.findings]
    assert outcome.results is not None
    return outcome.stats, outcome.results


def test_a_buffer_is_live_until_its_last_use_not_its_free() -> None:
    stats, results = _stats(
        """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<4xf32>
      memref.store %one, %a[%c0] : memref<4xf32>
      %x = memref.load %a[%c0] : memref<4xf32>
      %b = memref.alloc() : memref<8xf32>
      memref.store %x, %b[%c0] : memref<8xf32>
      %y = memref.load %b[%c0] : memref<8xf32>
      memref.dealloc %a : memref<4xf32>
      memref.dealloc %b : memref<8xf32>
      func.return %y : f32
    }
    """
    )
    assert results == (1.0,)
    # %a (16 B) is last used before %b (32 B) exists; both are freed at the end.
    assert stats.peak_live_bytes == 48
    assert stats.lower_bound_bytes == 32


def test_buffers_used_together_add_up() -> None:
    stats, _ = _stats(
        """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<4xf32>
      %b = memref.alloc() : memref<2xf64>
      %c = memref.alloc() : memref<3xi8>
      %one = arith.constant 1.0 : f32
      %i = arith.constant 1 : i8
      linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
      "memref.copy"(%a, %a) : (memref<4xf32>, memref<4xf32>) -> ()
      %v = memref.load %a[%c0] : memref<4xf32>
      memref.store %i, %c[%c0] : memref<3xi8>
      %u = memref.load %c[%c0] : memref<3xi8>
      memref.dealloc %c : memref<3xi8>
      memref.dealloc %b : memref<2xf64>
      memref.dealloc %a : memref<4xf32>
      func.return %v : f32
    }
    """
    )
    # A buffer is live from its first use to its last: %b is never used (it needs no
    # memory), %a is live from the fill to its load, %c from its store to its load, after
    # %a's last use (an allocator may put %c in %a's bytes): 16 B. Frees do not make
    # buffers live longer.
    assert stats.lower_bound_bytes == 16
    assert stats.peak_live_bytes == 35


def test_a_loop_buffer_counts_once() -> None:
    stats, results = _stats(
        """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %zero = arith.constant 0.0 : f32
      %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f32) {
        %t = memref.alloc() : memref<16xf32>
        %f = arith.index_cast %i : index to i32
        %v = arith.sitofp %f : i32 to f32
        memref.store %v, %t[%c0] : memref<16xf32>
        %r = memref.load %t[%c0] : memref<16xf32>
        %n = arith.addf %acc, %r : f32
        memref.dealloc %t : memref<16xf32>
        scf.yield %n : f32
      }
      func.return %s : f32
    }
    """
    )
    assert results == (3.0,)
    assert (stats.allocs, stats.bytes_allocated) == (3, 192)
    assert stats.lower_bound_bytes == 64


def test_a_returned_buffer_is_live_to_the_end_and_stack_counts() -> None:
    stats, _ = _stats(
        """
    func.func @main() -> memref<2xf32> {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %r = memref.alloc() : memref<2xf32>
      %s = memref.alloca() : memref<4xf32>
      linalg.fill ins(%one : f32) outs(%s : memref<4xf32>)
      %v = memref.load %s[%c0] : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%r : memref<2xf32>)
      func.return %r : memref<2xf32>
    }
    """
    )
    # The stack buffer %s (16 B) is last read before %r (8 B, returned) is first
    # written: they are never live together.
    assert stats.lower_bound_bytes == 16
    assert (stats.stack_allocs, stats.stack_bytes) == (1, 16)
    assert stats.peak_live_bytes == 8
    assert stats.peak_total_bytes == 24


_ARENA = """
    func.func @main() -> (f32, f32) {
      %c0 = arith.constant 0 : index
      %off_a = arith.constant 0 : index
      %off_b = arith.constant OFFSET : index
      %one = arith.constant 1.0 : f32
      %two = arith.constant 2.0 : f32
      %arena = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<32xi8>
      %a = memref.view %arena[%off_a][] : memref<32xi8> to memref<4xf32>
      %b = memref.view %arena[%off_b][] : memref<32xi8> to memref<4xf32>
      linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
      linalg.fill ins(%two : f32) outs(%b : memref<4xf32>)
      %x = memref.load %a[%c0] : memref<4xf32>
      %y = memref.load %b[%c0] : memref<4xf32>
      memref.dealloc %arena : memref<32xi8>
      func.return %x, %y : f32, f32
    }
"""


def test_arena_slots_are_buffers_of_their_own() -> None:
    stats, results = _stats(_ARENA.replace("OFFSET", "16"))
    assert results == (1.0, 2.0)
    assert (stats.allocs, stats.bytes_allocated) == (1, 32)
    assert (stats.arena_allocs, stats.arena_bytes) == (1, 32)
    assert stats.peak_live_bytes == 32
    # The arena itself is not counted; its two slots of 16 B are live together.
    assert stats.lower_bound_bytes == 32


def test_slots_at_overlapping_bytes_clobber_each_other() -> None:
    stats, results = _stats(_ARENA.replace("OFFSET", "0"))
    # %b is placed on %a's bytes while %a is still read: %a reads %b's value.
    assert results == (2.0, 2.0)
    assert stats.lower_bound_bytes == 32


def test_slots_store_every_element_type_in_bytes() -> None:
    _, results = _stats(
        """
    func.func @main() -> (f64, i32, i1, index) {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c12 = arith.constant 12 : index
      %c13 = arith.constant 13 : index
      %d = arith.constant -2.5 : f64
      %i = arith.constant -7 : i32
      %t = arith.constant true
      %n = arith.constant 300 : index
      %arena = memref.alloc() : memref<24xi8>
      %a = memref.view %arena[%c0][] : memref<24xi8> to memref<f64>
      %b = memref.view %arena[%c8][] : memref<24xi8> to memref<i32>
      %c = memref.view %arena[%c12][] : memref<24xi8> to memref<i1>
      %e = memref.view %arena[%c13][] : memref<24xi8> to memref<1xindex>
      memref.store %d, %a[] : memref<f64>
      memref.store %i, %b[] : memref<i32>
      memref.store %t, %c[] : memref<i1>
      memref.store %n, %e[%c0] : memref<1xindex>
      %x = memref.load %a[] : memref<f64>
      %y = memref.load %b[] : memref<i32>
      %z = memref.load %c[] : memref<i1>
      %w = memref.load %e[%c0] : memref<1xindex>
      memref.dealloc %arena : memref<24xi8>
      func.return %x, %y, %z, %w : f64, i32, i1, index
    }
    """
    )
    assert results == (-2.5, -7, 1, 300)


def test_slot_outside_the_arena_and_use_after_the_arena_is_freed() -> None:
    outcome = run_src(
        """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %arena = memref.alloc() : memref<16xi8>
      %a = memref.view %arena[%c8][] : memref<16xi8> to memref<4xf32>
      %b = memref.view %arena[%c0][] : memref<16xi8> to memref<4xf32>
      memref.dealloc %b : memref<4xf32>
      memref.dealloc %arena : memref<16xi8>
      %v = memref.load %b[%c0] : memref<4xf32>
      func.return %v : f32
    }
    """
    )
    kinds = sorted(f.kind.value for f in outcome.findings)
    assert kinds == ["invalid-free", "out-of-bounds", "use-after-free"], [
        str(f) for f in outcome.findings
    ]


def test_the_source_and_target_of_a_copy_are_live_together() -> None:
    stats, _ = _stats(
        """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
      %b = memref.alloc() : memref<8xf32>
      %s = memref.subview %b[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
      "memref.copy"(%a, %s) : (memref<4xf32>, memref<4xf32, strided<[1]>>) -> ()
      %v = memref.load %b[%c0] : memref<8xf32>
      memref.dealloc %a : memref<4xf32>
      memref.dealloc %b : memref<8xf32>
      func.return %v : f32
    }
    """
    )
    # All accesses of one op happen at its tick: the copy reads %a and writes %b.
    assert stats.lower_bound_bytes == 48
