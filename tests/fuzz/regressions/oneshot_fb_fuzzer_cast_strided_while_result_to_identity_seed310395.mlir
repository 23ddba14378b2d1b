// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: one-shot-bufferize{analysis-heuristic=fuzzer analysis-fuzzer-seed=29 bufferize-function-boundaries=true}
// kind: run-error
// detail: memref.cast: view with strides [8, 1] is not memref<?x?xf32> [memref.cast at @helper1, op #33 (in walk order)]
// origin: xdsl-bufferize-fuzz --count 1000 --seed 310000 --pipeline "one-shot-bufferize{analysis-heuristic=fuzzer analysis-fuzzer-seed=29 bufferize-function-boundaries=true}", seed 310395
// status: fixed: under the fuzzer heuristic, an scf.while result inside an scf.for was given the identity-layout buffer type (the while model had no buffer_type, so a non-equivalent result fell back to identity) while the rewritten while produced a strided one: the yield cast strided to identity (invalid at run time). WhileOpModel.buffer_type now gives the type its rewrite produces
builtin.module {
  func.func @helper0(%arg1: tensor<6x6xf32> {bufferization.writable = true}, %arg2: f32) -> tensor<6x6xf32> {
    func.return %arg1 : tensor<6x6xf32>
  }
  func.func @helper1(%arg32: tensor<6x8xf32> {bufferization.writable = true}, %arg33: tensor<6x3xf32>, %arg34: f32) -> tensor<6x6xf32> {
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %cst48 = arith.constant 2.000000e+00 : f32
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %zi58 = arith.constant 0 : i32
    %lim59 = arith.constant 2 : i32
    %one60 = arith.constant 1 : i32
    %c7 = arith.constant 7 : index
    %c2 = arith.constant 2 : index
    %cst80 = arith.constant 3.000000e+00 : f32
    %k35 = arith.constant dense<[[-2.500000e-01, -1.000000e+00, 5.000000e-01, 1.000000e+00, 1.000000e+00, -2.500000e-01], [-2.000000e+00, -1.000000e+00, 5.000000e-01, 1.500000e+00, 1.500000e+00, -1.000000e+00], [-5.000000e-01, 5.000000e-01, -1.000000e+00, 3.000000e+00, -1.500000e+00, -1.000000e+00], [-2.500000e-01, 2.000000e+00, -2.000000e+00, 3.000000e+00, -2.000000e+00, 1.500000e+00], [3.000000e+00, 3.000000e+00, 1.000000e+00, -2.500000e-01, 3.000000e+00, -1.000000e+00], [1.500000e+00, -2.500000e-01, -2.500000e-01, -5.000000e-01, -2.000000e+00, -2.500000e-01]]> : tensor<6x6xf32>
    %sl41 = tensor.extract_slice %arg32[1, %c0] [%c4, %c5] [1, 1] : tensor<6x8xf32> to tensor<?x?xf32>
    %ins47 = tensor.insert %cst48 into %sl41[%c3, %c1] : tensor<?x?xf32>
    %is51 = tensor.insert_slice %ins47 into %arg32[1, %c0] [%c4, %c5] [1, 1] : tensor<?x?xf32> into tensor<6x8xf32>
    %for53 = scf.for %iv52 = %c0 to %c3 step %c1 iter_args(%acc54 = %sl41) -> (tensor<?x?xf32>) {
      %wh55, %wh55_1 = scf.while (%wa56 = %acc54, %wk57 = %zi58) : (tensor<?x?xf32>, i32) -> (tensor<?x?xf32>, i32) {
        %go61 = arith.cmpi slt, %wk57, %lim59 : i32
        scf.condition(%go61) %wa56, %wk57 : tensor<?x?xf32>, i32
      } do {
      ^bb0(%wb62: tensor<?x?xf32>, %wbk63: i32):
        %k64 = arith.constant dense<[5.000000e-01, 1.000000e+00, 3.000000e+00]> : tensor<3xf32>
        %nk65 = arith.addi %wbk63, %one60 : i32
        scf.yield %wb62, %nk65 : tensor<?x?xf32>, i32
      }
      %k66 = arith.constant dense<[[2.500000e-01, 3.000000e+00, 1.500000e+00], [-1.000000e+00, -2.000000e+00, 2.500000e-01], [-5.000000e-01, 1.500000e+00, 3.000000e+00], [5.000000e-01, -1.500000e+00, 3.000000e+00], [1.500000e+00, -1.500000e+00, -5.000000e-01], [-5.000000e-01, 3.000000e+00, 1.000000e+00], [2.000000e+00, -1.000000e+00, -5.000000e-01], [-5.000000e-01, -5.000000e-01, 2.000000e+00]]> : tensor<8x3xf32>
      %s67 = tensor.extract %k66[%c7, %c2] : tensor<8x3xf32>
      %k70 = arith.constant dense<[[2.000000e+00, -2.500000e-01, -2.500000e-01, -2.000000e+00, 5.000000e-01, 3.000000e+00], [-1.500000e+00, -1.000000e+00, -5.000000e-01, 5.000000e-01, -1.500000e+00, 2.500000e-01], [1.500000e+00, -2.500000e-01, -1.500000e+00, 5.000000e-01, -2.000000e+00, 5.000000e-01], [-2.000000e+00, -2.500000e-01, 3.000000e+00, -2.000000e+00, -1.500000e+00, 1.500000e+00], [-5.000000e-01, 3.000000e+00, -5.000000e-01, -2.500000e-01, 2.000000e+00, -1.500000e+00], [1.500000e+00, 1.500000e+00, 3.000000e+00, -5.000000e-01, 3.000000e+00, 2.000000e+00], [2.500000e-01, -5.000000e-01, 2.500000e-01, -1.500000e+00, 5.000000e-01, 2.500000e-01], [3.000000e+00, 1.000000e+00, 2.500000e-01, 1.000000e+00, 2.500000e-01, 3.000000e+00]]> : tensor<8x6xf32>
      %e71 = tensor.empty() : tensor<6xf32>
      %t72 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e71 : tensor<6xf32>) {
      ^bb0(%o73: f32):
        %i74 = linalg.index 0 : index
        %m75 = arith.muli %i74, %c3 : index
        %r76 = arith.remui %m75, %c4 : index
        linalg.yield %cst80 : f32
      } -> tensor<6xf32>
      scf.yield %wh55 : tensor<?x?xf32>
    }
    func.return %k35 : tensor<6x6xf32>
  }
  func.func @main() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
    %c5 = arith.constant 5 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cst100 = arith.constant 5.000000e-01 : f32
    %cst103 = arith.constant 2.500000e-01 : f32
    %c4 = arith.constant 4 : index
    %cst118 = arith.constant 2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %cst151 = arith.constant -5.000000e-01 : f32
    %cst153 = arith.constant -1.500000e+00 : f32
    %cst168 = arith.constant 0.000000e+00 : f32
    %e85 = tensor.empty() : tensor<8x6xf32>
    %t86 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e85 : tensor<8x6xf32>) {
    ^bb0(%o87: f32):
      %i88 = linalg.index 0 : index
      %n97 = arith.index_cast %c8 : index to i32
      %f98 = arith.sitofp %n97 : i32 to f32
      %y99 = arith.mulf %f98, %cst100 : f32
      linalg.yield %y99 : f32
    } -> tensor<8x6xf32>
    %e101 = tensor.empty() : tensor<6x3xf32>
    %t102 = linalg.fill ins(%cst103 : f32) outs(%e101 : tensor<6x3xf32>) -> tensor<6x3xf32>
    %e104 = tensor.empty() : tensor<8x8xf32>
    %t105 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e104 : tensor<8x8xf32>) {
    ^bb0(%o106: f32):
      %i107 = linalg.index 0 : index
      linalg.yield %cst118 : f32
    } -> tensor<8x8xf32>
    %sl120 = tensor.extract_slice %t86[%c0, %c0] [7, 3] [1, 1] : tensor<8x6xf32> to tensor<7x3xf32>
    %e125 = tensor.empty(%c8, %c3) : tensor<?x?xf32>
    %t126 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e125 : tensor<?x?xf32>) {
    ^bb0(%o127: f32):
      %i128 = linalg.index 0 : index
      %m130 = arith.muli %i128, %c2 : index
      %i131 = linalg.index 1 : index
      %m132 = arith.muli %i131, %c4 : index
      linalg.yield %cst100 : f32
    } -> tensor<?x?xf32>
    %cond139 = arith.cmpi slt, %c0, %c3 : index
    %if140 = scf.if %cond139 -> (tensor<?x?xf32>) {
      %e141 = tensor.empty() : tensor<6x8xf32>
      %tr142 = linalg.transpose ins(%t86:tensor<8x6xf32>) outs(%e141:tensor<6x8xf32>) permutation = [1, 0]
      %cond143 = arith.cmpi slt, %c2, %c1 : index
      %if144 = scf.if %cond143 -> (tensor<6x8xf32>) {
        %k145 = arith.constant dense<[[-2.500000e-01, -2.000000e+00, 3.000000e+00, -2.000000e+00, -5.000000e-01, -2.500000e-01], [2.500000e-01, -1.000000e+00, 2.500000e-01, 3.000000e+00, -2.000000e+00, -2.500000e-01], [-1.500000e+00, -2.000000e+00, -2.000000e+00, -1.500000e+00, -5.000000e-01, 5.000000e-01]]> : tensor<3x6xf32>
        %sl146 = tensor.extract_slice %k145[1, 1] [2, 1] [1, 1] : tensor<3x6xf32> to tensor<2x1xf32>
        %b147 = linalg.sub ins(%sl146, %sl146 : tensor<2x1xf32>, tensor<2x1xf32>) outs(%sl146 : tensor<2x1xf32>) -> tensor<2x1xf32>
        scf.yield %tr142 : tensor<6x8xf32>
      } else {
        %call154 = func.call @helper1(%tr142, %t102, %cst153) : (tensor<6x8xf32>, tensor<6x3xf32>, f32) -> tensor<6x6xf32>
        scf.yield %tr142 : tensor<6x8xf32>
      }
      scf.yield %t126 : tensor<?x?xf32>
    } else {
      scf.yield %t126 : tensor<?x?xf32>
    }
    %r160 = tensor.extract %t86[%c0, %c0] : tensor<8x6xf32>
    %r161 = tensor.extract %t102[%c1, %c0] : tensor<6x3xf32>
    %r162 = tensor.extract %t105[%c2, %c3] : tensor<8x8xf32>
    %r163 = tensor.extract %sl120[%c4, %c2] : tensor<7x3xf32>
    %r164 = tensor.extract %t126[%c4, %c1] : tensor<?x?xf32>
    %r165 = tensor.extract %if140[%c3, %c0] : tensor<?x?xf32>
    %r166 = tensor.extract %sl120[%c3, %c0] : tensor<7x3xf32>
    %r167 = tensor.extract %if140[%c0, %c1] : tensor<?x?xf32>
    %e169 = tensor.empty() : tensor<f32>
    %z170 = linalg.fill ins(%cst168 : f32) outs(%e169 : tensor<f32>) -> tensor<f32>
    %sum171 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%if140 : tensor<?x?xf32>) outs(%z170 : tensor<f32>) {
    ^bb0(%x172: f32, %o173: f32):
      %p174 = arith.addf %x172, %o173 : f32
      linalg.yield %p174 : f32
    } -> tensor<f32>
    %cs175 = tensor.extract %sum171[] : tensor<f32>
    %cs182 = tensor.extract %sum171[] : tensor<f32>
    func.return %r160, %r161, %r162, %r163, %r164, %r165, %r166, %r167, %cs175, %cs182 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  }
}
