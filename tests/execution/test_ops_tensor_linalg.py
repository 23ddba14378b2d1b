"""Value tests: tensor ops and linalg ops on tensors and on memrefs."""

from __future__ import annotations

from xdsl_bufferize.execution import ArrayValue

from .exec_helpers import results_of


def test_dense_constants_extract_insert_and_immutability() -> None:
    src = """
    func.func @main() -> (tensor<2x3xi32>, tensor<2x3xi32>, i32, tensor<4xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
      %v = arith.constant 42 : i32
      %u = tensor.insert %v into %t[%c1, %c0] : tensor<2x3xi32>
      %x = tensor.extract %t[%c1, %c0] : tensor<2x3xi32>
      %s = arith.constant dense<1.5> : tensor<4xf32>
      func.return %t, %u, %x, %s : tensor<2x3xi32>, tensor<2x3xi32>, i32, tensor<4xf32>
    }
    """
    t, u, x, s = results_of(src)
    assert t == ArrayValue((2, 3), [1, 2, 3, 4, 5, 6])
    assert u == ArrayValue((2, 3), [1, 2, 3, 42, 5, 6])
    assert x == 4
    assert s == ArrayValue((4,), [1.5] * 4)


def test_slices_rank_reducing_and_dynamic() -> None:
    src = """
    func.func @main(%t: tensor<4x5xi32>, %o: index, %n: index) -> (tensor<3xi32>, tensor<?x2xi32>, tensor<4x5xi32>) {
      %row = tensor.extract_slice %t[1, 1] [1, 3] [1, 1] : tensor<4x5xi32> to tensor<3xi32>
      %dyn = tensor.extract_slice %t[%o, 0] [%n, 2] [1, 2] : tensor<4x5xi32> to tensor<?x2xi32>
      %ins = tensor.insert_slice %row into %t[3, 2] [1, 3] [1, 1] : tensor<3xi32> into tensor<4x5xi32>
      func.return %row, %dyn, %ins : tensor<3xi32>, tensor<?x2xi32>, tensor<4x5xi32>
    }
    """
    data = list(range(20))
    row, dyn, ins = results_of(src, args=(ArrayValue((4, 5), data), 2, 2))
    assert row == ArrayValue((3,), [6, 7, 8])
    assert dyn == ArrayValue((2, 2), [10, 12, 15, 17])
    assert ins.data == data[:17] + [6, 7, 8]


