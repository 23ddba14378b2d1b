"""Value tests: memref views (subview of subview, dynamic layouts, reinterpret_cast,
expand/collapse, copies between strided views), globals and bufferization ops."""

from __future__ import annotations

from xdsl_bufferize.execution import ArrayValue

from .exec_helpers import results_of


def test_subview_of_subview_with_dynamic_layout() -> None:
    src = """
    func.func @main(%o: index, %n: index) -> (f32, f32, index, index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %f = arith.constant 1.5 : f32
      %zero = arith.constant 0.0 : f32
      %a = memref.alloc() : memref<4x6xf32>
      linalg.fill ins(%zero : f32) outs(%a : memref<4x6xf32>)
      %s = memref.subview %a[1, 2] [3, 4] [1, 1] : memref<4x6xf32> to memref<3x4xf32, strided<[6, 1], offset: 8>>
      %s2 = memref.subview %s[%o, 0] [2, %n] [1, 2] : memref<3x4xf32, strided<[6, 1], offset: 8>> to memref<2x?xf32, strided<[?, ?], offset: ?>>
      memref.store %f, %s2[%c1, %c1] : memref<2x?xf32, strided<[?, ?], offset: ?>>
      %v = memref.load %a[%c3, %c4] : memref<4x6xf32>
      %w = memref.load %a[%c2, %c2] : memref<4x6xf32>
      %d = memref.dim %s2, %c1 : memref<2x?xf32, strided<[?, ?], offset: ?>>
      %r = "memref.rank"(%s2) : (memref<2x?xf32, strided<[?, ?], offset: ?>>) -> index
      memref.dealloc %a : memref<4x6xf32>
      func.return %v, %w, %d, %r : f32, f32, index, index
    }
    """
    # s2 starts at a[2, 2] with strides [6, 2]: s2[1, 1] is a[3, 4].
    assert results_of(src, args=(1, 2)) == (1.5, 0.0, 2, 2)


def test_rank_reducing_subview_and_copy_between_strided_views() -> None:
    src = """
    func.func @main(%a: memref<3x4xi32>) -> memref<4x3xi32> {
      %b = memref.alloc() : memref<4x3xi32>
      %zero = arith.constant 0 : i32
      linalg.fill ins(%zero : i32) outs(%b : memref<4x3xi32>)
      %row = memref.subview %a[1, 0] [1, 4] [1, 1] : memref<3x4xi32> to memref<4xi32, strided<[1], offset: 4>>
      %col = memref.subview %b[0, 2] [4, 1] [1, 1] : memref<4x3xi32> to memref<4xi32, strided<[3], offset: 2>>
      "memref.copy"(%row, %col) : (memref<4xi32, strided<[1], offset: 4>>, memref<4xi32, strided<[3], offset: 2>>) -> ()
      func.return %b : memref<4x3xi32>
    }
    """
    (b,) = results_of(src, args=(ArrayValue((3, 4), list(range(12))),))
    assert b.to_list() == [[0, 0, 4], [0, 0, 5], [0, 0, 6], [0, 0, 7]]


def test_reinterpret_cast_expand_collapse_and_cast() -> None:
    src = """
    func.func @main(%a: memref<12xf32>) -> (f32, f32, f32, f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %r = memref.reinterpret_cast %a to offset: [1], sizes: [3, 2], strides: [4, 2] : memref<12xf32> to memref<3x2xf32, strided<[4, 2], offset: 1>>
      %x = memref.load %r[%c2, %c1] : memref<3x2xf32, strided<[4, 2], offset: 1>>
      %e = memref.expand_shape %a [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
      %y = memref.load %e[%c2, %c1] : memref<3x4xf32>
      %sub = memref.subview %e[0, 1] [3, 2] [1, 1] : memref<3x4xf32> to memref<3x2xf32, strided<[4, 1], offset: 1>>
      %rows = memref.subview %e[1, 0] [2, 4] [1, 1] : memref<3x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
      %flat = memref.collapse_shape %rows [[0, 1]] : memref<2x4xf32, strided<[4, 1], offset: 4>> into memref<8xf32, strided<[1], offset: 4>>
      %z = memref.load %flat[%c2] : memref<8xf32, strided<[1], offset: 4>>
      %dyn = "memref.cast"(%sub) : (memref<3x2xf32, strided<[4, 1], offset: 1>>) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
      %w = memref.load %dyn[%c1, %c1] : memref<?x?xf32, strided<[?, ?], offset: ?>>
      func.return %x, %y, %z, %w : f32, f32, f32, f32
    }
    """
    a = ArrayValue((12,), [float(i) for i in range(12)])
    assert results_of(src, args=(a,)) == (11.0, 9.0, 6.0, 6.0)


