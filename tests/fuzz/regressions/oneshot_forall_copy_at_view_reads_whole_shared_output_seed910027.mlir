// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: finding:data-race
// detail: data-race: memref.copy reads element 0 of heap buffer #17 (memref.alloc at @helper0, op #26 (in walk order)), which another iteration of a parallel loop writes [memref.copy at @helper0, op #31 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 150 --seed 910000 --pipeline comprehensive-bufferize --features +adversarial (seed 910027)
// status: fixed (analysis/one_shot_analysis.py: no copy at a view in a parallel region; the conflict is resolved at the write, which copies the view only)
// generated: seed=910027 kind=tensor boundaries=True
func.func @helper0(%arg1: tensor<4xf32>, %arg2: f32) -> (tensor<4xf32>) {
  %cst6 = arith.constant -0.5 : f32
  %c0_7 = arith.constant 0 : index
  %c1_13 = arith.constant 1 : index
  %c3_29 = arith.constant 3 : index
  %c9_32 = arith.constant 9 : index
  %cst37 = arith.constant -2.0 : f32
  %cst39 = arith.constant 2.0 : f32
  %c5_43 = arith.constant 5 : index
  %c7_46 = arith.constant 7 : index
  %cst51 = arith.constant 1.0 : f32
  %cst61 = arith.constant -1.5 : f32
  %zi79 = arith.constant 0 : i32
  %lim80 = arith.constant 1 : i32
  %c4_93 = arith.constant 4 : index
  %c2_104 = arith.constant 2 : index
  %c8_110 = arith.constant 8 : index
  %cst127 = arith.constant 0.5 : f32
  %cst142 = arith.constant -0.25 : f32
  %w3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%arg1 : tensor<4xf32>) {
  ^bb0(%o4: f32):
    %p5 = arith.addf %o4, %cst6 : f32
    linalg.yield %p5 : f32
  } -> tensor<4xf32>
  %ob7 = tensor.extract %w3[%c0_7] : tensor<4xf32>
  %k9 = arith.constant dense<[0.5, 3.0, -1.5, 2.0]> : tensor<4xf32>
  %fa12 = scf.forall (%fi10) in (4) shared_outs(%so11 = %k9) -> (tensor<4xf32>) {
    %off13 = arith.muli %fi10, %c1_13 : index
    %tile15 = tensor.extract_slice %so11[%off13] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %w16 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%w3 : tensor<4xf32>) {
    ^bb0(%o17: f32):
      %p18 = arith.addf %o17, %cst6 : f32
      linalg.yield %p18 : f32
    } -> tensor<4xf32>
    %ob19 = tensor.extract %w16[%c0_7] : tensor<4xf32>
    %ins20 = tensor.insert %ob19 into %tile15[%c0_7] : tensor<1xf32>
    %b21 = linalg.mul ins(%w3, %arg1 : tensor<4xf32>, tensor<4xf32>) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
    %fa24 = scf.forall (%fi22) in (1) shared_outs(%so23 = %ins20) -> (tensor<1xf32>) {
      %off25 = arith.muli %fi22, %c1_13 : index
      %at26 = bufferization.alloc_tensor() : tensor<1xf32>
      %t27 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%at26 : tensor<1xf32>) {
      ^bb0(%o28: f32):
        %i29 = linalg.index 0 : index
        %m31 = arith.muli %i29, %c3_29 : index
        %r32 = arith.remui %m31, %c9_32 : index
        %n34 = arith.index_cast %r32 : index to i32
        %f35 = arith.sitofp %n34 : i32 to f32
        %y36 = arith.mulf %f35, %cst37 : f32
        linalg.yield %y36 : f32
      } -> tensor<1xf32>
      %t38 = linalg.fill ins(%cst39 : f32) outs(%t27 : tensor<1xf32>) -> tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %t38 into %so23[%off25] [1] [1] : tensor<1xf32> into tensor<1xf32>
      }
    }
    %e40 = tensor.empty() : tensor<1xf32>
    %t41 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e40 : tensor<1xf32>) {
    ^bb0(%o42: f32):
      %i43 = linalg.index 0 : index
      %m45 = arith.muli %i43, %c5_43 : index
      %r46 = arith.remui %m45, %c7_46 : index
      %n48 = arith.index_cast %r46 : index to i32
      %f49 = arith.sitofp %n48 : i32 to f32
      %y50 = arith.mulf %f49, %cst51 : f32
      linalg.yield %y50 : f32
    } -> tensor<1xf32>
    %e52 = tensor.empty() : tensor<1xf32>
    %t53 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e52 : tensor<1xf32>) {
    ^bb0(%o54: f32):
      %i55 = linalg.index 0 : index
      %m56 = arith.muli %i55, %c1_13 : index
      %r57 = arith.remui %m56, %c9_32 : index
      %n58 = arith.index_cast %r57 : index to i32
      %f59 = arith.sitofp %n58 : i32 to f32
      %y60 = arith.mulf %f59, %cst61 : f32
      linalg.yield %y60 : f32
    } -> tensor<1xf32>
    %mat62 = bufferization.materialize_in_destination %t41 in %t53 : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mat62 into %so11[%off13] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  %cond63 = arith.cmpi slt, %c0_7, %c0_7 : index
  %if64 = scf.if %cond63 -> (tensor<4xf32>) {
    scf.yield %k9 : tensor<4xf32>
    } else {
    scf.yield %fa12 : tensor<4xf32>
  }
  %g65 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%k9, %k9 : tensor<4xf32>, tensor<4xf32>) outs(%k9 : tensor<4xf32>) {
  ^bb0(%x66: f32, %y67: f32, %o68: f32):
    %p69 = arith.mulf %x66, %y67 : f32
    %q70 = arith.addf %p69, %o68 : f32
    linalg.yield %q70 : f32
  } -> tensor<4xf32>
  %g71 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%k9 : tensor<4xf32>) outs(%if64 : tensor<4xf32>) {
  ^bb0(%x72: f32, %o73: f32):
    %p74 = arith.subf %x72, %o73 : f32
    %p75 = arith.subf %p74, %ob7 : f32
    linalg.yield %p75 : f32
  } -> tensor<4xf32>
  %wh76:2 = scf.while (%wa77 = %fa12, %wk78 = %zi79) : (tensor<4xf32>, i32) -> (tensor<4xf32>, i32) {
    %go81 = arith.cmpi slt, %wk78, %lim80 : i32
    scf.condition(%go81) %wa77, %wk78 : tensor<4xf32>, i32
  } do {
  ^bb0(%wb82: tensor<4xf32>, %wbk83: i32):
    %w84 = linalg.copy ins(%g65 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
    %b85 = linalg.add ins(%w84, %wb82 : tensor<4xf32>, tensor<4xf32>) outs(%wb82 : tensor<4xf32>) -> tensor<4xf32>
    %w86 = tensor.insert %ob7 into %g71[%c0_7] : tensor<4xf32>
    %b87 = linalg.add ins(%w86, %b85 : tensor<4xf32>, tensor<4xf32>) outs(%b85 : tensor<4xf32>) -> tensor<4xf32>
    %e88 = tensor.empty() : tensor<4x4xf32>
    %t89 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e88 : tensor<4x4xf32>) {
    ^bb0(%o90: f32):
      %i91 = linalg.index 0 : index
      %m92 = arith.muli %i91, %c1_13 : index
      %i93 = linalg.index 1 : index
      %m95 = arith.muli %i93, %c4_93 : index
      %a96 = arith.addi %m92, %m95 : index
      %r97 = arith.remui %a96, %c4_93 : index
      %n98 = arith.index_cast %r97 : index to i32
      %f99 = arith.sitofp %n98 : i32 to f32
      %y100 = arith.mulf %f99, %cst6 : f32
      linalg.yield %y100 : f32
    } -> tensor<4x4xf32>
    %at101 = bufferization.alloc_tensor() : tensor<4x8xf32>
    %t102 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%at101 : tensor<4x8xf32>) {
    ^bb0(%o103: f32):
      %i104 = linalg.index 0 : index
      %m106 = arith.muli %i104, %c2_104 : index
      %i107 = linalg.index 1 : index
      %m108 = arith.muli %i107, %c3_29 : index
      %a109 = arith.addi %m106, %m108 : index
      %r110 = arith.remui %a109, %c8_110 : index
      %n112 = arith.index_cast %r110 : index to i32
      %f113 = arith.sitofp %n112 : i32 to f32
      %y114 = arith.mulf %f113, %cst6 : f32
      linalg.yield %y114 : f32
    } -> tensor<4x8xf32>
    %e115 = tensor.empty() : tensor<8x4xf32>
    %t116 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e115 : tensor<8x4xf32>) {
    ^bb0(%o117: f32):
      %i118 = linalg.index 0 : index
      %m119 = arith.muli %i118, %c3_29 : index
      %i120 = linalg.index 1 : index
      %m121 = arith.muli %i120, %c2_104 : index
      %a122 = arith.addi %m119, %m121 : index
      %r123 = arith.remui %a122, %c9_32 : index
      %n124 = arith.index_cast %r123 : index to i32
      %f125 = arith.sitofp %n124 : i32 to f32
      %y126 = arith.mulf %f125, %cst127 : f32
      linalg.yield %y126 : f32
    } -> tensor<8x4xf32>
    %mm128 = linalg.matmul ins(%t102, %t116 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%t89 : tensor<4x4xf32>) -> tensor<4x4xf32>
    %nk129 = arith.addi %wbk83, %lim80 : i32
    scf.yield %w86, %nk129 : tensor<4xf32>, i32
  }
  %e130 = tensor.empty() : tensor<8x2xf32>
  %t131 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e130 : tensor<8x2xf32>) {
  ^bb0(%o132: f32):
    %i133 = linalg.index 0 : index
    %m134 = arith.muli %i133, %c3_29 : index
    %i135 = linalg.index 1 : index
    %m136 = arith.muli %i135, %c4_93 : index
    %a137 = arith.addi %m134, %m136 : index
    %r138 = arith.remui %a137, %c3_29 : index
    %n139 = arith.index_cast %r138 : index to i32
    %f140 = arith.sitofp %n139 : i32 to f32
    %y141 = arith.mulf %f140, %cst142 : f32
    linalg.yield %y141 : f32
  } -> tensor<8x2xf32>
  %b143 = linalg.sub ins(%t131, %t131 : tensor<8x2xf32>, tensor<8x2xf32>) outs(%t131 : tensor<8x2xf32>) -> tensor<8x2xf32>
  func.return %g65 : tensor<4xf32>
}

