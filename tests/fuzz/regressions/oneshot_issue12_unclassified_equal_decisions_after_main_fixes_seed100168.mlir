// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true}
// kind: mismatch
// detail: unclassified, found after merging main (dceeeda): decisions equal to MLIR (188 operands, --run-all), wrong under one-shot alone and comprehensive-bufferize; helper0 has scf.for iter_args(%arg1, %arg1) with swapped yields (also fails before the ping-pong commit, at affea6f, and on gen12 before the merge, 03574db: not a regression of the fixes) and a slice-clobber (insert into %w5 between the tile producer and insert_slice), shrinker could not reduce it in 240 s; mismatch: result #3: -2.0 before, -1.0 after (seed 100168)
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
func.func @helper0(%arg1: tensor<5x7xf32>, %arg2: tensor<8xf32> {bufferization.writable = false}, %arg3: tensor<?x?xf32>, %arg4: f32) -> (tensor<5x7xf32>, tensor<5x8xf32>) {
  %c1_5 = arith.constant 1 : index
  %c5_7 = arith.constant 5 : index
  %c0_12 = arith.constant 0 : index
  %c2_18 = arith.constant 2 : index
  %c9_21 = arith.constant 9 : index
  %cst26 = arith.constant 0.25 : f32
  %cst28 = arith.constant -0.25 : f32
  %cst49 = arith.constant 3.0 : f32
  %c3_53 = arith.constant 3 : index
  %c6_59 = arith.constant 6 : index
  %cst64 = arith.constant 0.5 : f32
  %cst81 = arith.constant 1.0 : f32
  %w5 = tensor.insert %arg4 into %arg2[%c1_5] : tensor<8xf32>
  %ob7 = tensor.extract %w5[%c5_7] : tensor<8xf32>
  %for10:2 = scf.for %iv9 = %c0_12 to %c1_5 step %c1_5 iter_args(%acc11 = %arg1, %acc12 = %arg1) -> (tensor<5x7xf32>, tensor<5x7xf32>) {
    %sl14 = tensor.extract_slice %arg2[%iv9] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %e15 = tensor.empty() : tensor<4xf32>
    %t16 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e15 : tensor<4xf32>) {
    ^bb0(%o17: f32):
      %i18 = linalg.index 0 : index
      %m20 = arith.muli %i18, %c2_18 : index
      %r21 = arith.remui %m20, %c9_21 : index
      %n23 = arith.index_cast %r21 : index to i32
      %f24 = arith.sitofp %n23 : i32 to f32
      %y25 = arith.mulf %f24, %cst26 : f32
      linalg.yield %y25 : f32
    } -> tensor<4xf32>
    %t27 = linalg.fill ins(%cst28 : f32) outs(%t16 : tensor<4xf32>) -> tensor<4xf32>
    %e29 = tensor.empty() : tensor<4xf32>
    %b30 = linalg.mul ins(%t27, %sl14 : tensor<4xf32>, tensor<4xf32>) outs(%e29 : tensor<4xf32>) -> tensor<4xf32>
    %w31 = tensor.insert %arg4 into %w5[%iv9] : tensor<8xf32>
    %is32 = tensor.insert_slice %b30 into %w31[%iv9] [4] [1] : tensor<4xf32> into tensor<8xf32>
    scf.yield %acc12, %acc11 : tensor<5x7xf32>, tensor<5x7xf32>
  }
  %e33 = tensor.empty() : tensor<8xf32>
  %t34 = linalg.fill ins(%arg4 : f32) outs(%e33 : tensor<8xf32>) -> tensor<8xf32>
  %g35 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%w5, %t34 : tensor<8xf32>, tensor<8xf32>) outs(%t34 : tensor<8xf32>) {
  ^bb0(%x36: f32, %x37: f32, %o38: f32):
    %p39 = arith.mulf %x36, %x37 : f32
    linalg.yield %p39 : f32
  } -> tensor<8xf32>
  %e40 = tensor.empty() : tensor<5x7xf32>
  %g41 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%for10#0, %arg1 : tensor<5x7xf32>, tensor<5x7xf32>) outs(%e40 : tensor<5x7xf32>) {
  ^bb0(%x42: f32, %x43: f32, %o44: f32):
    %p45 = arith.minimumf %x42, %x43 : f32
    linalg.yield %p45 : f32
  } -> tensor<5x7xf32>
  %b46 = linalg.sub ins(%g41, %arg1 : tensor<5x7xf32>, tensor<5x7xf32>) outs(%for10#0 : tensor<5x7xf32>) -> tensor<5x7xf32>
  %at47 = bufferization.alloc_tensor() : tensor<5x8xf32>
  %t48 = linalg.fill ins(%cst49 : f32) outs(%at47 : tensor<5x8xf32>) -> tensor<5x8xf32>
  %at50 = bufferization.alloc_tensor() : tensor<5x5xf32>
  %t51 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%at50 : tensor<5x5xf32>) {
  ^bb0(%o52: f32):
    %i53 = linalg.index 0 : index
    %m55 = arith.muli %i53, %c3_53 : index
    %i56 = linalg.index 1 : index
    %m57 = arith.muli %i56, %c3_53 : index
    %a58 = arith.addi %m55, %m57 : index
    %r59 = arith.remui %a58, %c6_59 : index
    %n61 = arith.index_cast %r59 : index to i32
    %f62 = arith.sitofp %n61 : i32 to f32
    %y63 = arith.mulf %f62, %cst64 : f32
    linalg.yield %y63 : f32
  } -> tensor<5x5xf32>
  %e65 = tensor.empty() : tensor<5x8xf32>
  %t66 = linalg.fill ins(%ob7 : f32) outs(%e65 : tensor<5x8xf32>) -> tensor<5x8xf32>
  %mm67 = linalg.matmul ins(%t51, %t66 : tensor<5x5xf32>, tensor<5x8xf32>) outs(%t48 : tensor<5x8xf32>) -> tensor<5x8xf32>
  %sl68 = tensor.extract_slice %t34[1] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %k69 = arith.constant dense<[-1.5, -1.0, 0.25, 1.5]> : tensor<4xf32>
  %e70 = tensor.empty() : tensor<4xf32>
  %t71 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e70 : tensor<4xf32>) {
  ^bb0(%o72: f32):
    %i73 = linalg.index 0 : index
    %m74 = arith.muli %i73, %c3_53 : index
    %r75 = arith.remui %m74, %c3_53 : index
    %n76 = arith.index_cast %r75 : index to i32
    %f77 = arith.sitofp %n76 : i32 to f32
    %y78 = arith.mulf %f77, %cst64 : f32
    linalg.yield %y78 : f32
  } -> tensor<4xf32>
  %b79 = linalg.sub ins(%k69, %t71 : tensor<4xf32>, tensor<4xf32>) outs(%k69 : tensor<4xf32>) -> tensor<4xf32>
  %t80 = linalg.fill ins(%cst81 : f32) outs(%b79 : tensor<4xf32>) -> tensor<4xf32>
  %w82 = tensor.insert %arg4 into %t34[%c2_18] : tensor<8xf32>
  %is83 = tensor.insert_slice %t80 into %w82[1] [4] [1] : tensor<4xf32> into tensor<8xf32>
  func.return %arg1, %t48 : tensor<5x7xf32>, tensor<5x8xf32>
}