def test_tensor_shape_ops() -> None:
    src = """
    func.func @main(%t: tensor<2x3xf32>) -> (tensor<6xf32>, tensor<3x2xf32>, tensor<2x1x3xf32>, index, tensor<4x3xf32>, tensor<?xf32>, tensor<2xf32>, tensor<3x5xf32>) {
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %f = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
      %shape = arith.constant dense<[3, 2]> : tensor<2xindex>
      %r = tensor.reshape %f(%shape) : (tensor<6xf32>, tensor<2xindex>) -> tensor<3x2xf32>
      %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 1, 3] : tensor<2x3xf32> into tensor<2x1x3xf32>
      %d = tensor.dim %t, %c1 : tensor<2x3xf32>
      %cat = tensor.concat dim(0) %t, %t : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
      %x = arith.constant 7.0 : f32
      %sp = tensor.splat %x[%c3] : tensor<?xf32>
      %y = arith.constant 8.0 : f32
      %fe = tensor.from_elements %x, %y : tensor<2xf32>
      %zero = arith.constant 0.0 : f32
      %p = tensor.pad %t low[0, 1] high[1, 1] {
      ^bb0(%i: index, %j: index):
        tensor.yield %zero : f32
      } : tensor<2x3xf32> to tensor<3x5xf32>
      func.return %f, %r, %e, %d, %cat, %sp, %fe, %p : tensor<6xf32>, tensor<3x2xf32>, tensor<2x1x3xf32>, index, tensor<4x3xf32>, tensor<?xf32>, tensor<2xf32>, tensor<3x5xf32>
    }
    """
    t = ArrayValue((2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    f, r, e, d, cat, sp, fe, p = results_of(src, args=(t,))
    assert f.shape == (6,)
    assert r.shape == (3, 2)
    assert e.shape == (2, 1, 3)
    assert f.data == r.data == e.data == t.data
    assert d == 3
    assert cat.data == t.data + t.data
    assert sp == ArrayValue((3,), [7.0] * 3)
    assert fe == ArrayValue((2,), [7.0, 8.0])
    assert p.to_list() == [[0, 1, 2, 3, 0], [0, 4, 5, 6, 0], [0, 0, 0, 0, 0]]


def test_tensor_generate_from_tensor_ext() -> None:
    src = """
    func.func @main(%n: index) -> tensor<?x3xindex> {
      %g = tensor_ext.generate %n {
      ^bb0(%i: index, %j: index):
        %s = arith.muli %i, %j : index
        tensor.yield %s : index
      } : tensor<?x3xindex>
      func.return %g : tensor<?x3xindex>
    }
    """
    (g,) = results_of(src, args=(2,))
    assert g.to_list() == [[0, 0, 0], [0, 1, 2]]


MATMUL_SRC = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%z : tensor<2x2xf32>) -> tensor<2x2xf32>
  %et = tensor.empty() : tensor<3x2xf32>
  %tr = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%et : tensor<3x2xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<2x3xf32>
  %add = linalg.add ins(%a, %a : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e2 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %er = tensor.empty() : tensor<2xf32>
  %r0 = linalg.fill ins(%zero : f32) outs(%er : tensor<2xf32>) -> tensor<2xf32>
  %red = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%r0 : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %bc = linalg.broadcast ins(%red : tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) dimensions = [1]
  func.return %mm, %tr, %add, %red, %bc : tensor<2x2xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>
}
"""


def test_linalg_named_ops_on_tensors() -> None:
    a = ArrayValue((2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    b = ArrayValue((3, 2), [1.0, 0.0, 0.0, 1.0, 1.0, 1.0])
    mm, tr, add, red, bc = results_of(MATMUL_SRC, args=(a, b))
    assert mm.to_list() == [[4.0, 5.0], [10.0, 11.0]]
    assert tr.to_list() == [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]
    assert add.data == [2.0 * x for x in a.data]
    assert red.data == [6.0, 15.0]
    assert bc.to_list() == [[6.0] * 3, [15.0] * 3]


def test_linalg_generic_with_index_reduction_and_broadcast_maps() -> None:
    src = """
    #id = affine_map<(i, j) -> (i, j)>
    #row = affine_map<(i, j) -> (i)>
    func.func @main(%a: tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3x4xf32>) {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<3xf32>
      %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
          ins(%a : tensor<3x4xf32>) outs(%z : tensor<3xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      } -> tensor<3xf32>
      %e2 = tensor.empty() : tensor<3x4xf32>
      %idx = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
          ins(%sum : tensor<3xf32>) outs(%e2 : tensor<3x4xf32>) {
      ^bb0(%s: f32, %o: f32):
        %i = linalg.index 0 : index
        %j = linalg.index 1 : index
        %k = arith.addi %i, %j : index
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %r = arith.addf %s, %kf : f32
        linalg.yield %r : f32
      } -> tensor<3x4xf32>
      func.return %sum, %idx : tensor<3xf32>, tensor<3x4xf32>
    }
    """
    a = ArrayValue((3, 4), [float(x) for x in range(12)])
    total, idx = results_of(src, args=(a,))
    assert total.data == [6.0, 22.0, 38.0]
    assert idx.to_list() == [
        [6.0 + j for j in range(4)],
        [23.0 + j for j in range(4)],
        [40.0 + j for j in range(4)],
    ]


def test_linalg_on_memrefs_writes_outs_in_place() -> None:
    src = """
    func.func @main(%a: memref<2x3xf32>, %b: memref<3x2xf32>) -> (f32, f32, f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %c = memref.alloc() : memref<2x2xf32>
      linalg.fill ins(%zero : f32) outs(%c : memref<2x2xf32>)
      linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x2xf32>) outs(%c : memref<2x2xf32>)
      %t = memref.alloc() : memref<3x2xf32>
      linalg.transpose ins(%a : memref<2x3xf32>) outs(%t : memref<3x2xf32>) permutation = [1, 0]
      %col = memref.subview %t[0, 1] [3, 1] [1, 1] : memref<3x2xf32> to memref<3xf32, strided<[2], offset: 1>>
      %v = memref.alloc() : memref<3xf32>
      linalg.copy ins(%col : memref<3xf32, strided<[2], offset: 1>>) outs(%v : memref<3xf32>)
      %x = memref.load %c[%c1, %c1] : memref<2x2xf32>
      %y = memref.load %t[%c0, %c1] : memref<3x2xf32>
      %c2 = arith.constant 2 : index
      %w = memref.load %v[%c2] : memref<3xf32>
      memref.dealloc %c : memref<2x2xf32>
      memref.dealloc %t : memref<3x2xf32>
      memref.dealloc %v : memref<3xf32>
      func.return %x, %y, %w : f32, f32, f32
    }
    """
    a = ArrayValue((2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    b = ArrayValue((3, 2), [1.0, 0.0, 0.0, 1.0, 1.0, 1.0])
    assert results_of(src, args=(a, b)) == (11.0, 4.0, 6.0)


def test_conv_2d_nhwc_hwcf() -> None:
    src = """
    func.func @main(%in: tensor<1x4x4x1xf32>, %f: tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32> {
      %zero = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<1x3x3x1xf32>
      %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
      %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
          ins(%in, %f : tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) outs(%z : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
      func.return %c : tensor<1x3x3x1xf32>
    }
    """
    image = ArrayValue((1, 4, 4, 1), [float(x) for x in range(16)])
    kernel = ArrayValue((2, 2, 1, 1), [1.0, 0.0, 0.0, 1.0])
    (out,) = results_of(src, args=(image, kernel))
    # out[i, j] = in[i, j] + in[i + 1, j + 1]
    assert out.data == [
        float((4 * i + j) + (4 * (i + 1) + j + 1)) for i in range(3) for j in range(3)
    ]


def test_vector_transfers_on_tensors_and_memrefs() -> None:
    src = """
    func.func @main(%t: tensor<4xf32>, %m: memref<2x4xf32>) -> (tensor<4xf32>, f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %pad = arith.constant 0.0 : f32
      %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<4xf32>, vector<4xf32>
      %w = arith.addf %v, %v : vector<4xf32>
      %t2 = vector.transfer_write %w, %t[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
      vector.transfer_write %w, %m[%c1, %c0] {in_bounds = [true]} : vector<4xf32>, memref<2x4xf32>
      %c3 = arith.constant 3 : index
      %x = memref.load %m[%c1, %c3] : memref<2x4xf32>
      func.return %t2, %x : tensor<4xf32>, f32
    }
    """
    t = ArrayValue((4,), [1.0, 2.0, 3.0, 4.0])
    m = ArrayValue((2, 4), [0.0] * 8)
    t2, x = results_of(src, args=(t, m))
    assert t2.data == [2.0, 4.0, 6.0, 8.0]
    assert x == 8.0
