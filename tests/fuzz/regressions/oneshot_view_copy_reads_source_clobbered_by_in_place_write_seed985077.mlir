// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: mismatch
// detail: result #0: -1.5 before, 1.5 after
// origin: xdsl-bufferize-fuzz --count 2500 --seed 984000 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation' --features +adversarial (seed 985077, shrunk), on a3d1737 (passes on 8f1046f: a regression of 4073f7a)
// status: fixed (p12b ba34209: a view decided in order reads its source where it stands when its result is read, so a write put in place before it cannot clobber what its copy takes): a view copied at the view took data an earlier in-place write had already overwritten
builtin.module {
  func.func private @helper0(%arg1: tensor<2x2xf32>, %arg2: tensor<2x3xf32>, %arg3: f32) -> tensor<2x2xf32> {
    %cst7 = arith.constant -5.000000e-01 : f32
    %c0 = arith.constant 0 : index
    %zi13 = arith.constant 0 : i32
    %b102 = linalg.add ins(%arg1, %arg1 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%arg1 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %mm104 = linalg.matmul ins(%arg1, %b102 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%arg1 : tensor<2x2xf32>) -> tensor<2x2xf32>
    func.return %arg1 : tensor<2x2xf32>
  }
  func.func @main() -> f32 {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %cst120 = arith.constant 2.000000e+00 : f32
    %cst123 = arith.constant -1.500000e+00 : f32
    %cst127 = arith.constant -2.500000e-01 : f32
    %cst128 = arith.constant -2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zi137 = arith.constant 0 : i32
    %lim138 = arith.constant 2 : i32
    %one139 = arith.constant 1 : i32
    %cst146 = arith.constant 1.000000e+00 : f32
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
    %cst198 = arith.constant 1.500000e+00 : f32
    %c7 = arith.constant 7 : index
    %cst251 = arith.constant 2.500000e-01 : f32
    %cst263 = arith.constant 0.000000e+00 : f32
    %e105 = tensor.empty() : tensor<3x2xf32>
    %t106 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e105 : tensor<3x2xf32>) {
    ^bb0(%o107: f32):
      %i108 = linalg.index 0 : index
      %m110 = arith.muli %i108, %c2 : index
      %i111 = linalg.index 1 : index
      %m113 = arith.muli %i111, %c4 : index
      %a114 = arith.addi %m110, %m113 : index
      %r115 = arith.remui %a114, %c6 : index
      %n117 = arith.index_cast %r115 : index to i32
      %f118 = arith.sitofp %n117 : i32 to f32
      %y119 = arith.mulf %f118, %cst120 : f32
      linalg.yield %y119 : f32
    } -> tensor<3x2xf32>
    %at121 = bufferization.alloc_tensor() : tensor<2x6xf32>
    %t122 = linalg.fill ins(%cst123 : f32) outs(%at121 : tensor<2x6xf32>) -> tensor<2x6xf32>
    %k124 = arith.constant dense<[[5.000000e-01, 3.000000e+00], [1.500000e+00, 2.500000e-01]]> : tensor<2x2xf32>
    %e125 = tensor.empty() : tensor<2x3xf32>
    %t126 = linalg.fill ins(%cst127 : f32) outs(%e125 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %call129 = func.call @helper0(%k124, %t126, %cst128) : (tensor<2x2xf32>, tensor<2x3xf32>, f32) -> tensor<2x2xf32>
    %ob130 = tensor.extract %k124[%c0, %c1] : tensor<2x2xf32>
    %ob133 = tensor.extract %t126[%c1, %c1] : tensor<2x3xf32>
    %wh134, %wh134_1 = scf.while (%wa135 = %k124, %wk136 = %zi137) : (tensor<2x2xf32>, i32) -> (tensor<2x2xf32>, i32) {
      %w140 = linalg.copy ins(%wa135 : tensor<2x2xf32>) outs(%k124 : tensor<2x2xf32>) -> tensor<2x2xf32>
      %b141 = linalg.add ins(%w140, %wa135 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%wa135 : tensor<2x2xf32>) -> tensor<2x2xf32>
      %g142 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w140 : tensor<2x2xf32>) outs(%b141 : tensor<2x2xf32>) {
      ^bb0(%x143: f32, %o144: f32):
        %p145 = arith.addf %x143, %cst146 : f32
        linalg.yield %p145 : f32
      } -> tensor<2x2xf32>
      %e147 = tensor.empty() : tensor<2x2xf32>
      %t148 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e147 : tensor<2x2xf32>) {
      ^bb0(%o149: f32):
        %i150 = linalg.index 0 : index
        %m151 = arith.muli %i150, %c2 : index
        %i152 = linalg.index 1 : index
        %m154 = arith.muli %i152, %c5 : index
        %a155 = arith.addi %m151, %m154 : index
        %r156 = arith.remui %a155, %c4 : index
        %n157 = arith.index_cast %r156 : index to i32
        %f158 = arith.sitofp %n157 : i32 to f32
        %y159 = arith.mulf %f158, %cst123 : f32
        linalg.yield %y159 : f32
      } -> tensor<2x2xf32>
      %for161, %for161_1 = scf.for %iv160 = %c0 to %c1 step %c1 iter_args(%acc162 = %g142, %acc163 = %t148) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
        %w164 = tensor.insert %ob130 into %t148[%iv160, %iv160] : tensor<2x2xf32>
        %e165 = tensor.empty() : tensor<2x3xf32>
        %b166 = linalg.sub ins(%t126, %t126 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e165 : tensor<2x3xf32>) -> tensor<2x3xf32>
        scf.yield %w164, %acc162 : tensor<2x2xf32>, tensor<2x2xf32>
      }
      %sl169 = tensor.extract_slice %t122[0, %c0] [2, 2] [1, 1] : tensor<2x6xf32> to tensor<2x2xf32>
      %go170 = arith.cmpi slt, %wk136, %lim138 : i32
      scf.condition(%go170) %sl169, %wk136 : tensor<2x2xf32>, i32
    } do {
    ^bb0(%wb171: tensor<2x2xf32>, %wbk172: i32):
      %e173 = tensor.empty() : tensor<2x2xf32>
      %t174 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e173 : tensor<2x2xf32>) {
      ^bb0(%o175: f32):
        %i176 = linalg.index 0 : index
        %m177 = arith.muli %i176, %c4 : index
        %i178 = linalg.index 1 : index
        %m179 = arith.muli %i178, %c2 : index
        %a180 = arith.addi %m177, %m179 : index
        %r181 = arith.remui %a180, %c6 : index
        %n182 = arith.index_cast %r181 : index to i32
        %f183 = arith.sitofp %n182 : i32 to f32
        %y184 = arith.mulf %f183, %cst120 : f32
        linalg.yield %y184 : f32
      } -> tensor<2x2xf32>
      %e185 = tensor.empty() : tensor<2x2xf32>
      %t186 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e185 : tensor<2x2xf32>) {
      ^bb0(%o187: f32):
        %i188 = linalg.index 0 : index
        %m189 = arith.muli %i188, %c4 : index
        %i190 = linalg.index 1 : index
        %m192 = arith.muli %i190, %c3 : index
        %a193 = arith.addi %m189, %m192 : index
        %r194 = arith.remui %a193, %c5 : index
        %n195 = arith.index_cast %r194 : index to i32
        %f196 = arith.sitofp %n195 : i32 to f32
        %y197 = arith.mulf %f196, %cst198 : f32
        linalg.yield %y197 : f32
      } -> tensor<2x2xf32>
      %mat199 = bufferization.materialize_in_destination %t174 in %t186 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %w200 = linalg.fill ins(%cst198 : f32) outs(%t122 : tensor<2x6xf32>) -> tensor<2x6xf32>
      %ob201 = tensor.extract %w200[%c0, %c2] : tensor<2x6xf32>
      %ins202 = tensor.insert %ob201 into %wb171[%c0, %c1] : tensor<2x2xf32>
      %nk203 = arith.addi %wbk172, %one139 : i32
      scf.yield %ins202, %nk203 : tensor<2x2xf32>, i32
    }
    %e204 = tensor.empty() : tensor<2x2xf32>
    %t205 = linalg.fill ins(%ob130 : f32) outs(%e204 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %e239 = tensor.empty() : tensor<2x3xf32>
    %t240 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e239 : tensor<2x3xf32>) {
    ^bb0(%o241: f32):
      %i242 = linalg.index 0 : index
      %m243 = arith.muli %i242, %c1 : index
      %i244 = linalg.index 1 : index
      %m245 = arith.muli %i244, %c1 : index
      %a246 = arith.addi %m243, %m245 : index
      %r247 = arith.remui %a246, %c7 : index
      %n248 = arith.index_cast %r247 : index to i32
      %f249 = arith.sitofp %n248 : i32 to f32
      %y250 = arith.mulf %f249, %cst251 : f32
      linalg.yield %y250 : f32
    } -> tensor<2x3xf32>
    %call252 = func.call @helper0(%t205, %t240, %cst120) : (tensor<2x2xf32>, tensor<2x3xf32>, f32) -> tensor<2x2xf32>
    %tr253 = linalg.transpose ins(%wh134:tensor<2x2xf32>) outs(%t205:tensor<2x2xf32>) permutation = [1, 0]
    %tr254 = linalg.transpose ins(%t126:tensor<2x3xf32>) outs(%t106:tensor<3x2xf32>) permutation = [1, 0]
    %r258 = tensor.extract %tr253[%c1, %c1] : tensor<2x2xf32>
    %e264 = tensor.empty() : tensor<f32>
    %z265 = linalg.fill ins(%cst263 : f32) outs(%e264 : tensor<f32>) -> tensor<f32>
    %sum266 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t205 : tensor<2x2xf32>) outs(%z265 : tensor<f32>) {
    ^bb0(%x267: f32, %o268: f32):
      %p269 = arith.addf %x267, %o268 : f32
      linalg.yield %p269 : f32
    } -> tensor<f32>
    %e271 = tensor.empty() : tensor<f32>
    %z272 = linalg.fill ins(%cst263 : f32) outs(%e271 : tensor<f32>) -> tensor<f32>
    %sum273 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t126 : tensor<2x3xf32>) outs(%z272 : tensor<f32>) {
    ^bb0(%x274: f32, %o275: f32):
      %p276 = arith.addf %x274, %o275 : f32
      linalg.yield %p276 : f32
    } -> tensor<f32>
    func.return %r258 : f32
  }
}
