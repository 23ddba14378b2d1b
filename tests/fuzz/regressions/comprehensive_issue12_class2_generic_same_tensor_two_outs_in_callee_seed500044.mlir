// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: class 2: linalg.generic outs(%t11, %t11) in a private callee, both results in place (fuzz, as shrunk); mismatch: result #4: -6.0 before, 2.5 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
func.func private @helper0(%arg1: tensor<2x4xf32> {bufferization.writable = true}, %arg2: tensor<4x4xf32>, %arg3: tensor<3xf32>, %arg4: f32) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %cst8 = arith.constant 2.0 : f32
  %c4_13 = arith.constant 4 : index
  %c2_16 = arith.constant 2 : index
  %c3_20 = arith.constant 3 : index
  %cst25 = arith.constant -0.5 : f32
  %w5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%arg2 : tensor<4x4xf32>) {
  ^bb0(%o6: f32):
    %p7 = arith.addf %o6, %cst8 : f32
    linalg.yield %p7 : f32
  } -> tensor<4x4xf32>
  %e10 = tensor.empty() : tensor<2x4xf32>
  %t11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e10 : tensor<2x4xf32>) {
  ^bb0(%o12: f32):
    %i13 = linalg.index 0 : index
    %m15 = arith.muli %i13, %c4_13 : index
    %i16 = linalg.index 1 : index
    %m18 = arith.muli %i16, %c2_16 : index
    %a19 = arith.addi %m15, %m18 : index
    %r20 = arith.remui %a19, %c3_20 : index
    %n22 = arith.index_cast %r20 : index to i32
    %f23 = arith.sitofp %n22 : i32 to f32
    %y24 = arith.mulf %f23, %cst25 : f32
    linalg.yield %y24 : f32
  } -> tensor<2x4xf32>
  %g9:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<2x4xf32>) outs(%t11, %t11 : tensor<2x4xf32>, tensor<2x4xf32>) {
  ^bb0(%x26: f32, %o27: f32, %o28: f32):
    %p29 = arith.addf %x26, %o27 : f32
    %q30 = arith.mulf %x26, %cst25 : f32
    linalg.yield %p29, %q30 : f32, f32
  } -> tensor<2x4xf32>, tensor<2x4xf32>
  %e31 = tensor.empty() : tensor<2x4xf32>
  %g32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g9#0 : tensor<2x4xf32>) outs(%e31 : tensor<2x4xf32>) {
  ^bb0(%x33: f32, %o34: f32):
    linalg.yield %x33 : f32
  } -> tensor<2x4xf32>
  func.return %g9#0, %g9#0 : tensor<2x4xf32>, tensor<2x4xf32>
}