func.func private @helper1(%arg144: tensor<2x4xf32> {bufferization.writable = true}, %arg145: tensor<4x2xf32>, %arg146: tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4x2xf32>) {
  %cst149 = arith.constant 0.25 : f32
  %c0_152 = arith.constant 0 : index
  %c2_153 = arith.constant 2 : index
  %c1_154 = arith.constant 1 : index
  %cst162 = arith.constant -2.0 : f32
  %c3_166 = arith.constant 3 : index
  %c9_169 = arith.constant 9 : index
  %cst174 = arith.constant 1.5 : f32
  %cst175 = arith.constant 0.5 : f32
  %cst178 = arith.constant -1.5 : f32
  %zi189 = arith.constant 0 : i32
  %lim190 = arith.constant 3 : i32
  %one191 = arith.constant 1 : i32
  %cst196 = arith.constant -0.5 : f32
  %e147 = tensor.empty() : tensor<4x2xf32>
  %t148 = linalg.fill ins(%cst149 : f32) outs(%e147 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %for151 = scf.for %iv150 = %c0_152 to %c2_153 step %c1_154 iter_args(%acc152 = %t148) -> (tensor<4x2xf32>) {
    %g156 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg145, %arg145 : tensor<4x2xf32>, tensor<4x2xf32>) outs(%arg145 : tensor<4x2xf32>) {
    ^bb0(%x157: f32, %x158: f32, %o159: f32):
      %p160 = arith.addf %x157, %x158 : f32
      %p161 = arith.subf %p160, %cst162 : f32
      linalg.yield %p161 : f32
    } -> tensor<4x2xf32>
    scf.yield %acc152 : tensor<4x2xf32>
  }
  %e163 = tensor.empty() : tensor<4xf32>
  %t164 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e163 : tensor<4xf32>) {
  ^bb0(%o165: f32):
    %i166 = linalg.index 0 : index
    %m168 = arith.muli %i166, %c3_166 : index
    %r169 = arith.remui %m168, %c9_169 : index
    %n171 = arith.index_cast %r169 : index to i32
    %f172 = arith.sitofp %n171 : i32 to f32
    %y173 = arith.mulf %f172, %cst174 : f32
    linalg.yield %y173 : f32
  } -> tensor<4xf32>
  %call176 = func.call @helper0(%t164, %cst175) : (tensor<4xf32>, f32) -> (tensor<4xf32>)
  %ins177 = tensor.insert %cst178 into %t164[%c3_166] : tensor<4xf32>
  %for180 = scf.for %iv179 = %c0_152 to %c2_153 step %c1_154 iter_args(%acc181 = %arg145) -> (tensor<4x2xf32>) {
    %cond182 = arith.cmpi slt, %c1_154, %c2_153 : index
    %if183 = scf.if %cond182 -> (tensor<4x2xf32>) {
      scf.yield %for151 : tensor<4x2xf32>
      } else {
      %tr184 = linalg.transpose ins(%for151 : tensor<4x2xf32>) outs(%arg144 : tensor<2x4xf32>) permutation = [1, 0]
      scf.yield %for151 : tensor<4x2xf32>
    }
    %t185 = linalg.fill ins(%cst175 : f32) outs(%acc181 : tensor<4x2xf32>) -> tensor<4x2xf32>
    %wh186:2 = scf.while (%wa187 = %t185, %wk188 = %zi189) : (tensor<4x2xf32>, i32) -> (tensor<4x2xf32>, i32) {
      %go192 = arith.cmpi slt, %wk188, %lim190 : i32
      scf.condition(%go192) %wa187, %wk188 : tensor<4x2xf32>, i32
    } do {
    ^bb0(%wb193: tensor<4x2xf32>, %wbk194: i32):
      %w195 = linalg.fill ins(%cst196 : f32) outs(%t185 : tensor<4x2xf32>) -> tensor<4x2xf32>
      %b197 = linalg.add ins(%w195, %wb193 : tensor<4x2xf32>, tensor<4x2xf32>) outs(%wb193 : tensor<4x2xf32>) -> tensor<4x2xf32>
      %nk198 = arith.addi %wbk194, %one191 : i32
      scf.yield %b197, %nk198 : tensor<4x2xf32>, i32
    }
    scf.yield %wh186#0 : tensor<4x2xf32>
  }
  %g199 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg145, %arg145 : tensor<4x2xf32>, tensor<4x2xf32>) outs(%for180 : tensor<4x2xf32>) {
  ^bb0(%x200: f32, %x201: f32, %o202: f32):
    %p203 = arith.mulf %x200, %x201 : f32
    %p204 = arith.minimumf %p203, %o202 : f32
    linalg.yield %p204 : f32
  } -> tensor<4x2xf32>
  func.return %call176, %arg145 : tensor<4xf32>, tensor<4x2xf32>
}

