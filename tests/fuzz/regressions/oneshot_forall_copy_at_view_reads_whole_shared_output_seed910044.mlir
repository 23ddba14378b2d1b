// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: comprehensive-bufferize
// kind: finding:data-race
// detail: data-race: memref.copy reads element 0 of heap buffer #20 (memref.alloc at @helper0, op #17 (in walk order)), which another iteration of a parallel loop writes [memref.copy at @helper0, op #46 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 150 --seed 910000 --pipeline comprehensive-bufferize --features +adversarial (seed 910044)
// status: fixed (analysis/one_shot_analysis.py: no copy at a view in a parallel region; the conflict is resolved at the write, which copies the view only)
// generated: seed=910044 kind=tensor boundaries=True
func.func private @helper0(%arg1: tensor<5x7xf32> {bufferization.writable = true}) -> (tensor<7x5xf32>, tensor<7x5xf32>) {
  %cst3 = arith.constant 1.5 : f32
  %c2_3 = arith.constant 2 : index
  %c6_4 = arith.constant 6 : index
  %c4_7 = arith.constant 4 : index
  %c3_8 = arith.constant 3 : index
  %cst19 = arith.constant 0.5 : f32
  %cst22 = arith.constant -0.25 : f32
  %cst30 = arith.constant -0.5 : f32
  %c0_30 = arith.constant 0 : index
  %c1_36 = arith.constant 1 : index
  %c5_46 = arith.constant 5 : index
  %c7_52 = arith.constant 7 : index
  %cst59 = arith.constant -1.5 : f32
  %w2 = tensor.insert %cst3 into %arg1[%c2_3, %c6_4] : tensor<5x7xf32>
  %e6 = tensor.empty() : tensor<7x5xf32>
  %tr7 = linalg.transpose ins(%arg1 : tensor<5x7xf32>) outs(%e6 : tensor<7x5xf32>) permutation = [1, 0]
  %sl10 = tensor.extract_slice %tr7[3, 2] [%c4_7, %c3_8] [1, 1] : tensor<7x5xf32> to tensor<?x?xf32>
  %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w2, %arg1 : tensor<5x7xf32>, tensor<5x7xf32>) outs(%arg1 : tensor<5x7xf32>) {
  ^bb0(%x12: f32, %x13: f32, %o14: f32):
    %p15 = arith.minimumf %x12, %x13 : f32
    %p16 = arith.mulf %p15, %o14 : f32
    linalg.yield %p16 : f32
  } -> tensor<5x7xf32>
  %at17 = bufferization.alloc_tensor() : tensor<5x2xf32>
  %t18 = linalg.fill ins(%cst19 : f32) outs(%at17 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %at20 = bufferization.alloc_tensor() : tensor<5x2xf32>
  %t21 = linalg.fill ins(%cst22 : f32) outs(%at20 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %g23 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t18, %t21 : tensor<5x2xf32>, tensor<5x2xf32>) outs(%t21 : tensor<5x2xf32>) {
  ^bb0(%x24: f32, %x25: f32, %o26: f32):
    %p27 = arith.addf %x24, %x25 : f32
    %p28 = arith.subf %p27, %o26 : f32
    linalg.yield %p28 : f32
  } -> tensor<5x2xf32>
  %ins29 = tensor.insert %cst30 into %g11[%c0_30, %c4_7] : tensor<5x7xf32>
  %s32 = tensor.extract %arg1[%c4_7, %c3_8] : tensor<5x7xf32>
  %fa35 = scf.forall (%fi33) in (7) shared_outs(%so34 = %tr7) -> (tensor<7x5xf32>) {
    %off36 = arith.muli %fi33, %c1_36 : index
    %tile38 = tensor.extract_slice %so34[%off36, 0] [1, 5] [1, 1] : tensor<7x5xf32> to tensor<1x5xf32>
    %w39 = linalg.fill ins(%s32 : f32) outs(%g11 : tensor<5x7xf32>) -> tensor<5x7xf32>
    %ob40 = tensor.extract %w39[%c0_30, %c3_8] : tensor<5x7xf32>
    %ins41 = tensor.insert %ob40 into %tile38[%c0_30, %c1_36] : tensor<1x5xf32>
    %s42 = tensor.extract %t18[%c1_36, %c1_36] : tensor<5x2xf32>
    %e43 = tensor.empty() : tensor<1x5xf32>
    %t44 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e43 : tensor<1x5xf32>) {
    ^bb0(%o45: f32):
      %i46 = linalg.index 0 : index
      %m48 = arith.muli %i46, %c5_46 : index
      %i49 = linalg.index 1 : index
      %m50 = arith.muli %i49, %c3_8 : index
      %a51 = arith.addi %m48, %m50 : index
      %r52 = arith.remui %a51, %c7_52 : index
      %n54 = arith.index_cast %r52 : index to i32
      %f55 = arith.sitofp %n54 : i32 to f32
      %y56 = arith.mulf %f55, %cst30 : f32
      linalg.yield %y56 : f32
    } -> tensor<1x5xf32>
    %e57 = tensor.empty() : tensor<1x5xf32>
    %t58 = linalg.fill ins(%cst59 : f32) outs(%e57 : tensor<1x5xf32>) -> tensor<1x5xf32>
    %mat60 = bufferization.materialize_in_destination %t44 in %t58 : (tensor<1x5xf32>, tensor<1x5xf32>) -> tensor<1x5xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %mat60 into %so34[%off36, 0] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<7x5xf32>
    }
  }
  %ob61 = tensor.extract %g11[%c0_30, %c2_3] : tensor<5x7xf32>
  %ins62 = tensor.insert %ob61 into %fa35[%c2_3, %c2_3] : tensor<7x5xf32>
  func.return %ins62, %ins62 : tensor<7x5xf32>, tensor<7x5xf32>
}

