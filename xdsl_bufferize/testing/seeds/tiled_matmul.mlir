// Tiled matrix multiplication C += A * B on 2x3 tiles of C, as a tiling pass would
// emit it: scf.for nests carrying C, tensor.extract_slice for the operand tiles,
// linalg.matmul on the tiles and tensor.insert_slice writing each tile back.
//
// Expected bufferization: the kernel runs entirely in place on C's buffer (subviews of
// A, B and C, matmul accumulating into the C subview, insert_slice a no-op): no
// allocation and no copy inside @matmul_tiled.

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func private @matmul_tiled(%A: tensor<4x5xf32>, %B: tensor<5x6xf32>, %C: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %outer = scf.for %i = %c0 to %c4 step %c2 iter_args(%acc_i = %C) -> (tensor<4x6xf32>) {
    %inner = scf.for %j = %c0 to %c6 step %c3 iter_args(%acc_j = %acc_i) -> (tensor<4x6xf32>) {
      %a = tensor.extract_slice %A[%i, 0] [2, 5] [1, 1] : tensor<4x5xf32> to tensor<2x5xf32>
      %b = tensor.extract_slice %B[0, %j] [5, 3] [1, 1] : tensor<5x6xf32> to tensor<5x3xf32>
      %c = tensor.extract_slice %acc_j[%i, %j] [2, 3] [1, 1] : tensor<4x6xf32> to tensor<2x3xf32>
      %prod = linalg.matmul ins(%a, %b : tensor<2x5xf32>, tensor<5x3xf32>) outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>
      %updated = tensor.insert_slice %prod into %acc_j[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x6xf32>
      scf.yield %updated : tensor<4x6xf32>
    }
    scf.yield %inner : tensor<4x6xf32>
  }
  return %outer : tensor<4x6xf32>
}

func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %tenth = arith.constant 0.1 : f32
  %one = arith.constant 1.0 : f32
  // A[i, k] = ((2 i + k) mod 7) * 0.1
  %ea = tensor.empty() : tensor<4x5xf32>
  %A = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%ea : tensor<4x5xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %k = linalg.index 1 : index
    %i2 = arith.addi %i, %i : index
    %s = arith.addi %i2, %k : index
    %m = arith.remui %s, %c7 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %v = arith.mulf %mf, %tenth : f32
    linalg.yield %v : f32
  } -> tensor<4x5xf32>
  // B[k, j] = ((k + 3 j) mod 5) - 2
  %eb = tensor.empty() : tensor<5x6xf32>
  %B = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%eb : tensor<5x6xf32>) {
  ^bb0(%out: f32):
    %k = linalg.index 0 : index
    %j = linalg.index 1 : index
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %k, %j3 : index
    %m = arith.remui %s, %c5 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %two = arith.constant 2.0 : f32
    %v = arith.subf %mf, %two : f32
    linalg.yield %v : f32
  } -> tensor<5x6xf32>
  %ec = tensor.empty() : tensor<4x6xf32>
  %C = linalg.fill ins(%one : f32) outs(%ec : tensor<4x6xf32>) -> tensor<4x6xf32>
  %R = func.call @matmul_tiled(%A, %B, %C) : (tensor<4x5xf32>, tensor<5x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %r0 = tensor.extract %R[%c0, %c0] : tensor<4x6xf32>
  %r1 = tensor.extract %R[%c1, %c5] : tensor<4x6xf32>
  %r2 = tensor.extract %R[%c3, %c3] : tensor<4x6xf32>
  %r3 = tensor.extract %A[%c3, %c1] : tensor<4x5xf32>
  return %r0, %r1, %r2, %r3 : f32, f32, f32, f32
}
