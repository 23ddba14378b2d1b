// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: class 3 (+ class 1 in the before region): scf.condition forwards captured %ins23, which the before region also writes; the after region writes its block argument; ours and MLIR decide alike, results differ; mismatch: result #1: 1.0 before, -3.5 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @helper0(%arg1: tensor<?xf32>, %arg2: tensor<2x2xf32> {bufferization.writable = true}, %arg3: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
    func.return %arg3, %arg3 : tensor<4x2xf32>, tensor<4x2xf32>
  }
  func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32) {
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %cst22 = arith.constant -1.000000e+00 : f32
    %cst24 = arith.constant 1.000000e+00 : f32
    %zi28 = arith.constant 0 : i32
    %lim29 = arith.constant 3 : i32
    %one30 = arith.constant 1 : i32
    %cst34 = arith.constant 2.000000e+00 : f32
    %cst42 = arith.constant -1.500000e+00 : f32
    %cst48 = arith.constant -2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %cst58 = arith.constant 0.000000e+00 : f32
    %e7 = tensor.empty() : tensor<2x2xf32>
    %t8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e7 : tensor<2x2xf32>) {
    ^bb0(%o9: f32):
      %i10 = linalg.index 0 : index
      %m12 = arith.muli %i10, %c4 : index
      %i13 = linalg.index 1 : index
      %m15 = arith.muli %i13, %c1 : index
      %a16 = arith.addi %m12, %m15 : index
      %r17 = arith.remui %a16, %c3 : index
      %n19 = arith.index_cast %r17 : index to i32
      %f20 = arith.sitofp %n19 : i32 to f32
      %y21 = arith.mulf %f20, %cst22 : f32
      linalg.yield %y21 : f32
    } -> tensor<2x2xf32>
    %ins23 = tensor.insert %cst24 into %t8[%c1, %c1] : tensor<2x2xf32>
    %wh25, %wh25_1 = scf.while (%wa26 = %ins23, %wk27 = %zi28) : (tensor<2x2xf32>, i32) -> (tensor<2x2xf32>, i32) {
      %w31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%ins23 : tensor<2x2xf32>) {
      ^bb0(%o32: f32):
        %p33 = arith.addf %o32, %cst34 : f32
        linalg.yield %p33 : f32
      } -> tensor<2x2xf32>
      %b35 = linalg.add ins(%w31, %wa26 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%wa26 : tensor<2x2xf32>) -> tensor<2x2xf32>
      %go36 = arith.cmpi slt, %wk27, %lim29 : i32
      scf.condition(%go36) %ins23, %wk27 : tensor<2x2xf32>, i32
    } do {
    ^bb0(%wb37: tensor<2x2xf32>, %wbk38: i32):
      %w39 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%wb37 : tensor<2x2xf32>) {
      ^bb0(%o40: f32):
        %p41 = arith.addf %o40, %cst42 : f32
        linalg.yield %p41 : f32
      } -> tensor<2x2xf32>
      %nk43 = arith.addi %wbk38, %one30 : i32
      scf.yield %w39, %nk43 : tensor<2x2xf32>, i32
    }
    %k44 = arith.constant dense<[2.000000e+00, -5.000000e-01]> : tensor<2xf32>
    %d45 = tensor.cast %k44 : tensor<2xf32> to tensor<?xf32>
    %e46 = tensor.empty() : tensor<4x2xf32>
    %t47 = linalg.fill ins(%cst48 : f32) outs(%e46 : tensor<4x2xf32>) -> tensor<4x2xf32>
    %call49, %call49_1 = func.call @helper0(%d45, %t8, %t47) : (tensor<?xf32>, tensor<2x2xf32>, tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>)
    %r50 = tensor.extract %t8[%c0, %c0] : tensor<2x2xf32>
    %r52 = tensor.extract %wh25[%c1, %c1] : tensor<2x2xf32>
    %r53 = tensor.extract %k44[%c1] : tensor<2xf32>
    %r54 = tensor.extract %d45[%c0] : tensor<?xf32>
    %r55 = tensor.extract %t47[%c0, %c1] : tensor<4x2xf32>
    %r56 = tensor.extract %call49[%c0, %c0] : tensor<4x2xf32>
    %r57 = tensor.extract %call49_1[%c1, %c0] : tensor<4x2xf32>
    %e59 = tensor.empty() : tensor<f32>
    %z60 = linalg.fill ins(%cst58 : f32) outs(%e59 : tensor<f32>) -> tensor<f32>
    %sum61 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t47 : tensor<4x2xf32>) outs(%z60 : tensor<f32>) {
    ^bb0(%x62: f32, %o63: f32):
      linalg.yield %o63 : f32
    } -> tensor<f32>
    %cs65 = tensor.extract %sum61[] : tensor<f32>
    %cs72 = tensor.extract %sum61[] : tensor<f32>
    func.return %r50, %r52, %r53, %r54, %r55, %r56, %r57, %cs65, %cs72 : f32, f32, f32, f32, f32, f32, f32, f32, f32
  }
}