func.func private @helper1(%arg63: tensor<5x2xf32>) -> (tensor<5x2xf32>) {
  %c0_66 = arith.constant 0 : index
  %c1_67 = arith.constant 1 : index
  %cst77 = arith.constant 1.5 : f32
  %cst82 = arith.constant 0.5 : f32
  %c3_82 = arith.constant 3 : index
  %cst86 = arith.constant -0.5 : f32
  %c5_90 = arith.constant 5 : index
  %c7_96 = arith.constant 7 : index
  %cst101 = arith.constant 1.0 : f32
  %cst109 = arith.constant -1.5 : f32
  %cst122 = arith.constant -2.0 : f32
  %cst129 = arith.constant -1.0 : f32
  %c2_133 = arith.constant 2 : index
  %c8_139 = arith.constant 8 : index
  %cst144 = arith.constant 3.0 : f32
  %c6_146 = arith.constant 6 : index
  %cst155 = arith.constant 0.25 : f32
  %c4_156 = arith.constant 4 : index
  %zi194 = arith.constant 0 : i32
  %lim195 = arith.constant 2 : i32
  %one196 = arith.constant 1 : i32
  %for65 = scf.for %iv64 = %c0_66 to %c1_67 step %c1_67 iter_args(%acc66 = %arg63) -> (tensor<5x2xf32>) {
    %at69 = bufferization.alloc_tensor() copy(%arg63) : tensor<5x2xf32>
    %cp70 = linalg.copy ins(%arg63 : tensor<5x2xf32>) outs(%at69 : tensor<5x2xf32>) -> tensor<5x2xf32>
    scf.yield %acc66 : tensor<5x2xf32>
  }
  %g71 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%for65, %for65 : tensor<5x2xf32>, tensor<5x2xf32>) outs(%for65 : tensor<5x2xf32>) {
  ^bb0(%x72: f32, %x73: f32, %o74: f32):
    %p75 = arith.addf %x72, %x73 : f32
    %p76 = arith.subf %p75, %cst77 : f32
    linalg.yield %p76 : f32
  } -> tensor<5x2xf32>
  %cond78 = arith.cmpi slt, %c0_66, %c0_66 : index
  %if79 = scf.if %cond78 -> (tensor<5x2xf32>) {
    scf.yield %arg63 : tensor<5x2xf32>
    } else {
    %cp80 = linalg.copy ins(%g71 : tensor<5x2xf32>) outs(%g71 : tensor<5x2xf32>) -> tensor<5x2xf32>
    %ins81 = tensor.insert %cst82 into %arg63[%c3_82, %c0_66] : tensor<5x2xf32>
    scf.yield %for65 : tensor<5x2xf32>
  }
  %at84 = bufferization.alloc_tensor() : tensor<5x5xf32>
  %t85 = linalg.fill ins(%cst86 : f32) outs(%at84 : tensor<5x5xf32>) -> tensor<5x5xf32>
  %e87 = tensor.empty() : tensor<5x5xf32>
  %t88 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e87 : tensor<5x5xf32>) {
  ^bb0(%o89: f32):
    %i90 = linalg.index 0 : index
    %m92 = arith.muli %i90, %c5_90 : index
    %i93 = linalg.index 1 : index
    %m94 = arith.muli %i93, %c1_67 : index
    %a95 = arith.addi %m92, %m94 : index
    %r96 = arith.remui %a95, %c7_96 : index
    %n98 = arith.index_cast %r96 : index to i32
    %f99 = arith.sitofp %n98 : i32 to f32
    %y100 = arith.mulf %f99, %cst101 : f32
    linalg.yield %y100 : f32
  } -> tensor<5x5xf32>
  %g102 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t85, %t88 : tensor<5x5xf32>, tensor<5x5xf32>) outs(%t88 : tensor<5x5xf32>) {
  ^bb0(%x103: f32, %x104: f32, %o105: f32):
    %p106 = arith.addf %x103, %x104 : f32
    %p107 = arith.addf %p106, %o105 : f32
    %p108 = arith.addf %p107, %cst109 : f32
    linalg.yield %p108 : f32
  } -> tensor<5x5xf32>
  %e110 = tensor.empty() : tensor<5x5xf32>
  %t111 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e110 : tensor<5x5xf32>) {
  ^bb0(%o112: f32):
    %i113 = linalg.index 0 : index
    %m114 = arith.muli %i113, %c5_90 : index
    %i115 = linalg.index 1 : index
    %m116 = arith.muli %i115, %c1_67 : index
    %a117 = arith.addi %m114, %m116 : index
    %r118 = arith.remui %a117, %c5_90 : index
    %n119 = arith.index_cast %r118 : index to i32
    %f120 = arith.sitofp %n119 : i32 to f32
    %y121 = arith.mulf %f120, %cst122 : f32
    linalg.yield %y121 : f32
  } -> tensor<5x5xf32>
  %b123 = linalg.mul ins(%t85, %t111 : tensor<5x5xf32>, tensor<5x5xf32>) outs(%t111 : tensor<5x5xf32>) -> tensor<5x5xf32>
  %g124 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b123 : tensor<5x5xf32>) outs(%t85 : tensor<5x5xf32>) {
  ^bb0(%x125: f32, %o126: f32):
    %p127 = arith.subf %x125, %o126 : f32
    %p128 = arith.mulf %p127, %cst129 : f32
    linalg.yield %p128 : f32
  } -> tensor<5x5xf32>
  %e130 = tensor.empty() : tensor<5x7xf32>
  %t131 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e130 : tensor<5x7xf32>) {
  ^bb0(%o132: f32):
    %i133 = linalg.index 0 : index
    %m135 = arith.muli %i133, %c2_133 : index
    %i136 = linalg.index 1 : index
    %m137 = arith.muli %i136, %c1_67 : index
    %a138 = arith.addi %m135, %m137 : index
    %r139 = arith.remui %a138, %c8_139 : index
    %n141 = arith.index_cast %r139 : index to i32
    %f142 = arith.sitofp %n141 : i32 to f32
    %y143 = arith.mulf %f142, %cst144 : f32
    linalg.yield %y143 : f32
  } -> tensor<5x7xf32>
  %call145:2 = func.call @helper0(%t131) : (tensor<5x7xf32>) -> (tensor<7x5xf32>, tensor<7x5xf32>)
  %ob146 = tensor.extract %t131[%c1_67, %c6_146] : tensor<5x7xf32>
  %for149:2 = scf.for %iv148 = %c0_66 to %c2_133 step %c1_67 iter_args(%acc150 = %call145#0, %acc151 = %call145#0) -> (tensor<7x5xf32>, tensor<7x5xf32>) {
    %w152 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%g102 : tensor<5x5xf32>) {
    ^bb0(%o153: f32):
      %p154 = arith.addf %o153, %cst155 : f32
      linalg.yield %p154 : f32
    } -> tensor<5x5xf32>
    %ob156 = tensor.extract %w152[%c4_156, %c4_156] : tensor<5x5xf32>
    %ins158 = tensor.insert %ob156 into %acc150[%c4_156, %c0_66] : tensor<7x5xf32>
    %e159 = tensor.empty() : tensor<5x2xf32>
    %t160 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e159 : tensor<5x2xf32>) {
    ^bb0(%o161: f32):
      %i162 = linalg.index 0 : index
      %m163 = arith.muli %i162, %c3_82 : index
      %i164 = linalg.index 1 : index
      %m165 = arith.muli %i164, %c4_156 : index
      %a166 = arith.addi %m163, %m165 : index
      %r167 = arith.remui %a166, %c7_96 : index
      %n168 = arith.index_cast %r167 : index to i32
      %f169 = arith.sitofp %n168 : i32 to f32
      %y170 = arith.mulf %f169, %cst129 : f32
      linalg.yield %y170 : f32
    } -> tensor<5x2xf32>
    %g171 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t160, %if79 : tensor<5x2xf32>, tensor<5x2xf32>) outs(%t160 : tensor<5x2xf32>) {
    ^bb0(%x172: f32, %x173: f32, %o174: f32):
      %p175 = arith.addf %x172, %x173 : f32
      %p176 = arith.subf %p175, %o174 : f32
      linalg.yield %p176 : f32
    } -> tensor<5x2xf32>
    %e177 = tensor.empty() : tensor<7x5xf32>
    %t178 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e177 : tensor<7x5xf32>) {
    ^bb0(%o179: f32):
      %i180 = linalg.index 0 : index
      %m181 = arith.muli %i180, %c5_90 : index
      %i182 = linalg.index 1 : index
      %m183 = arith.muli %i182, %c5_90 : index
      %a184 = arith.addi %m181, %m183 : index
      %r185 = arith.remui %a184, %c5_90 : index
      %n186 = arith.index_cast %r185 : index to i32
      %f187 = arith.sitofp %n186 : i32 to f32
      %y188 = arith.mulf %f187, %cst86 : f32
      linalg.yield %y188 : f32
    } -> tensor<7x5xf32>
    %e189 = tensor.empty() : tensor<7x5xf32>
    %t190 = linalg.fill ins(%ob156 : f32) outs(%e189 : tensor<7x5xf32>) -> tensor<7x5xf32>
    %wh191:3 = scf.while (%wa192 = %t190, %wk193 = %zi194) : (tensor<7x5xf32>, i32) -> (tensor<7x5xf32>, tensor<7x5xf32>, i32) {
      %d197 = tensor.cast %ins158 : tensor<7x5xf32> to tensor<?x?xf32>
      %dim198 = tensor.dim %d197, %c0_66 : tensor<?x?xf32>
      %dim199 = tensor.dim %d197, %c1_67 : tensor<?x?xf32>
      %e200 = tensor.empty(%dim198, %dim199) : tensor<?x?xf32>
      %t201 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e200 : tensor<?x?xf32>) {
      ^bb0(%o202: f32):
        %i203 = linalg.index 0 : index
        %m204 = arith.muli %i203, %c1_67 : index
        %i205 = linalg.index 1 : index
        %m206 = arith.muli %i205, %c1_67 : index
        %a207 = arith.addi %m204, %m206 : index
        %r208 = arith.remui %a207, %c7_96 : index
        %n209 = arith.index_cast %r208 : index to i32
        %f210 = arith.sitofp %n209 : i32 to f32
        %y211 = arith.mulf %f210, %cst82 : f32
        linalg.yield %y211 : f32
      } -> tensor<?x?xf32>
      %w212 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%acc151 : tensor<7x5xf32>) {
      ^bb0(%o213: f32):
        %p214 = arith.addf %o213, %cst77 : f32
        linalg.yield %p214 : f32
      } -> tensor<7x5xf32>
      %b215 = linalg.add ins(%w212, %wa192 : tensor<7x5xf32>, tensor<7x5xf32>) outs(%wa192 : tensor<7x5xf32>) -> tensor<7x5xf32>
      %go216 = arith.cmpi slt, %wk193, %lim195 : i32
      scf.condition(%go216) %b215, %b215, %wk193 : tensor<7x5xf32>, tensor<7x5xf32>, i32
    } do {
    ^bb0(%wb217: tensor<7x5xf32>, %wb218: tensor<7x5xf32>, %wbk219: i32):
      %w220 = tensor.insert %ob156 into %g171[%iv148, %iv148] : tensor<5x2xf32>
      %ob221 = tensor.extract %w220[%c4_156, %c1_67] : tensor<5x2xf32>
      %ins222 = tensor.insert %ob221 into %wb217[%c4_156, %c1_67] : tensor<7x5xf32>
      %tr223 = linalg.transpose ins(%t88 : tensor<5x5xf32>) outs(%w152 : tensor<5x5xf32>) permutation = [1, 0]
      %s224 = tensor.extract %g71[%c3_82, %c1_67] : tensor<5x2xf32>
      %nk225 = arith.addi %wbk219, %one196 : i32
      scf.yield %acc151, %nk225 : tensor<7x5xf32>, i32
    }
    %k227 = arith.constant dense<[[1.0, -0.5], [3.0, 3.0], [0.25, 0.25], [1.5, 0.5], [-1.0, -0.5]]> : tensor<5x2xf32>
    %w226 = linalg.copy ins(%k227 : tensor<5x2xf32>) outs(%g71 : tensor<5x2xf32>) -> tensor<5x2xf32>
    %ob228 = tensor.extract %w226[%c4_156, %c0_66] : tensor<5x2xf32>
    %ins229 = tensor.insert %ob228 into %ins158[%c1_67, %c4_156] : tensor<7x5xf32>
    scf.yield %ins229, %acc151 : tensor<7x5xf32>, tensor<7x5xf32>
  }
  %ob230 = tensor.extract %g71[%c2_133, %c0_66] : tensor<5x2xf32>
  %ins231 = tensor.insert %ob230 into %for149#0[%c3_82, %c4_156] : tensor<7x5xf32>
  func.return %arg63 : tensor<5x2xf32>
}

