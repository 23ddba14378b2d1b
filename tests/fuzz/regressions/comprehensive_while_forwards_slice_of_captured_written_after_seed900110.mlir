// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: result #3: 0.0 before, 36.0 after
// origin: seed 900110 (xdsl-bufferize-fuzz --features +adversarial, commit affea6f)
// status: fixed: an scf.while after-region argument holds what scf.condition forwarded (a slice of a tensor captured by the loop), not fresh data
// generated: seed=900110 kind=tensor boundaries=True
func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c3_4 = arith.constant 3 : index
  %c4_7 = arith.constant 4 : index
  %c7_11 = arith.constant 7 : index
  %cst16 = arith.constant 3.0 : f32
  %c2_20 = arith.constant 2 : index
  %c5_23 = arith.constant 5 : index
  %cst31 = arith.constant 1.0 : f32
  %cst34 = arith.constant 0.5 : f32
  %c0_38 = arith.constant 0 : index
  %c1_39 = arith.constant 1 : index
  %c6_55 = arith.constant 6 : index
  %cst62 = arith.constant 2.0 : f32
  %zi67 = arith.constant 0 : i32
  %lim68 = arith.constant 2 : i32
  %one69 = arith.constant 1 : i32
  %cst82 = arith.constant -0.25 : f32
  %cst94 = arith.constant 1.5 : f32
  %cst109 = arith.constant -1.0 : f32
  %cst133 = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2x2xf32>
  %t2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e1 : tensor<2x2xf32>) {
  ^bb0(%o3: f32):
    %i4 = linalg.index 0 : index
    %m6 = arith.muli %i4, %c3_4 : index
    %i7 = linalg.index 1 : index
    %m9 = arith.muli %i7, %c4_7 : index
    %a10 = arith.addi %m6, %m9 : index
    %r11 = arith.remui %a10, %c7_11 : index
    %n13 = arith.index_cast %r11 : index to i32
    %f14 = arith.sitofp %n13 : i32 to f32
    %y15 = arith.mulf %f14, %cst16 : f32
    linalg.yield %y15 : f32
  } -> tensor<2x2xf32>
  %e17 = tensor.empty() : tensor<8x8xf32>
  %t18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e17 : tensor<8x8xf32>) {
  ^bb0(%o19: f32):
    %i20 = linalg.index 0 : index
    %m22 = arith.muli %i20, %c2_20 : index
    %i23 = linalg.index 1 : index
    %m25 = arith.muli %i23, %c5_23 : index
    %a26 = arith.addi %m22, %m25 : index
    %r27 = arith.remui %a26, %c3_4 : index
    %n28 = arith.index_cast %r27 : index to i32
    %f29 = arith.sitofp %n28 : i32 to f32
    %y30 = arith.mulf %f29, %cst31 : f32
    linalg.yield %y30 : f32
  } -> tensor<8x8xf32>
  %e32 = tensor.empty() : tensor<2x8xf32>
  %t33 = linalg.fill ins(%cst34 : f32) outs(%e32 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %for36:2 = scf.for %iv35 = %c0_38 to %c3_4 step %c1_39 iter_args(%acc37 = %t2, %acc38 = %t2) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
    %w41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%t33 : tensor<2x8xf32>) {
    ^bb0(%o42: f32):
      %p43 = arith.addf %o42, %cst16 : f32
      linalg.yield %p43 : f32
    } -> tensor<2x8xf32>
    %at44 = bufferization.alloc_tensor() copy(%acc37) : tensor<2x2xf32>
    scf.yield %t2, %acc37 : tensor<2x2xf32>, tensor<2x2xf32>
  }
  %s45 = tensor.extract %for36#0[%c0_38, %c0_38] : tensor<2x2xf32>
  %k46 = arith.constant dense<[[2.0, 0.25, 1.0, -1.5, -0.5, 3.0], [0.5, -1.5, 2.0, 1.5, 2.0, -0.25], [1.0, -0.5, -1.5, 2.0, -0.25, 1.0], [1.0, 1.5, 2.0, 1.5, -1.5, -2.0], [-0.5, 1.5, 0.25, -1.0, -1.5, 1.5], [0.5, -0.5, 0.5, 2.0, 1.5, 0.25]]> : tensor<6x6xf32>
  %e47 = tensor.empty() : tensor<6x2xf32>
  %t48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e47 : tensor<6x2xf32>) {
  ^bb0(%o49: f32):
    %i50 = linalg.index 0 : index
    %m51 = arith.muli %i50, %c4_7 : index
    %i52 = linalg.index 1 : index
    %m53 = arith.muli %i52, %c5_23 : index
    %a54 = arith.addi %m51, %m53 : index
    %r55 = arith.remui %a54, %c6_55 : index
    %n57 = arith.index_cast %r55 : index to i32
    %f58 = arith.sitofp %n57 : i32 to f32
    %y59 = arith.mulf %f58, %cst16 : f32
    linalg.yield %y59 : f32
  } -> tensor<6x2xf32>
  %e60 = tensor.empty() : tensor<2x6xf32>
  %t61 = linalg.fill ins(%cst62 : f32) outs(%e60 : tensor<2x6xf32>) -> tensor<2x6xf32>
  %mm63 = linalg.matmul ins(%t48, %t61 : tensor<6x2xf32>, tensor<2x6xf32>) outs(%k46 : tensor<6x6xf32>) -> tensor<6x6xf32>
  %wh64:2 = scf.while (%wa65 = %for36#1, %wk66 = %zi67) : (tensor<2x2xf32>, i32) -> (tensor<1x1xf32>, i32) {
    %e70 = tensor.empty() : tensor<2x2xf32>
    %t71 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e70 : tensor<2x2xf32>) {
    ^bb0(%o72: f32):
      %i73 = linalg.index 0 : index
      %m74 = arith.muli %i73, %c5_23 : index
      %i75 = linalg.index 1 : index
      %m76 = arith.muli %i75, %c3_4 : index
      %a77 = arith.addi %m74, %m76 : index
      %r78 = arith.remui %a77, %c5_23 : index
      %n79 = arith.index_cast %r78 : index to i32
      %f80 = arith.sitofp %n79 : i32 to f32
      %y81 = arith.mulf %f80, %cst82 : f32
      linalg.yield %y81 : f32
    } -> tensor<2x2xf32>
    %cp83 = linalg.copy ins(%t71 : tensor<2x2xf32>) outs(%for36#0 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %sl84 = tensor.extract_slice %for36#1[0, 0] [1, 1] [1, 1] : tensor<2x2xf32> to tensor<1x1xf32>
    %go85 = arith.cmpi slt, %wk66, %lim68 : i32
    scf.condition(%go85) %sl84, %wk66 : tensor<1x1xf32>, i32
  } do {
  ^bb0(%wb86: tensor<1x1xf32>, %wbk87: i32):
    %w88 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%wb86 : tensor<1x1xf32>) {
    ^bb0(%o89: f32):
      %p90 = arith.addf %o89, %cst31 : f32
      linalg.yield %p90 : f32
    } -> tensor<1x1xf32>
    %w91 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%k46 : tensor<6x6xf32>) {
    ^bb0(%o92: f32):
      %p93 = arith.addf %o92, %cst94 : f32
      linalg.yield %p93 : f32
    } -> tensor<6x6xf32>
    %ob95 = tensor.extract %w91[%c3_4, %c3_4] : tensor<6x6xf32>
    %ins96 = tensor.insert %ob95 into %wb86[%c0_38, %c0_38] : tensor<1x1xf32>
    %e97 = tensor.empty() : tensor<1x6xf32>
    %t98 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e97 : tensor<1x6xf32>) {
    ^bb0(%o99: f32):
      %i100 = linalg.index 0 : index
      %m101 = arith.muli %i100, %c1_39 : index
      %i102 = linalg.index 1 : index
      %m103 = arith.muli %i102, %c4_7 : index
      %a104 = arith.addi %m101, %m103 : index
      %r105 = arith.remui %a104, %c5_23 : index
      %n106 = arith.index_cast %r105 : index to i32
      %f107 = arith.sitofp %n106 : i32 to f32
      %y108 = arith.mulf %f107, %cst109 : f32
      linalg.yield %y108 : f32
    } -> tensor<1x6xf32>
    %e110 = tensor.empty() : tensor<6x1xf32>
    %t111 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e110 : tensor<6x1xf32>) {
    ^bb0(%o112: f32):
      %i113 = linalg.index 0 : index
      %m114 = arith.muli %i113, %c2_20 : index
      %i115 = linalg.index 1 : index
      %m116 = arith.muli %i115, %c3_4 : index
      %a117 = arith.addi %m114, %m116 : index
      %r118 = arith.remui %a117, %c7_11 : index
      %n119 = arith.index_cast %r118 : index to i32
      %f120 = arith.sitofp %n119 : i32 to f32
      %y121 = arith.mulf %f120, %cst109 : f32
      linalg.yield %y121 : f32
    } -> tensor<6x1xf32>
    %mm122 = linalg.matmul ins(%t98, %t111 : tensor<1x6xf32>, tensor<6x1xf32>) outs(%ins96 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %sl123 = tensor.extract_slice %t98[0, 1] [%c1_39, %c2_20] [1, 1] : tensor<1x6xf32> to tensor<?x?xf32>
    %nk124 = arith.addi %wbk87, %one69 : i32
    scf.yield %for36#0, %nk124 : tensor<2x2xf32>, i32
  }
  %r125 = tensor.extract %t2[%c0_38, %c1_39] : tensor<2x2xf32>
  %r126 = tensor.extract %t18[%c5_23, %c7_11] : tensor<8x8xf32>
  %r127 = tensor.extract %for36#0[%c1_39, %c0_38] : tensor<2x2xf32>
  %r128 = tensor.extract %wh64#0[%c0_38, %c0_38] : tensor<1x1xf32>
  %r129 = tensor.extract %k46[%c5_23, %c2_20] : tensor<6x6xf32>
  %r130 = tensor.extract %t48[%c5_23, %c0_38] : tensor<6x2xf32>
  %r131 = tensor.extract %t61[%c0_38, %c4_7] : tensor<2x6xf32>
  %r132 = tensor.extract %mm63[%c4_7, %c0_38] : tensor<6x6xf32>
  %e134 = tensor.empty() : tensor<f32>
  %z135 = linalg.fill ins(%cst133 : f32) outs(%e134 : tensor<f32>) -> tensor<f32>
  %sum136 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%k46 : tensor<6x6xf32>) outs(%z135 : tensor<f32>) {
  ^bb0(%x137: f32, %o138: f32):
    %p139 = arith.addf %x137, %o138 : f32
    linalg.yield %p139 : f32
  } -> tensor<f32>
  %cs140 = tensor.extract %sum136[] : tensor<f32>
  %e141 = tensor.empty() : tensor<f32>
  %z142 = linalg.fill ins(%cst133 : f32) outs(%e141 : tensor<f32>) -> tensor<f32>
  %sum143 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t18 : tensor<8x8xf32>) outs(%z142 : tensor<f32>) {
  ^bb0(%x144: f32, %o145: f32):
    %p146 = arith.addf %x144, %o145 : f32
    linalg.yield %p146 : f32
  } -> tensor<f32>
  %cs147 = tensor.extract %sum143[] : tensor<f32>
  func.return %r125, %r126, %r127, %r128, %r129, %r130, %r131, %r132, %cs140, %cs147, %s45 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