func.func @helper2(%arg205: tensor<4xf32>, %arg206: tensor<4xf32>, %arg207: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4xf32>) {
  %cst211 = arith.constant -1.5 : f32
  %c1_212 = arith.constant 1 : index
  %c0_214 = arith.constant 0 : index
  %c4_215 = arith.constant 4 : index
  %c2_216 = arith.constant 2 : index
  %cst228 = arith.constant 0.25 : f32
  %w208 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%arg205 : tensor<4xf32>) {
  ^bb0(%o209: f32):
    %p210 = arith.addf %o209, %cst211 : f32
    linalg.yield %p210 : f32
  } -> tensor<4xf32>
  %ob212 = tensor.extract %w208[%c1_212] : tensor<4xf32>
  %s214 = tensor.extract %arg207[%c1_212, %c1_212] : tensor<4x2xf32>
  %sl218 = tensor.extract_slice %arg207[%c0_214, 0] [%c4_215, %c2_216] [1, 1] : tensor<4x2xf32> to tensor<?x?xf32>
  %e219 = tensor.empty() : tensor<4xf32>
  %t220 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e219 : tensor<4xf32>) {
  ^bb0(%o221: f32):
    %i222 = linalg.index 0 : index
    %m223 = arith.muli %i222, %c1_212 : index
    %r224 = arith.remui %m223, %c4_215 : index
    %n225 = arith.index_cast %r224 : index to i32
    %f226 = arith.sitofp %n225 : i32 to f32
    %y227 = arith.mulf %f226, %cst228 : f32
    linalg.yield %y227 : f32
  } -> tensor<4xf32>
  %e229 = tensor.empty() : tensor<4xf32>
  %mat230 = bufferization.materialize_in_destination %t220 in %e229 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %arg207, %mat230 : tensor<4x2xf32>, tensor<4xf32>
}

