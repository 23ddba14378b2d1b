// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{allow-return-allocs-from-loops=true}
// kind: pass-error
// detail: one-shot-bufferize: 'tensor.parallel_insert_slice' in @main: not bufferizable under the given constraints: cannot avoid RaW conflict (operand #1: read-after-write conflict: operand #0 of tensor.parallel_insert_slice reads data that the in-place write of operand #1 of tensor.parallel_insert_slice overwrites (last written by block argument #1 of scf.forall))
// origin: xdsl-bufferize-fuzz --count 1 --seed 10048 --pipeline 'one-shot-bufferize{allow-return-allocs-from-loops=true}' --features max_ops=5,max_dim=6,max_helpers=2,+affine,+vector_mask,+scf_parallel (reduced by hand; the same on main with scf.if)
// status: fixed: has_matching_extract_slice (models/tensor_slice.py) wanted every value of the source's reverse alias chain to be the matching slice; a leaf that is a new tensor (a known op's result aliasing none of its operands) is part of no other tensor, so it reads nothing the insert overwrites (MLIR leaves such leaves out of matchesInsertDestination); test case in one-shot-bufferize/analysis-forall.mlir

func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %t = linalg.fill ins(%f1 : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %t) -> (tensor<4x2xf32>) {
    %off = arith.muli %i, %c2 : index
    %tile = tensor.extract_slice %o[%off, 0] [2, 2] [1, 1] : tensor<4x2xf32> to tensor<2x2xf32>
    %e2 = tensor.empty() : tensor<2x2xf32>
    %f = linalg.fill ins(%f2 : f32) outs(%e2 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %c = arith.cmpi eq, %i, %c0 : index
    %s = scf.if %c -> (tensor<2x2xf32>) {
      scf.yield %tile : tensor<2x2xf32>
    } else {
      scf.yield %f : tensor<2x2xf32>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x2xf32>
    }
  }
  %a = tensor.extract %r[%c0, %c0] : tensor<4x2xf32>
  %b = tensor.extract %r[%c3, %c0] : tensor<4x2xf32>
  func.return %a, %b : f32, f32
}