func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c2_34 = arith.constant 2 : index
  %c4_35 = arith.constant 4 : index
  %cst39 = arith.constant 0.5 : f32
  %c7_49 = arith.constant 7 : index
  %cst54 = arith.constant -0.5 : f32
  %c1_59 = arith.constant 1 : index
  %c5_62 = arith.constant 5 : index
  %c6_66 = arith.constant 6 : index
  %cst71 = arith.constant -1.0 : f32
  %c3_73 = arith.constant 3 : index
  %cst84 = arith.constant 0.25 : f32
  %cst87 = arith.constant 2.0 : f32
  %cst88 = arith.constant -0.25 : f32
  %c0_91 = arith.constant 0 : index
  %cst100 = arith.constant 0.0 : f32
  %e37 = tensor.empty(%c2_34, %c4_35) : tensor<?x?xf32>
  %t38 = linalg.fill ins(%cst39 : f32) outs(%e37 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %k40 = arith.constant dense<[[0.25, -1.0, 1.5], [-0.5, 0.5, 3.0], [-0.25, 2.0, 1.5], [2.0, -0.5, -1.5]]> : tensor<4x3xf32>
  %e41 = tensor.empty() : tensor<3x4xf32>
  %t42 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e41 : tensor<3x4xf32>) {
  ^bb0(%o43: f32):
    %i44 = linalg.index 0 : index
    %m45 = arith.muli %i44, %c4_35 : index
    %i46 = linalg.index 1 : index
    %m47 = arith.muli %i46, %c2_34 : index
    %a48 = arith.addi %m45, %m47 : index
    %r49 = arith.remui %a48, %c7_49 : index
    %n51 = arith.index_cast %r49 : index to i32
    %f52 = arith.sitofp %n51 : i32 to f32
    %y53 = arith.mulf %f52, %cst54 : f32
    linalg.yield %y53 : f32
  } -> tensor<3x4xf32>
  %k55 = arith.constant dense<[[0.5, 1.5], [-0.25, 1.0], [0.25, 0.25]]> : tensor<3x2xf32>
  %at56 = bufferization.alloc_tensor() : tensor<2x4xf32>
  %t57 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%at56 : tensor<2x4xf32>) {
  ^bb0(%o58: f32):
    %i59 = linalg.index 0 : index
    %m61 = arith.muli %i59, %c1_59 : index
    %i62 = linalg.index 1 : index
    %m64 = arith.muli %i62, %c5_62 : index
    %a65 = arith.addi %m61, %m64 : index
    %r66 = arith.remui %a65, %c6_66 : index
    %n68 = arith.index_cast %r66 : index to i32
    %f69 = arith.sitofp %n68 : i32 to f32
    %y70 = arith.mulf %f69, %cst71 : f32
    linalg.yield %y70 : f32
  } -> tensor<2x4xf32>
  %mm72 = linalg.matmul ins(%k55, %t57 : tensor<3x2xf32>, tensor<2x4xf32>) outs(%t42 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %cond73 = arith.cmpi slt, %c3_73, %c3_73 : index
  %if75 = scf.if %cond73 -> (tensor<3x2xf32>) {
    scf.yield %k55 : tensor<3x2xf32>
    } else {
    scf.yield %k55 : tensor<3x2xf32>
  }
  %g76 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%k40, %k40 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%k40 : tensor<4x3xf32>) {
  ^bb0(%x77: f32, %x78: f32, %o79: f32):
    %p80 = arith.addf %x77, %x78 : f32
    %p81 = arith.mulf %p80, %o79 : f32
    linalg.yield %p81 : f32
  } -> tensor<4x3xf32>
  %e82 = tensor.empty() : tensor<4x4xf32>
  %t83 = linalg.fill ins(%cst84 : f32) outs(%e82 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e85 = tensor.empty() : tensor<3xf32>
  %t86 = linalg.fill ins(%cst87 : f32) outs(%e85 : tensor<3xf32>) -> tensor<3xf32>
  %call89:2 = func.call @helper0(%t57, %t83, %t86, %cst88) : (tensor<2x4xf32>, tensor<4x4xf32>, tensor<3xf32>, f32) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  %ob90 = tensor.extract %t57[%c1_59, %c1_59] : tensor<2x4xf32>
  %r91 = tensor.extract %t38[%c0_91, %c3_73] : tensor<?x?xf32>
  %r93 = tensor.extract %k40[%c2_34, %c2_34] : tensor<4x3xf32>
  %r94 = tensor.extract %t42[%c1_59, %c2_34] : tensor<3x4xf32>
  %r95 = tensor.extract %t57[%c1_59, %c3_73] : tensor<2x4xf32>
  %r96 = tensor.extract %call89#1[%c1_59, %c2_34] : tensor<2x4xf32>
  %r97 = tensor.extract %t83[%c0_91, %c1_59] : tensor<4x4xf32>
  %r98 = tensor.extract %mm72[%c2_34, %c2_34] : tensor<3x4xf32>
  %r99 = tensor.extract %if75[%c1_59, %c1_59] : tensor<3x2xf32>
  %e101 = tensor.empty() : tensor<f32>
  %z102 = linalg.fill ins(%cst100 : f32) outs(%e101 : tensor<f32>) -> tensor<f32>
  %sum103 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t42 : tensor<3x4xf32>) outs(%z102 : tensor<f32>) {
  ^bb0(%x104: f32, %o105: f32):
    %p106 = arith.addf %x104, %o105 : f32
    linalg.yield %p106 : f32
  } -> tensor<f32>
  %cs107 = tensor.extract %sum103[] : tensor<f32>
  %e108 = tensor.empty() : tensor<f32>
  %z109 = linalg.fill ins(%cst100 : f32) outs(%e108 : tensor<f32>) -> tensor<f32>
  %sum110 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t57 : tensor<2x4xf32>) outs(%z109 : tensor<f32>) {
  ^bb0(%x111: f32, %o112: f32):
    %p113 = arith.addf %x111, %o112 : f32
    linalg.yield %p113 : f32
  } -> tensor<f32>
  %cs114 = tensor.extract %sum110[] : tensor<f32>
  func.return %r91, %r93, %r94, %r95, %r96, %r97, %r98, %r99, %cs107, %cs114, %ob90 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