func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %cst233 = arith.constant -0.5 : f32
  %c3_238 = arith.constant 3 : index
  %c7_241 = arith.constant 7 : index
  %cst246 = arith.constant -1.5 : f32
  %c6_247 = arith.constant 6 : index
  %c0_248 = arith.constant 0 : index
  %c4_249 = arith.constant 4 : index
  %cst254 = arith.constant 3.0 : f32
  %c1_267 = arith.constant 1 : index
  %cst277 = arith.constant -0.25 : f32
  %c5_288 = arith.constant 5 : index
  %cst293 = arith.constant 2.0 : f32
  %c2_298 = arith.constant 2 : index
  %cst306 = arith.constant 0.0 : f32
  %e231 = tensor.empty() : tensor<8x4xf32>
  %t232 = linalg.fill ins(%cst233 : f32) outs(%e231 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %at234 = bufferization.alloc_tensor() copy(%t232) : tensor<8x4xf32>
  %at235 = bufferization.alloc_tensor() : tensor<8xf32>
  %t236 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%at235 : tensor<8xf32>) {
  ^bb0(%o237: f32):
    %i238 = linalg.index 0 : index
    %m240 = arith.muli %i238, %c3_238 : index
    %r241 = arith.remui %m240, %c7_241 : index
    %n243 = arith.index_cast %r241 : index to i32
    %f244 = arith.sitofp %n243 : i32 to f32
    %y245 = arith.mulf %f244, %cst246 : f32
    linalg.yield %y245 : f32
  } -> tensor<8xf32>
  %b247 = linalg.add ins(%t236, %t236 : tensor<8xf32>, tensor<8xf32>) outs(%t236 : tensor<8xf32>) -> tensor<8xf32>
  %sl251 = tensor.extract_slice %at234[1, %c0_248] [%c6_247, %c4_249] [1, 1] : tensor<8x4xf32> to tensor<?x?xf32>
  %e252 = tensor.empty() : tensor<6x4xf32>
  %t253 = linalg.fill ins(%cst254 : f32) outs(%e252 : tensor<6x4xf32>) -> tensor<6x4xf32>
  %d255 = tensor.cast %t253 : tensor<6x4xf32> to tensor<?x?xf32>
  %t256 = linalg.fill ins(%cst246 : f32) outs(%d255 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %g257 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t256, %t256 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%t256 : tensor<?x?xf32>) {
  ^bb0(%x258: f32, %x259: f32, %o260: f32):
    %p261 = arith.addf %x258, %x259 : f32
    %p262 = arith.minimumf %p261, %o260 : f32
    linalg.yield %p262 : f32
  } -> tensor<?x?xf32>
  %is263 = tensor.insert_slice %g257 into %at234[1, %c0_248] [%c6_247, %c4_249] [1, 1] : tensor<?x?xf32> into tensor<8x4xf32>
  %e264 = tensor.empty() : tensor<2x4xf32>
  %t265 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e264 : tensor<2x4xf32>) {
  ^bb0(%o266: f32):
    %i267 = linalg.index 0 : index
    %m269 = arith.muli %i267, %c1_267 : index
    %i270 = linalg.index 1 : index
    %m271 = arith.muli %i270, %c1_267 : index
    %a272 = arith.addi %m269, %m271 : index
    %r273 = arith.remui %a272, %c6_247 : index
    %n274 = arith.index_cast %r273 : index to i32
    %f275 = arith.sitofp %n274 : i32 to f32
    %y276 = arith.mulf %f275, %cst277 : f32
    linalg.yield %y276 : f32
  } -> tensor<2x4xf32>
  %e278 = tensor.empty() : tensor<4x2xf32>
  %t279 = linalg.fill ins(%cst254 : f32) outs(%e278 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %k280 = arith.constant dense<[[-1.5, -0.5, 0.5, -0.5], [-0.5, 1.5, 0.25, -1.0], [-2.0, 2.0, 1.0, 0.5], [1.5, -0.25, -0.5, 1.0]]> : tensor<4x4xf32>
  %call281:2 = func.call @helper1(%t265, %t279, %k280) : (tensor<2x4xf32>, tensor<4x2xf32>, tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4x2xf32>)
  %ob282 = tensor.extract %t265[%c1_267, %c3_238] : tensor<2x4xf32>
  %at283 = bufferization.alloc_tensor() : tensor<4xf32>
  %t284 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%at283 : tensor<4xf32>) {
  ^bb0(%o285: f32):
    %i286 = linalg.index 0 : index
    %m287 = arith.muli %i286, %c1_267 : index
    %r288 = arith.remui %m287, %c5_288 : index
    %n290 = arith.index_cast %r288 : index to i32
    %f291 = arith.sitofp %n290 : i32 to f32
    %y292 = arith.mulf %f291, %cst293 : f32
    linalg.yield %y292 : f32
  } -> tensor<4xf32>
  %call294:2 = func.call @helper2(%call281#0, %t284, %t279) : (tensor<4xf32>, tensor<4xf32>, tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4xf32>)
  %ob295 = tensor.extract %call281#0[%c3_238] : tensor<4xf32>
  %ob296 = tensor.extract %t284[%c0_248] : tensor<4xf32>
  %r297 = tensor.extract %t232[%c7_241, %c1_267] : tensor<8x4xf32>
  %r298 = tensor.extract %at234[%c5_288, %c2_298] : tensor<8x4xf32>
  %r300 = tensor.extract %t236[%c5_288] : tensor<8xf32>
  %r301 = tensor.extract %call294#0[%c1_267, %c1_267] : tensor<4x2xf32>
  %r302 = tensor.extract %t256[%c5_288, %c1_267] : tensor<?x?xf32>
  %r303 = tensor.extract %d255[%c1_267, %c2_298] : tensor<?x?xf32>
  %r304 = tensor.extract %t284[%c3_238] : tensor<4xf32>
  %r305 = tensor.extract %t279[%c1_267, %c1_267] : tensor<4x2xf32>
  %e307 = tensor.empty() : tensor<f32>
  %z308 = linalg.fill ins(%cst306 : f32) outs(%e307 : tensor<f32>) -> tensor<f32>
  %sum309 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%k280 : tensor<4x4xf32>) outs(%z308 : tensor<f32>) {
  ^bb0(%x310: f32, %o311: f32):
    %p312 = arith.addf %x310, %o311 : f32
    linalg.yield %p312 : f32
  } -> tensor<f32>
  %cs313 = tensor.extract %sum309[] : tensor<f32>
  %e314 = tensor.empty() : tensor<f32>
  %z315 = linalg.fill ins(%cst306 : f32) outs(%e314 : tensor<f32>) -> tensor<f32>
  %sum316 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%call281#1 : tensor<4x2xf32>) outs(%z315 : tensor<f32>) {
  ^bb0(%x317: f32, %o318: f32):
    %p319 = arith.addf %x317, %o318 : f32
    linalg.yield %p319 : f32
  } -> tensor<f32>
  %cs320 = tensor.extract %sum316[] : tensor<f32>
  func.return %r297, %r298, %r300, %r301, %r302, %r303, %r304, %r305, %cs313, %cs320, %ob282, %ob295, %ob296 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