func.func private @helper1(%arg84: tensor<8x5xf32>, %arg85: f32) -> (tensor<5x8xf32>, tensor<1x2xf32>) {
  %c5_86 = arith.constant 5 : index
  %c4_87 = arith.constant 4 : index
  %zi94 = arith.constant 0 : i32
  %lim95 = arith.constant 3 : i32
  %one96 = arith.constant 1 : i32
  %c1_106 = arith.constant 1 : index
  %c6_119 = arith.constant 6 : index
  %cst124 = arith.constant -1.0 : f32
  %c3_125 = arith.constant 3 : index
  %c0_132 = arith.constant 0 : index
  %c9_153 = arith.constant 9 : index
  %cst158 = arith.constant -0.5 : f32
  %lim165 = arith.constant 2 : i32
  %w86 = tensor.insert %arg85 into %arg84[%c5_86, %c4_87] : tensor<8x5xf32>
  %e89 = tensor.empty() : tensor<5x7xf32>
  %t90 = linalg.fill ins(%arg85 : f32) outs(%e89 : tensor<5x7xf32>) -> tensor<5x7xf32>
  %wh91:3 = scf.while (%wa92 = %t90, %wk93 = %zi94) : (tensor<5x7xf32>, i32) -> (tensor<5x7xf32>, tensor<5x7xf32>, i32) {
    %cp97 = linalg.copy ins(%wa92 : tensor<5x7xf32>) outs(%wa92 : tensor<5x7xf32>) -> tensor<5x7xf32>
    %e98 = tensor.empty() : tensor<7x8xf32>
    %t99 = linalg.fill ins(%arg85 : f32) outs(%e98 : tensor<7x8xf32>) -> tensor<7x8xf32>
    %k100 = arith.constant dense<[[-1.5, 3.0, -2.0, -1.0, 0.5, 1.5, -0.25, -2.0], [1.0, -0.5, 2.0, -0.5, 0.5, -2.0, 0.25, 1.5], [-2.0, -0.5, 0.5, 1.5, 0.5, 2.0, -2.0, -2.0], [2.0, 1.5, 1.5, 1.0, 3.0, 1.0, 1.5, 0.25], [0.25, -0.5, -0.5, -1.5, 0.25, -1.5, -1.0, 1.5], [1.5, 2.0, 1.0, 3.0, 2.0, 1.5, 3.0, -1.5], [2.0, 2.0, -0.25, 0.25, 0.5, -1.0, -1.5, -0.5], [-0.5, 0.25, 3.0, -1.0, -2.0, -1.5, 1.0, 3.0]]> : tensor<8x8xf32>
    %mm101 = linalg.matmul ins(%t99, %k100 : tensor<7x8xf32>, tensor<8x8xf32>) outs(%t99 : tensor<7x8xf32>) -> tensor<7x8xf32>
    %go102 = arith.cmpi slt, %wk93, %lim95 : i32
    scf.condition(%go102) %cp97, %cp97, %wk93 : tensor<5x7xf32>, tensor<5x7xf32>, i32
  } do {
  ^bb0(%wb103: tensor<5x7xf32>, %wb104: tensor<5x7xf32>, %wbk105: i32):
    %w106 = tensor.insert %arg85 into %wb103[%c4_87, %c1_106] : tensor<5x7xf32>
    %e108 = tensor.empty() : tensor<5x8xf32>
    %tr109 = linalg.transpose ins(%w86 : tensor<8x5xf32>) outs(%e108 : tensor<5x8xf32>) permutation = [1, 0]
    %nk110 = arith.addi %wbk105, %one96 : i32
    scf.yield %t90, %nk110 : tensor<5x7xf32>, i32
  }
  %at111 = bufferization.alloc_tensor() : tensor<5x8xf32>
  %t112 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%at111 : tensor<5x8xf32>) {
  ^bb0(%o113: f32):
    %i114 = linalg.index 0 : index
    %m115 = arith.muli %i114, %c5_86 : index
    %i116 = linalg.index 1 : index
    %m117 = arith.muli %i116, %c1_106 : index
    %a118 = arith.addi %m115, %m117 : index
    %r119 = arith.remui %a118, %c6_119 : index
    %n121 = arith.index_cast %r119 : index to i32
    %f122 = arith.sitofp %n121 : i32 to f32
    %y123 = arith.mulf %f122, %cst124 : f32
    linalg.yield %y123 : f32
  } -> tensor<5x8xf32>
  %ins125 = tensor.insert %arg85 into %t112[%c4_87, %c3_125] : tensor<5x8xf32>
  %ins127 = tensor.insert %arg85 into %t90[%c4_87, %c3_125] : tensor<5x7xf32>
  %wh128:2 = scf.while (%wa129 = %t112, %wk130 = %zi94) : (tensor<5x8xf32>, i32) -> (tensor<5x8xf32>, i32) {
    %w131 = linalg.copy ins(%wh91#1 : tensor<5x7xf32>) outs(%wh91#1 : tensor<5x7xf32>) -> tensor<5x7xf32>
    %ob132 = tensor.extract %w131[%c0_132, %c0_132] : tensor<5x7xf32>
    %ins134 = tensor.insert %ob132 into %wa129[%c4_87, %c3_125] : tensor<5x8xf32>
    %g135 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w131, %w131 : tensor<5x7xf32>, tensor<5x7xf32>) outs(%w131 : tensor<5x7xf32>) {
    ^bb0(%x136: f32, %x137: f32, %o138: f32):
      %p139 = arith.maximumf %x136, %x137 : f32
      %p140 = arith.mulf %p139, %ob132 : f32
      linalg.yield %p140 : f32
    } -> tensor<5x7xf32>
    %go141 = arith.cmpi slt, %wk130, %one96 : i32
    scf.condition(%go141) %ins134, %wk130 : tensor<5x8xf32>, i32
  } do {
  ^bb0(%wb142: tensor<5x8xf32>, %wbk143: i32):
    %w144 = linalg.copy ins(%t112 : tensor<5x8xf32>) outs(%wb142 : tensor<5x8xf32>) -> tensor<5x8xf32>
    %e145 = tensor.empty() : tensor<5x8xf32>
    %t146 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e145 : tensor<5x8xf32>) {
    ^bb0(%o147: f32):
      %i148 = linalg.index 0 : index
      %m149 = arith.muli %i148, %c5_86 : index
      %i150 = linalg.index 1 : index
      %m151 = arith.muli %i150, %c3_125 : index
      %a152 = arith.addi %m149, %m151 : index
      %r153 = arith.remui %a152, %c9_153 : index
      %n155 = arith.index_cast %r153 : index to i32
      %f156 = arith.sitofp %n155 : i32 to f32
      %y157 = arith.mulf %f156, %cst158 : f32
      linalg.yield %y157 : f32
    } -> tensor<5x8xf32>
    %e159 = tensor.empty() : tensor<5x8xf32>
    %b160 = linalg.sub ins(%w144, %t146 : tensor<5x8xf32>, tensor<5x8xf32>) outs(%e159 : tensor<5x8xf32>) -> tensor<5x8xf32>
    %nk161 = arith.addi %wbk143, %one96 : i32
    scf.yield %ins125, %nk161 : tensor<5x8xf32>, i32
  }
  %wh162:2 = scf.while (%wa163 = %wh128#0, %wk164 = %zi94) : (tensor<5x8xf32>, i32) -> (tensor<1x2xf32>, i32) {
    %sl166 = tensor.extract_slice %wh91#0[1, 1] [1, 2] [1, 1] : tensor<5x7xf32> to tensor<1x2xf32>
    %go167 = arith.cmpi slt, %wk164, %lim165 : i32
    scf.condition(%go167) %sl166, %wk164 : tensor<1x2xf32>, i32
  } do {
  ^bb0(%wb168: tensor<1x2xf32>, %wbk169: i32):
    %w170 = tensor.insert %cst124 into %wb168[%c0_132, %c1_106] : tensor<1x2xf32>
    %nk171 = arith.addi %wbk169, %one96 : i32
    scf.yield %ins125, %nk171 : tensor<5x8xf32>, i32
  }
  func.return %t112, %wh162#0 : tensor<5x8xf32>, tensor<1x2xf32>
}