func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %c3_235 = arith.constant 3 : index
  %c1_238 = arith.constant 1 : index
  %cst246 = arith.constant -2.0 : f32
  %cst253 = arith.constant -0.5 : f32
  %c2_259 = arith.constant 2 : index
  %c6_263 = arith.constant 6 : index
  %cst268 = arith.constant 0.25 : f32
  %cst282 = arith.constant -0.25 : f32
  %cst294 = arith.constant 2.0 : f32
  %c0_296 = arith.constant 0 : index
  %c4_299 = arith.constant 4 : index
  %cst307 = arith.constant 0.0 : f32
  %at232 = bufferization.alloc_tensor() : tensor<5x2xf32>
  %t233 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%at232 : tensor<5x2xf32>) {
  ^bb0(%o234: f32):
    %i235 = linalg.index 0 : index
    %m237 = arith.muli %i235, %c3_235 : index
    %i238 = linalg.index 1 : index
    %m240 = arith.muli %i238, %c1_238 : index
    %a241 = arith.addi %m237, %m240 : index
    %r242 = arith.remui %a241, %c3_235 : index
    %n243 = arith.index_cast %r242 : index to i32
    %f244 = arith.sitofp %n243 : i32 to f32
    %y245 = arith.mulf %f244, %cst246 : f32
    linalg.yield %y245 : f32
  } -> tensor<5x2xf32>
  %g247:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t233 : tensor<5x2xf32>) outs(%t233, %t233 : tensor<5x2xf32>, tensor<5x2xf32>) {
  ^bb0(%x248: f32, %o249: f32, %o250: f32):
    %p251 = arith.addf %x248, %o249 : f32
    %q252 = arith.mulf %x248, %cst253 : f32
    linalg.yield %p251, %q252 : f32, f32
  } -> tensor<5x2xf32>, tensor<5x2xf32>
  %e254 = tensor.empty() : tensor<5x5xf32>
  %t255 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e254 : tensor<5x5xf32>) {
  ^bb0(%o256: f32):
    %i257 = linalg.index 0 : index
    %m258 = arith.muli %i257, %c1_238 : index
    %i259 = linalg.index 1 : index
    %m261 = arith.muli %i259, %c2_259 : index
    %a262 = arith.addi %m258, %m261 : index
    %r263 = arith.remui %a262, %c6_263 : index
    %n265 = arith.index_cast %r263 : index to i32
    %f266 = arith.sitofp %n265 : i32 to f32
    %y267 = arith.mulf %f266, %cst268 : f32
    linalg.yield %y267 : f32
  } -> tensor<5x5xf32>
  %mm269 = linalg.matmul ins(%t255, %g247#1 : tensor<5x5xf32>, tensor<5x2xf32>) outs(%g247#1 : tensor<5x2xf32>) -> tensor<5x2xf32>
  %e270 = tensor.empty() : tensor<5x2xf32>
  %t271 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e270 : tensor<5x2xf32>) {
  ^bb0(%o272: f32):
    %i273 = linalg.index 0 : index
    %m274 = arith.muli %i273, %c1_238 : index
    %i275 = linalg.index 1 : index
    %m276 = arith.muli %i275, %c2_259 : index
    %a277 = arith.addi %m274, %m276 : index
    %r278 = arith.remui %a277, %c3_235 : index
    %n279 = arith.index_cast %r278 : index to i32
    %f280 = arith.sitofp %n279 : i32 to f32
    %y281 = arith.mulf %f280, %cst282 : f32
    linalg.yield %y281 : f32
  } -> tensor<5x2xf32>
  %e283 = tensor.empty() : tensor<5x2xf32>
  %mat284 = bufferization.materialize_in_destination %t271 in %e283 : (tensor<5x2xf32>, tensor<5x2xf32>) -> tensor<5x2xf32>
  %at285 = bufferization.alloc_tensor() : tensor<2xf32>
  %t286 = linalg.fill ins(%cst268 : f32) outs(%at285 : tensor<2xf32>) -> tensor<2xf32>
  %g287 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t286, %t286 : tensor<2xf32>, tensor<2xf32>) outs(%t286 : tensor<2xf32>) {
  ^bb0(%x288: f32, %x289: f32, %o290: f32):
    %p291 = arith.addf %x288, %x289 : f32
    %p292 = arith.subf %p291, %o290 : f32
    %p293 = arith.addf %p292, %cst294 : f32
    linalg.yield %p293 : f32
  } -> tensor<2xf32>
  %call295 = func.call @helper1(%g247#1) : (tensor<5x2xf32>) -> (tensor<5x2xf32>)
  %ob296 = tensor.extract %g247#1[%c2_259, %c0_296] : tensor<5x2xf32>
  %r298 = tensor.extract %t233[%c2_259, %c0_296] : tensor<5x2xf32>
  %r299 = tensor.extract %g247#0[%c4_299, %c1_238] : tensor<5x2xf32>
  %r301 = tensor.extract %g247#1[%c4_299, %c1_238] : tensor<5x2xf32>
  %r302 = tensor.extract %g287[%c1_238] : tensor<2xf32>
  %r303 = tensor.extract %t286[%c0_296] : tensor<2xf32>
  %r304 = tensor.extract %call295[%c1_238, %c1_238] : tensor<5x2xf32>
  %r305 = tensor.extract %mat284[%c3_235, %c0_296] : tensor<5x2xf32>
  %r306 = tensor.extract %mm269[%c3_235, %c1_238] : tensor<5x2xf32>
  %e308 = tensor.empty() : tensor<f32>
  %z309 = linalg.fill ins(%cst307 : f32) outs(%e308 : tensor<f32>) -> tensor<f32>
  %sum310 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%t255 : tensor<5x5xf32>) outs(%z309 : tensor<f32>) {
  ^bb0(%x311: f32, %o312: f32):
    %p313 = arith.addf %x311, %o312 : f32
    linalg.yield %p313 : f32
  } -> tensor<f32>
  %cs314 = tensor.extract %sum310[] : tensor<f32>
  %e315 = tensor.empty() : tensor<f32>
  %z316 = linalg.fill ins(%cst307 : f32) outs(%e315 : tensor<f32>) -> tensor<f32>
  %sum317 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%mat284 : tensor<5x2xf32>) outs(%z316 : tensor<f32>) {
  ^bb0(%x318: f32, %o319: f32):
    %p320 = arith.addf %x318, %o319 : f32
    linalg.yield %p320 : f32
  } -> tensor<f32>
  %cs321 = tensor.extract %sum317[] : tensor<f32>
  func.return %r298, %r299, %r301, %r302, %r303, %r304, %r305, %r306, %cs314, %cs321, %ob296 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
