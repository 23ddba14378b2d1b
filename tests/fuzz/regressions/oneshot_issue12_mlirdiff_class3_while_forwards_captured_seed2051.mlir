// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true}
// kind: mismatch
// detail: class 3 (helper1: scf.condition forwards captured %arg47, the after region writes its block argument and yields %w49; see class3_while_condition_forwards_captured_after_writes_block_arg.mlir); ours more in place than MLIR (tensor.extract_slice (op #42) operand #0: ours true, MLIR false) and results differ: wrong: result #0: -36.0 before, -108.0 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func private @helper0(%arg1: tensor<3xf32>, %arg2: tensor<3x6xf32>) -> (tensor<3x6xf32>, tensor<5x5xf32>) {
    %e3 = tensor.empty() : tensor<5x5xf32>
    func.return %arg2, %e3 : tensor<3x6xf32>, tensor<5x5xf32>
  }
  func.func private @helper1(%arg46: tensor<6x6xf32>, %arg47: tensor<3x6xf32>, %arg48: f32) -> (tensor<3x6xf32>, tensor<6x6xf32>) {
    %c1 = arith.constant 1 : index
    %zi55 = arith.constant 0 : i32
    %lim56 = arith.constant 2 : i32
    %one57 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %cst89 = arith.constant 3.000000e+00 : f32
    %w49 = linalg.copy ins(%arg47 : tensor<3x6xf32>) outs(%arg47 : tensor<3x6xf32>) -> tensor<3x6xf32>
    %wh52, %wh52_1 = scf.while (%wa53 = %arg47, %wk54 = %zi55) : (tensor<3x6xf32>, i32) -> (tensor<3x6xf32>, i32) {
      %go76 = arith.cmpi slt, %wk54, %lim56 : i32
      scf.condition(%go76) %arg47, %wk54 : tensor<3x6xf32>, i32
    } do {
    ^bb0(%wb77: tensor<3x6xf32>, %wbk78: i32):
      %b81 = linalg.add ins(%w49, %wb77 : tensor<3x6xf32>, tensor<3x6xf32>) outs(%wb77 : tensor<3x6xf32>) -> tensor<3x6xf32>
      %nk90 = arith.addi %wbk78, %one57 : i32
      scf.yield %w49, %nk90 : tensor<3x6xf32>, i32
    }
    func.return %wh52, %arg46 : tensor<3x6xf32>, tensor<6x6xf32>
  }
  func.func @helper2(%arg91: tensor<5xf32> {bufferization.writable = true}, %arg92: tensor<3x6xf32>, %arg93: f32) -> (tensor<3x6xf32>, tensor<3x6xf32>) {
    func.return %arg92, %arg92 : tensor<3x6xf32>, tensor<3x6xf32>
  }
  func.func @main() -> f32 {
    %zi115 = arith.constant 0 : i32
    %lim116 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %cst153 = arith.constant 5.000000e-01 : f32
    %cst170 = arith.constant -2.000000e+00 : f32
    %cst219 = arith.constant 0.000000e+00 : f32
    %e104_0 = tensor.empty() : tensor<5xf32>
    %e104 = linalg.fill ins(%cst219 : f32) outs(%e104_0 : tensor<5xf32>) -> tensor<5xf32>
    %k110 = arith.constant dense<[[1.500000e+00, 1.000000e+00, -1.500000e+00], [1.500000e+00, 2.500000e-01, 1.500000e+00], [3.000000e+00, -5.000000e-01, 5.000000e-01], [-1.000000e+00, 1.500000e+00, -1.500000e+00], [5.000000e-01, 2.500000e-01, 1.500000e+00]]> : tensor<5x3xf32>
    %sl111 = tensor.extract_slice %e104[1] [3] [1] : tensor<5xf32> to tensor<3xf32>
    %wh112, %wh112_1 = scf.while (%wa113 = %k110, %wk114 = %zi115) : (tensor<5x3xf32>, i32) -> (tensor<5x3xf32>, i32) {
      %go117 = arith.cmpi slt, %wk114, %lim116 : i32
      scf.condition(%go117) %wa113, %wk114 : tensor<5x3xf32>, i32
    } do {
    ^bb0(%wb118: tensor<5x3xf32>, %wbk119: i32):
      scf.yield %k110, %lim116 : tensor<5x3xf32>, i32
    }
    %sl150 = tensor.extract_slice %wh112[1, 0] [4, 3] [1, 1] : tensor<5x3xf32> to tensor<4x3xf32>
    %w152 = tensor.insert %cst153 into %wh112[%c4, %c0] : tensor<5x3xf32>
    %at178 = bufferization.alloc_tensor() : tensor<3x6xf32>
    %t179 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%at178 : tensor<3x6xf32>) {
    ^bb0(%o180: f32):
      linalg.yield %cst170 : f32
    } -> tensor<3x6xf32>
    %ob191 = tensor.extract %sl111[%c1] : tensor<3xf32>
    %e192 = tensor.empty() : tensor<6x6xf32>
    %call205, %call205_1 = func.call @helper1(%e192, %t179, %ob191) : (tensor<6x6xf32>, tensor<3x6xf32>, f32) -> (tensor<3x6xf32>, tensor<6x6xf32>)
    %r216 = tensor.extract %sl150[%c0, %c2] : tensor<4x3xf32>
    %e220 = tensor.empty() : tensor<f32>
    %z221 = linalg.fill ins(%cst219 : f32) outs(%e220 : tensor<f32>) -> tensor<f32>
    %sum222 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%call205 : tensor<3x6xf32>) outs(%z221 : tensor<f32>) {
    ^bb0(%x223: f32, %o224: f32):
      %p225 = arith.addf %x223, %o224 : f32
      linalg.yield %p225 : f32
    } -> tensor<f32>
    %cs226 = tensor.extract %sum222[] : tensor<f32>
    func.return %cs226 : f32
  }
}
