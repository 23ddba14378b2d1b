// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: result #0: -1.0 before, nan after
// origin: xdsl-bufferize-fuzz --count 2500 --seed 984000 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation' --features +adversarial (seed 984610, shrunk), on a3d1737; fails on 8f1046f too
// status: fixed (deallocation/public_forwarders.py: a public function called in the module that forwards an argument gets a private twin @helper0__inplace holding the body, which the calls in the module call with no copy; the public @helper0 wraps it and returns a copy to outside callers): one-shot decides %call38 equivalent to %arg18 (the public @helper0 returns its argument) and fills it in place; buffer-deallocation made the public @helper0 return a copy of its argument (callers own results), so the fill landed in the copy and @main read uninitialised memory
builtin.module {
  func.func @helper0(%arg1: tensor<4x5xf32> {bufferization.writable = true}, %arg2: tensor<5xf32>) -> (tensor<4x5xf32>, tensor<3x5xf32>) {
    %k13 = arith.constant dense<[[-5.000000e-01, -1.000000e+00, 2.000000e+00, 1.000000e+00, -2.000000e+00], [2.000000e+00, -2.000000e+00, 2.500000e-01, 2.500000e-01, 3.000000e+00], [3.000000e+00, -2.000000e+00, -5.000000e-01, 5.000000e-01, 1.000000e+00]]> : tensor<3x5xf32>
    func.return %arg1, %k13 : tensor<4x5xf32>, tensor<3x5xf32>
  }
  func.func private @helper1(%arg16: tensor<3xf32>, %arg17: tensor<?x?xf32>, %arg18: tensor<4x5xf32> {bufferization.writable = true}) -> tensor<4x5xf32> {
    %cst20 = arith.constant -1.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %at36 = bufferization.alloc_tensor() : tensor<5xf32>
    %t37 = linalg.fill ins(%cst20 : f32) outs(%at36 : tensor<5xf32>) -> tensor<5xf32>
    %call38, %call38_1 = func.call @helper0(%arg18, %t37) : (tensor<4x5xf32>, tensor<5xf32>) -> (tensor<4x5xf32>, tensor<3x5xf32>)
    %ob39 = tensor.extract %t37[%c1] : tensor<5xf32>
    %t42 = linalg.fill ins(%ob39 : f32) outs(%call38 : tensor<4x5xf32>) -> tensor<4x5xf32>
    func.return %t42 : tensor<4x5xf32>
  }
  func.func @main() -> f32 {
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %e53 = tensor.empty() : tensor<3xf32>
    %e66 = tensor.empty(%c4, %c4) : tensor<?x?xf32>
    %e80 = tensor.empty() : tensor<4x5xf32>
    %call94 = func.call @helper1(%e53, %e66, %e80) : (tensor<3xf32>, tensor<?x?xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %r116 = tensor.extract %call94[%c0, %c1] : tensor<4x5xf32>
    func.return %r116 : f32
  }
}