func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c1_175 = arith.constant 1 : index
  %c3_178 = arith.constant 3 : index
  %c7_182 = arith.constant 7 : index
  %cst187 = arith.constant 0.5 : f32
  %cst192 = arith.constant 1.0 : f32
  %cst193 = arith.constant -2.0 : f32
  %c2_202 = arith.constant 2 : index
  %c4_205 = arith.constant 4 : index
  %cst210 = arith.constant 2.0 : f32
  %cst223 = arith.constant 0.25 : f32
  %c0_226 = arith.constant 0 : index
  %c6_228 = arith.constant 6 : index
  %cst237 = arith.constant 0.0 : f32
  %e172 = tensor.empty() : tensor<8x5xf32>
  %t173 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e172 : tensor<8x5xf32>) {
  ^bb0(%o174: f32):
    %i175 = linalg.index 0 : index
    %m177 = arith.muli %i175, %c1_175 : index
    %i178 = linalg.index 1 : index
    %m180 = arith.muli %i178, %c3_178 : index
    %a181 = arith.addi %m177, %m180 : index
    %r182 = arith.remui %a181, %c7_182 : index
    %n184 = arith.index_cast %r182 : index to i32
    %f185 = arith.sitofp %n184 : i32 to f32
    %y186 = arith.mulf %f185, %cst187 : f32
    linalg.yield %y186 : f32
  } -> tensor<8x5xf32>
  %e188 = tensor.empty() : tensor<5x8xf32>
  %tr189 = linalg.transpose ins(%t173 : tensor<8x5xf32>) outs(%e188 : tensor<5x8xf32>) permutation = [1, 0]
  %e190 = tensor.empty() : tensor<8x5xf32>
  %t191 = linalg.fill ins(%cst192 : f32) outs(%e190 : tensor<8x5xf32>) -> tensor<8x5xf32>
  %call194:2 = func.call @helper1(%t191, %cst193) : (tensor<8x5xf32>, f32) -> (tensor<5x8xf32>, tensor<1x2xf32>)
  %k195 = arith.constant dense<[[3.0, 3.0, 1.0, -0.5, 3.0, 1.5, -0.25], [1.5, -1.5, 2.0, 1.0, -1.0, -0.5, 0.25], [0.25, 3.0, -1.5, 2.0, 3.0, 1.5, -0.5], [-1.0, 1.5, -0.25, -0.25, 2.0, 3.0, -1.0], [1.5, 2.0, -2.0, -0.5, -0.25, 0.25, -1.5], [-1.5, 0.25, 1.0, 1.5, 0.25, -0.5, 3.0], [2.0, -1.0, -1.0, -1.0, 2.0, 3.0, -2.0]]> : tensor<7x7xf32>
  %e196 = tensor.empty() : tensor<7x7xf32>
  %b197 = linalg.max ins(%k195, %k195 : tensor<7x7xf32>, tensor<7x7xf32>) outs(%e196 : tensor<7x7xf32>) -> tensor<7x7xf32>
  %k198 = arith.constant dense<[[0.5, -0.5, -0.25, 2.0, 0.25, -1.0, 0.5], [0.25, 2.0, -1.5, 1.5, 3.0, -1.0, 1.5], [-0.5, -0.5, -1.5, -1.0, -2.0, 3.0, -0.25], [1.5, -1.0, 1.0, 0.5, 1.0, -1.0, -0.25], [-0.25, 0.25, -0.25, 0.25, 0.25, -1.0, 0.5]]> : tensor<5x7xf32>
  %e199 = tensor.empty() : tensor<8xf32>
  %t200 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e199 : tensor<8xf32>) {
  ^bb0(%o201: f32):
    %i202 = linalg.index 0 : index
    %m204 = arith.muli %i202, %c2_202 : index
    %r205 = arith.remui %m204, %c4_205 : index
    %n207 = arith.index_cast %r205 : index to i32
    %f208 = arith.sitofp %n207 : i32 to f32
    %y209 = arith.mulf %f208, %cst210 : f32
    linalg.yield %y209 : f32
  } -> tensor<8xf32>
  %e211 = tensor.empty() : tensor<5x5xf32>
  %t212 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e211 : tensor<5x5xf32>) {
  ^bb0(%o213: f32):
    %i214 = linalg.index 0 : index
    %m215 = arith.muli %i214, %c3_178 : index
    %i216 = linalg.index 1 : index
    %m217 = arith.muli %i216, %c2_202 : index
    %a218 = arith.addi %m215, %m217 : index
    %r219 = arith.remui %a218, %c7_182 : index
    %n220 = arith.index_cast %r219 : index to i32
    %f221 = arith.sitofp %n220 : i32 to f32
    %y222 = arith.mulf %f221, %cst223 : f32
    linalg.yield %y222 : f32
  } -> tensor<5x5xf32>
  %d224 = tensor.cast %t212 : tensor<5x5xf32> to tensor<?x?xf32>
  %call225:2 = func.call @helper0(%k198, %t200, %d224, %cst192) : (tensor<5x7xf32>, tensor<8xf32>, tensor<?x?xf32>, f32) -> (tensor<5x7xf32>, tensor<5x8xf32>)
  %ob226 = tensor.extract %k198[%c0_226, %c2_202] : tensor<5x7xf32>
  %r228 = tensor.extract %t173[%c6_228, %c4_205] : tensor<8x5xf32>
  %r230 = tensor.extract %tr189[%c2_202, %c7_182] : tensor<5x8xf32>
  %r231 = tensor.extract %t191[%c3_178, %c2_202] : tensor<8x5xf32>
  %r232 = tensor.extract %call194#1[%c0_226, %c1_175] : tensor<1x2xf32>
  %r233 = tensor.extract %call225#0[%c2_202, %c6_228] : tensor<5x7xf32>
  %r234 = tensor.extract %t212[%c1_175, %c2_202] : tensor<5x5xf32>
  %r235 = tensor.extract %call194#0[%c0_226, %c2_202] : tensor<5x8xf32>
  %r236 = tensor.extract %call225#1[%c2_202, %c2_202] : tensor<5x8xf32>
  %e238 = tensor.empty() : tensor<f32>
  %z239 = linalg.fill ins(%cst237 : f32) outs(%e238 : tensor<f32>) -> tensor<f32>
  %sum240 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%call225#1 : tensor<5x8xf32>) outs(%z239 : tensor<f32>) {
  ^bb0(%x241: f32, %o242: f32):
    %p243 = arith.addf %x241, %o242 : f32
    linalg.yield %p243 : f32
  } -> tensor<f32>
  %cs244 = tensor.extract %sum240[] : tensor<f32>
  %e245 = tensor.empty() : tensor<f32>
  %z246 = linalg.fill ins(%cst237 : f32) outs(%e245 : tensor<f32>) -> tensor<f32>
  %sum247 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%k198 : tensor<5x7xf32>) outs(%z246 : tensor<f32>) {
  ^bb0(%x248: f32, %o249: f32):
    %p250 = arith.addf %x248, %o249 : f32
    linalg.yield %p250 : f32
  } -> tensor<f32>
  %cs251 = tensor.extract %sum247[] : tensor<f32>
  func.return %r228, %r230, %r231, %r232, %r233, %r234, %r235, %r236, %cs244, %cs251, %ob226 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
