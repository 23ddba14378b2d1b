// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize{plan-memory=true}
// kind: pass-error
// detail: one-shot-bufferize: 'tensor.parallel_insert_slice' in @main: not bufferizable under the given constraints: cannot avoid RaW conflict
// origin: xdsl-bufferize-fuzz --count 2500 --seed 1542500 --pipeline 'comprehensive-bufferize{plan-memory=true}' --features +adversarial (seed 1544244, the #17 planner campaign on 7590532), reduced by hand
// status: fixed: a parallel_insert_slice of the shared output itself over all of itself (sizes = the static shape, so offsets 0: a copy onto itself) was a read of the source conflicting with the destination write; upstream MLIR accepts it (and copies the buffer onto itself); now it matches the destination (models/tensor_slice.py _whole_destination) and no copy is made
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.forall (%i) in (1) shared_outs(%o = %t) -> (tensor<8xf32>) {
    %off = arith.muli %i, %c8 : index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %o into %o[%off] [8] [1] : tensor<8xf32> into tensor<8xf32>
    }
  }
  %x = tensor.extract %r[%c0] : tensor<8xf32>
  return %x : f32
}
