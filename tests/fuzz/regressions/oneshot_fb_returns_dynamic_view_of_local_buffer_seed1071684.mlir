// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation
// kind: finding:invalid-free
// detail: invalid-free: memref.dealloc frees a view (offset 5, sizes [4, 3], strides [4, 1]) that is not the base of heap buffer #85 (memref.alloc at @helper2__inplace, op #17 (in walk order)) [memref.dealloc at @main, op #190 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 2000 --seed 1070000 --pipeline OS --features +adversarial (seed 1071684, shrunk), on 97025c8: a regression of that day's view hand-over
// status: fixed (ownership: a RETURN never hands over a view its callers would free with a plain dealloc: frees_through_base / may_hold_inner_view): a function returned a dynamic-offset view of its own buffer (through a call forwarding a subview, or a loop merge that took the view over) and the caller freed the view
builtin.module {
  func.func private @helper0(%arg1: tensor<7x4xf32> {bufferization.writable = false}, %arg2: tensor<4x8xf32>, %arg3: tensor<7x7xf32> {bufferization.writable = false}, %arg4: f32) -> tensor<7x4xf32> {
    %cst8 = arith.constant -5.000000e-01 : f32
    %w5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%arg3 : tensor<7x7xf32>) {
    ^bb0(%o6: f32):
      %p7 = arith.addf %o6, %cst8 : f32
      linalg.yield %p7 : f32
    } -> tensor<7x7xf32>
    %e9 = tensor.empty() : tensor<7x7xf32>
    %b10 = linalg.add ins(%w5, %arg3 : tensor<7x7xf32>, tensor<7x7xf32>) outs(%e9 : tensor<7x7xf32>) -> tensor<7x7xf32>
    func.return %arg1 : tensor<7x4xf32>
  }
  func.func private @helper1(%arg11: tensor<4x7xf32> {bufferization.writable = true}, %arg12: tensor<7x8xf32>) -> tensor<4x4xf32> {
    %cst15 = arith.constant -1.000000e+00 : f32
    %cst23 = arith.constant -2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %zi50 = arith.constant 0 : i32
    %lim51 = arith.constant 1 : i32
    %cst63 = arith.constant 2.500000e-01 : f32
    %c2 = arith.constant 2 : index
    %cst75 = arith.constant 5.000000e-01 : f32
    %e13 = tensor.empty() : tensor<7x8xf32>
    %t14 = linalg.fill ins(%cst15 : f32) outs(%e13 : tensor<7x8xf32>) -> tensor<7x8xf32>
    %g16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg12, %t14 : tensor<7x8xf32>, tensor<7x8xf32>) outs(%arg12 : tensor<7x8xf32>) {
    ^bb0(%x17: f32, %x18: f32, %o19: f32):
      %p20 = arith.mulf %x17, %x18 : f32
      %p21 = arith.subf %p20, %o19 : f32
      %p22 = arith.mulf %p21, %cst23 : f32
      linalg.yield %p22 : f32
    } -> tensor<7x8xf32>
    %d24 = tensor.cast %arg11 : tensor<4x7xf32> to tensor<?x?xf32>
    %dim25 = tensor.dim %d24, %c0 : tensor<?x?xf32>
    %dim27 = tensor.dim %d24, %c1 : tensor<?x?xf32>
    %e29 = tensor.empty(%dim25, %dim27) : tensor<?x?xf32>
    %t30 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e29 : tensor<?x?xf32>) {
    ^bb0(%o31: f32):
      %i32 = linalg.index 0 : index
      %m34 = arith.muli %i32, %c5 : index
      %i35 = linalg.index 1 : index
      %m37 = arith.muli %i35, %c3 : index
      %a38 = arith.addi %m34, %m37 : index
      %r39 = arith.remui %a38, %c4 : index
      %n41 = arith.index_cast %r39 : index to i32
      %f42 = arith.sitofp %n41 : i32 to f32
      %y43 = arith.mulf %f42, %cst15 : f32
      linalg.yield %y43 : f32
    } -> tensor<?x?xf32>
    %s44 = tensor.extract %t30[%c0, %c6] : tensor<?x?xf32>
    %k46 = arith.constant dense<[[3.000000e+00, -1.000000e+00, 1.500000e+00, 1.000000e+00], [-1.000000e+00, -5.000000e-01, 3.000000e+00, 3.000000e+00], [-1.500000e+00, -2.000000e+00, 5.000000e-01, -5.000000e-01], [-1.500000e+00, -1.000000e+00, -1.000000e+00, 3.000000e+00]]> : tensor<4x4xf32>
    %wh47, %wh47_1 = scf.while (%wa48 = %k46, %wk49 = %zi50) : (tensor<4x4xf32>, i32) -> (tensor<4x4xf32>, i32) {
      %w52 = linalg.fill ins(%s44 : f32) outs(%t30 : tensor<?x?xf32>) -> tensor<?x?xf32>
      %go55 = arith.cmpi slt, %wk49, %lim51 : i32
      scf.condition(%go55) %k46, %wk49 : tensor<4x4xf32>, i32
    } do {
    ^bb0(%wb56: tensor<4x4xf32>, %wbk57: i32):
      %w58 = linalg.copy ins(%wb56 : tensor<4x4xf32>) outs(%wb56 : tensor<4x4xf32>) -> tensor<4x4xf32>
      %nk59 = arith.addi %wbk57, %lim51 : i32
      scf.yield %wb56, %nk59 : tensor<4x4xf32>, i32
    }
    %ob60 = tensor.extract %t30[%c3, %c4] : tensor<?x?xf32>
    %ins61 = tensor.insert %ob60 into %wh47[%c0, %c3] : tensor<4x4xf32>
    %cond62 = arith.cmpf olt, %s44, %cst63 : f32
    %if64 = scf.if %cond62 -> (tensor<4x4xf32>) {
      scf.yield %ins61 : tensor<4x4xf32>
    } else {
      %e65 = tensor.empty() : tensor<7xf32>
      %t66 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e65 : tensor<7xf32>) {
      ^bb0(%o67: f32):
        %i68 = linalg.index 0 : index
        %m70 = arith.muli %i68, %c2 : index
        %r71 = arith.remui %m70, %c3 : index
        %n72 = arith.index_cast %r71 : index to i32
        %f73 = arith.sitofp %n72 : i32 to f32
        %y74 = arith.mulf %f73, %cst75 : f32
        linalg.yield %y74 : f32
      } -> tensor<7xf32>
      scf.yield %ins61 : tensor<4x4xf32>
    }
    func.return %if64 : tensor<4x4xf32>
  }
  func.func @helper2(%arg78: tensor<?x?xf32>, %arg79: f32) -> (tensor<4x3xf32>, tensor<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %cst83 = arith.constant 2.500000e-01 : f32
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %cst92 = arith.constant 1.500000e+00 : f32
    %zi96 = arith.constant 0 : i32
    %lim97 = arith.constant 1 : i32
    %c5 = arith.constant 5 : index
    %c9 = arith.constant 9 : index
    %cst116 = arith.constant 2.000000e+00 : f32
    %cst120 = arith.constant 5.000000e-01 : f32
    %c2 = arith.constant 2 : index
    %sl81 = tensor.extract_slice %arg78[%c1, 1] [4, 3] [1, 1] : tensor<?x?xf32> to tensor<4x3xf32>
    %ins82 = tensor.insert %cst83 into %sl81[%c3, %c0] : tensor<4x3xf32>
    %g86 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ins82 : tensor<4x3xf32>) outs(%ins82 : tensor<4x3xf32>) {
    ^bb0(%x87: f32, %o88: f32):
      %p89 = arith.addf %x87, %arg79 : f32
      linalg.yield %p89 : f32
    } -> tensor<4x3xf32>
    %t91 = linalg.fill ins(%cst92 : f32) outs(%g86 : tensor<4x3xf32>) -> tensor<4x3xf32>
    %wh93, %wh93_1 = scf.while (%wa94 = %sl81, %wk95 = %zi96) : (tensor<4x3xf32>, i32) -> (tensor<4x3xf32>, i32) {
      %go98 = arith.cmpi slt, %wk95, %lim97 : i32
      scf.condition(%go98) %wa94, %wk95 : tensor<4x3xf32>, i32
    } do {
    ^bb0(%wb99: tensor<4x3xf32>, %wbk100: i32):
      %t101 = linalg.fill ins(%arg79 : f32) outs(%ins82 : tensor<4x3xf32>) -> tensor<4x3xf32>
      %at102 = bufferization.alloc_tensor() : tensor<4x4xf32>
      %t103 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%at102 : tensor<4x4xf32>) {
      ^bb0(%o104: f32):
        %i105 = linalg.index 0 : index
        %m107 = arith.muli %i105, %c5 : index
        %i108 = linalg.index 1 : index
        %m109 = arith.muli %i108, %c1 : index
        %a110 = arith.addi %m107, %m109 : index
        %r111 = arith.remui %a110, %c9 : index
        %n113 = arith.index_cast %r111 : index to i32
        %f114 = arith.sitofp %n113 : i32 to f32
        %y115 = arith.mulf %f114, %cst116 : f32
        linalg.yield %y115 : f32
      } -> tensor<4x4xf32>
      %mm117 = linalg.matmul ins(%t103, %t103 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%t103 : tensor<4x4xf32>) -> tensor<4x4xf32>
      %k118 = arith.constant dense<[[1.000000e+00, 1.000000e+00, -2.000000e+00, -1.000000e+00, 3.000000e+00, -2.500000e-01, -2.000000e+00, 3.000000e+00], [-2.500000e-01, -2.000000e+00, 3.000000e+00, 2.500000e-01, 3.000000e+00, -5.000000e-01, -2.000000e+00, 1.500000e+00], [-2.500000e-01, 2.500000e-01, 1.500000e+00, -1.500000e+00, 2.500000e-01, 2.000000e+00, -2.000000e+00, 2.000000e+00], [-5.000000e-01, -2.000000e+00, -2.500000e-01, 5.000000e-01, -2.000000e+00, 2.000000e+00, 2.000000e+00, 2.500000e-01], [5.000000e-01, 2.000000e+00, 5.000000e-01, 1.000000e+00, -1.000000e+00, -2.500000e-01, -2.500000e-01, -2.000000e+00], [5.000000e-01, 2.500000e-01, -1.000000e+00, -1.500000e+00, -1.000000e+00, -2.500000e-01, 1.000000e+00, -1.000000e+00], [-1.000000e+00, -1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.000000e+00, 2.500000e-01, -5.000000e-01]]> : tensor<7x8xf32>
      %t119 = linalg.fill ins(%cst120 : f32) outs(%k118 : tensor<7x8xf32>) -> tensor<7x8xf32>
      %cp121 = linalg.copy ins(%t91 : tensor<4x3xf32>) outs(%t101 : tensor<4x3xf32>) -> tensor<4x3xf32>
      %nk122 = arith.addi %wbk100, %lim97 : i32
      scf.yield %wb99, %nk122 : tensor<4x3xf32>, i32
    }
    %cond123 = arith.cmpi slt, %c3, %c2 : index
    %if125 = scf.if %cond123 -> (tensor<4x3xf32>) {
      %e126 = tensor.empty() : tensor<3x4xf32>
      %tr127 = linalg.transpose ins(%wh93:tensor<4x3xf32>) outs(%e126:tensor<3x4xf32>) permutation = [1, 0]
      scf.yield %g86 : tensor<4x3xf32>
    } else {
      scf.yield %ins82 : tensor<4x3xf32>
    }
    %g128 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%if125, %wh93 : tensor<4x3xf32>, tensor<4x3xf32>) outs(%ins82 : tensor<4x3xf32>) {
    ^bb0(%x129: f32, %x130: f32, %o131: f32):
      %p132 = arith.mulf %x129, %x130 : f32
      %p133 = arith.addf %p132, %arg79 : f32
      linalg.yield %p133 : f32
    } -> tensor<4x3xf32>
    %g134 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%wh93 : tensor<4x3xf32>) outs(%g86 : tensor<4x3xf32>) {
    ^bb0(%x135: f32, %o136: f32):
      %p137 = arith.minimumf %x135, %o136 : f32
      %p138 = arith.subf %p137, %arg79 : f32
      linalg.yield %p138 : f32
    } -> tensor<4x3xf32>
    func.return %wh93, %arg78 : tensor<4x3xf32>, tensor<?x?xf32>
  }
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c4 = arith.constant 4 : index
    %cst154 = arith.constant 2.000000e+00 : f32
    %cst157 = arith.constant -2.500000e-01 : f32
    %c0 = arith.constant 0 : index
    %cst169 = arith.constant 5.000000e-01 : f32
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %zi180 = arith.constant 0 : i32
    %lim181 = arith.constant 3 : i32
    %one182 = arith.constant 1 : i32
    %cst189 = arith.constant 2.500000e-01 : f32
    %c2 = arith.constant 2 : index
    %cst203 = arith.constant 1.000000e+00 : f32
    %cst235 = arith.constant 1.500000e+00 : f32
    %cst251 = arith.constant -5.000000e-01 : f32
    %cst273 = arith.constant 0.000000e+00 : f32
    %e139 = tensor.empty() : tensor<7x4xf32>
    %t140 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e139 : tensor<7x4xf32>) {
    ^bb0(%o141: f32):
      %i142 = linalg.index 0 : index
      %m144 = arith.muli %i142, %c1 : index
      %i145 = linalg.index 1 : index
      %m147 = arith.muli %i145, %c5 : index
      %a148 = arith.addi %m144, %m147 : index
      %r149 = arith.remui %a148, %c4 : index
      %n151 = arith.index_cast %r149 : index to i32
      %f152 = arith.sitofp %n151 : i32 to f32
      %y153 = arith.mulf %f152, %cst154 : f32
      linalg.yield %y153 : f32
    } -> tensor<7x4xf32>
    %e155 = tensor.empty() : tensor<8xf32>
    %t156 = linalg.fill ins(%cst157 : f32) outs(%e155 : tensor<8xf32>) -> tensor<8xf32>
    %g158 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t156, %t156 : tensor<8xf32>, tensor<8xf32>) outs(%t156 : tensor<8xf32>) {
    ^bb0(%x159: f32, %x160: f32, %o161: f32):
      %p162 = arith.subf %x159, %x160 : f32
      %p163 = arith.subf %p162, %o161 : f32
      linalg.yield %p163 : f32
    } -> tensor<8xf32>
    %for165 = scf.for %iv164 = %c0 to %c1 step %c1 iter_args(%acc166 = %t140) -> (tensor<7x4xf32>) {
      %w168 = tensor.insert %cst169 into %t140[%iv164, %c3] : tensor<7x4xf32>
      %b171 = linalg.add ins(%w168, %acc166 : tensor<7x4xf32>, tensor<7x4xf32>) outs(%acc166 : tensor<7x4xf32>) -> tensor<7x4xf32>
      %e172 = tensor.empty() : tensor<4x7xf32>
      %tr173 = linalg.transpose ins(%t140:tensor<7x4xf32>) outs(%e172:tensor<4x7xf32>) permutation = [1, 0]
      scf.yield %b171 : tensor<7x4xf32>
    }
    %ob174 = tensor.extract %t140[%c4, %c3] : tensor<7x4xf32>
    %ins175 = tensor.insert %ob174 into %for165[%c6, %c3] : tensor<7x4xf32>
    %wh177, %wh177_1 = scf.while (%wa178 = %for165, %wk179 = %zi180) : (tensor<7x4xf32>, i32) -> (tensor<7x4xf32>, i32) {
      %go183 = arith.cmpi slt, %wk179, %lim181 : i32
      scf.condition(%go183) %for165, %wk179 : tensor<7x4xf32>, i32
    } do {
    ^bb0(%wb184: tensor<7x4xf32>, %wbk185: i32):
      %w186 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%wb184 : tensor<7x4xf32>) {
      ^bb0(%o187: f32):
        %p188 = arith.addf %o187, %cst189 : f32
        linalg.yield %p188 : f32
      } -> tensor<7x4xf32>
      %e191 = tensor.empty() : tensor<7x4xf32>
      %t192 = linalg.fill ins(%ob174 : f32) outs(%e191 : tensor<7x4xf32>) -> tensor<7x4xf32>
      %w190 = linalg.copy ins(%t192 : tensor<7x4xf32>) outs(%for165 : tensor<7x4xf32>) -> tensor<7x4xf32>
      %b193 = linalg.add ins(%w190, %wb184 : tensor<7x4xf32>, tensor<7x4xf32>) outs(%wb184 : tensor<7x4xf32>) -> tensor<7x4xf32>
      %b194 = linalg.add ins(%g158, %t156 : tensor<8xf32>, tensor<8xf32>) outs(%g158 : tensor<8xf32>) -> tensor<8xf32>
      %w195 = linalg.fill ins(%ob174 : f32) outs(%t140 : tensor<7x4xf32>) -> tensor<7x4xf32>
      %b196 = linalg.add ins(%w195, %b193 : tensor<7x4xf32>, tensor<7x4xf32>) outs(%b193 : tensor<7x4xf32>) -> tensor<7x4xf32>
      %for198, %for198_1 = scf.for %iv197 = %c0 to %c2 step %c1 iter_args(%acc199 = %t140, %acc200 = %t192) -> (tensor<7x4xf32>, tensor<7x4xf32>) {
        %w202 = tensor.insert %cst203 into %w195[%iv197, %c3] : tensor<7x4xf32>
        %b204 = linalg.add ins(%w202, %acc199 : tensor<7x4xf32>, tensor<7x4xf32>) outs(%acc199 : tensor<7x4xf32>) -> tensor<7x4xf32>
        %w205 = linalg.copy ins(%w186 : tensor<7x4xf32>) outs(%w186 : tensor<7x4xf32>) -> tensor<7x4xf32>
        %b206 = linalg.add ins(%w205, %acc200 : tensor<7x4xf32>, tensor<7x4xf32>) outs(%acc200 : tensor<7x4xf32>) -> tensor<7x4xf32>
        %at207 = bufferization.alloc_tensor() copy(%g158) : tensor<8xf32>
        scf.yield %t192, %b206 : tensor<7x4xf32>, tensor<7x4xf32>
      }
      %e214 = tensor.empty() : tensor<7x4xf32>
      %t215 = linalg.fill ins(%cst154 : f32) outs(%e214 : tensor<7x4xf32>) -> tensor<7x4xf32>
      %for217, %for217_1 = scf.for %iv216 = %c0 to %c2 step %c1 iter_args(%acc218 = %b196, %acc219 = %t215) -> (tensor<7x4xf32>, tensor<7x4xf32>) {
        %e220 = tensor.empty() : tensor<7x4xf32>
        %b221 = linalg.sub ins(%ins175, %ins175 : tensor<7x4xf32>, tensor<7x4xf32>) outs(%e220 : tensor<7x4xf32>) -> tensor<7x4xf32>
        scf.yield %acc219, %acc218 : tensor<7x4xf32>, tensor<7x4xf32>
      }
      %nk222 = arith.addi %wbk185, %one182 : i32
      scf.yield %for198, %nk222 : tensor<7x4xf32>, i32
    }
    %e223 = tensor.empty() : tensor<7x7xf32>
    %t224 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e223 : tensor<7x7xf32>) {
    ^bb0(%o225: f32):
      %i226 = linalg.index 0 : index
      %m227 = arith.muli %i226, %c1 : index
      %i228 = linalg.index 1 : index
      %m229 = arith.muli %i228, %c3 : index
      %a230 = arith.addi %m227, %m229 : index
      %r231 = arith.remui %a230, %c6 : index
      %n232 = arith.index_cast %r231 : index to i32
      %f233 = arith.sitofp %n232 : i32 to f32
      %y234 = arith.mulf %f233, %cst235 : f32
      linalg.yield %y234 : f32
    } -> tensor<7x7xf32>
    %e239 = tensor.empty() : tensor<4x8xf32>
    %t240 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e239 : tensor<4x8xf32>) {
    ^bb0(%o241: f32):
      %i242 = linalg.index 0 : index
      %m243 = arith.muli %i242, %c3 : index
      %i244 = linalg.index 1 : index
      %m245 = arith.muli %i244, %c4 : index
      %a246 = arith.addi %m243, %m245 : index
      %r247 = arith.remui %a246, %c6 : index
      %n248 = arith.index_cast %r247 : index to i32
      %f249 = arith.sitofp %n248 : i32 to f32
      %y250 = arith.mulf %f249, %cst251 : f32
      linalg.yield %y250 : f32
    } -> tensor<4x8xf32>
    %call252 = func.call @helper0(%for165, %t240, %t224, %cst251) : (tensor<7x4xf32>, tensor<4x8xf32>, tensor<7x7xf32>, f32) -> tensor<7x4xf32>
    %ob253 = tensor.extract %for165[%c0, %c3] : tensor<7x4xf32>
    %e255 = tensor.empty() : tensor<4x7xf32>
    %t256 = linalg.fill ins(%ob253 : f32) outs(%e255 : tensor<4x7xf32>) -> tensor<4x7xf32>
    %k257 = arith.constant dense<[[2.500000e-01, -1.000000e+00, -1.500000e+00, -2.000000e+00, -2.000000e+00, -2.000000e+00, 1.000000e+00, -1.000000e+00], [-5.000000e-01, -2.500000e-01, -2.500000e-01, -2.500000e-01, 3.000000e+00, 2.000000e+00, -2.000000e+00, 5.000000e-01], [3.000000e+00, -2.000000e+00, 1.500000e+00, 1.000000e+00, -2.000000e+00, -5.000000e-01, -5.000000e-01, 2.000000e+00], [-5.000000e-01, 2.500000e-01, 5.000000e-01, -1.500000e+00, -1.500000e+00, -1.500000e+00, 5.000000e-01, -5.000000e-01], [2.000000e+00, -1.000000e+00, -2.500000e-01, 3.000000e+00, -1.000000e+00, 2.000000e+00, 2.000000e+00, -1.500000e+00], [-2.000000e+00, 5.000000e-01, -1.000000e+00, -1.000000e+00, -2.500000e-01, -1.500000e+00, 1.500000e+00, 5.000000e-01], [-5.000000e-01, -1.500000e+00, -5.000000e-01, 3.000000e+00, 5.000000e-01, -1.000000e+00, -1.000000e+00, 1.000000e+00]]> : tensor<7x8xf32>
    %call258 = func.call @helper1(%t256, %k257) : (tensor<4x7xf32>, tensor<7x8xf32>) -> tensor<4x4xf32>
    %k261 = arith.constant dense<[[-2.000000e+00, 2.000000e+00, -1.500000e+00, -1.000000e+00], [1.500000e+00, -2.000000e+00, -2.500000e-01, -2.500000e-01], [2.500000e-01, 1.000000e+00, -5.000000e-01, 3.000000e+00], [1.000000e+00, 1.500000e+00, -2.000000e+00, -1.500000e+00], [5.000000e-01, 3.000000e+00, -1.500000e+00, -1.500000e+00], [5.000000e-01, -1.500000e+00, 1.500000e+00, 2.500000e-01], [-2.000000e+00, 3.000000e+00, 5.000000e-01, 1.500000e+00], [-2.500000e-01, 5.000000e-01, 2.500000e-01, 1.000000e+00]]> : tensor<8x4xf32>
    %d262 = tensor.cast %k261 : tensor<8x4xf32> to tensor<?x?xf32>
    %call263, %call263_1 = func.call @helper2(%d262, %cst203) : (tensor<?x?xf32>, f32) -> (tensor<4x3xf32>, tensor<?x?xf32>)
    %ob264 = tensor.extract %d262[%c4, %c0] : tensor<?x?xf32>
    %e274 = tensor.empty() : tensor<f32>
    %z275 = linalg.fill ins(%cst273 : f32) outs(%e274 : tensor<f32>) -> tensor<f32>
    %sum276 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%call258 : tensor<4x4xf32>) outs(%z275 : tensor<f32>) {
    ^bb0(%x277: f32, %o278: f32):
      %p279 = arith.addf %x277, %o278 : f32
      linalg.yield %p279 : f32
    } -> tensor<f32>
    %e281 = tensor.empty() : tensor<f32>
    %z282 = linalg.fill ins(%cst273 : f32) outs(%e281 : tensor<f32>) -> tensor<f32>
    %sum283 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%k257 : tensor<7x8xf32>) outs(%z282 : tensor<f32>) {
    ^bb0(%x284: f32, %o285: f32):
      %p286 = arith.addf %x284, %o285 : f32
      linalg.yield %p286 : f32
    } -> tensor<f32>
    func.return %ob264 : f32
  }
}