def test_globals_alloca_and_bufferization_ops() -> None:
    src = """
    "memref.global"() <{sym_name = "table", sym_visibility = "private", type = memref<3xf32>, initial_value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>, constant}> : () -> ()
    "memref.global"() <{sym_name = "state", sym_visibility = "private", type = memref<2xi32>, initial_value = dense<0> : tensor<2xi32>}> : () -> ()
    func.func @main(%t: tensor<3xf32>) -> (f32, i32, tensor<3xf32>, f32, tensor<3xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %g = memref.get_global @table : memref<3xf32>
      %x = memref.load %g[%c1] : memref<3xf32>
      %s = memref.get_global @state : memref<2xi32>
      %v = arith.constant 9 : i32
      memref.store %v, %s[%c1] : memref<2xi32>
      %s2 = memref.get_global @state : memref<2xi32>
      %y = memref.load %s2[%c1] : memref<2xi32>
      %st = memref.alloca() : memref<3xf32>
      "memref.copy"(%g, %st) : (memref<3xf32>, memref<3xf32>) -> ()
      %snap = bufferization.to_tensor %st : memref<3xf32> to tensor<3xf32>
      %f = arith.constant 5.0 : f32
      memref.store %f, %st[%c0] : memref<3xf32>
      %cl = bufferization.clone %st : memref<3xf32> to memref<3xf32>
      %z = memref.load %cl[%c0] : memref<3xf32>
      memref.dealloc %cl : memref<3xf32>
      %at = bufferization.alloc_tensor() copy(%t) : tensor<3xf32>
      %buf = memref.alloc() : memref<3xf32>
      bufferization.materialize_in_destination %at in restrict writable %buf : (tensor<3xf32>, memref<3xf32>) -> ()
      %back = bufferization.to_tensor %buf : memref<3xf32> to tensor<3xf32>
      memref.dealloc %buf : memref<3xf32>
      func.return %x, %y, %snap, %z, %back : f32, i32, tensor<3xf32>, f32, tensor<3xf32>
    }
    """
    t = ArrayValue((3,), [7.0, 8.0, 9.0])
    x, y, snap, z, back = results_of(src, args=(t,))
    assert (x, y, z) == (2.0, 9, 5.0)
    assert snap.data == [1.0, 2.0, 3.0]
    assert back == t


def test_gpu_alloc_and_dealloc_are_heap_memory() -> None:
    src = """
    func.func @main() -> f32 {
      %c0 = arith.constant 0 : index
      %f = arith.constant 2.5 : f32
      %m = "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
      memref.store %f, %m[%c0] : memref<4xf32>
      %x = memref.load %m[%c0] : memref<4xf32>
      "gpu.dealloc"(%m) <{operandSegmentSizes = array<i32: 0, 1>}> : (memref<4xf32>) -> ()
      func.return %x : f32
    }
    """
    assert results_of(src) == (2.5,)


def test_memref_argument_and_result_read_through_view() -> None:
    src = """
    func.func @main(%a: memref<4x4xf32>) -> memref<2x2xf32, strided<[4, 1], offset: 5>> {
      %s = memref.subview %a[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
      func.return %s : memref<2x2xf32, strided<[4, 1], offset: 5>>
    }
    """
    a = ArrayValue((4, 4), [float(i) for i in range(16)])
    (s,) = results_of(src, args=(a,))
    assert s.to_list() == [[5.0, 6.0], [9.0, 10.0]]


def test_scf_for_carrying_memrefs_and_select_on_memrefs() -> None:
    src = """
    func.func @main(%flag: i1) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<1xf32>
      %b = memref.alloc() : memref<1xf32>
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %a[%c0] : memref<1xf32>
      memref.store %zero, %b[%c0] : memref<1xf32>
      %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a, %y = %b) -> (memref<1xf32>, memref<1xf32>) {
        %v = memref.load %x[%c0] : memref<1xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %y[%c0] : memref<1xf32>
        scf.yield %y, %x : memref<1xf32>, memref<1xf32>
      }
      %pick = arith.select %flag, %r#0, %r#1 : memref<1xf32>
      %out = memref.load %pick[%c0] : memref<1xf32>
      memref.dealloc %a : memref<1xf32>
      memref.dealloc %b : memref<1xf32>
      func.return %out : f32
    }
    """
    assert results_of(src, args=(1,)) == (4.0,)
    assert results_of(src, args=(0,)) == (3.0,)
