// Reproducer of issue #12 (hand-classified from xdsl-bufferize-fuzz and mlir-compare runs).
// pipeline: comprehensive-bufferize
// kind: mismatch
// detail: class 1 (nested): scf.for inside a scf.while after region inserts into an scf.if result defined outside the for; ours in place, MLIR out of place; mismatch: result #0: -604.75 before, -575.25 after
// origin: /work/findings (adversarial generator, branch gen12)
// status: fixed on main (in-place analysis: loops, shared destinations, scf.while forwarding; recursion over memrefs accepted)
builtin.module {
  func.func @helper0(%arg1: tensor<3x6xf32>) -> tensor<3x6xf32> {
    %zi5 = arith.constant 0 : i32
    %lim6 = arith.constant 2 : i32
    %one7 = arith.constant 1 : i32
    %cst15 = arith.constant -2.000000e+00 : f32
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %cst24 = arith.constant 2.500000e-01 : f32
    %cst26 = arith.constant 5.000000e-01 : f32
    %cst34 = arith.constant 1.000000e+00 : f32
    %c3 = arith.constant 3 : index
    %cst41 = arith.constant 2.000000e+00 : f32
    %wh2, %wh2_1 = scf.while (%wa3 = %arg1, %wk4 = %zi5) : (tensor<3x6xf32>, i32) -> (tensor<3x6xf32>, i32) {
      %go8 = arith.cmpi slt, %wk4, %lim6 : i32
      scf.condition(%go8) %wa3, %wk4 : tensor<3x6xf32>, i32
    } do {
    ^bb0(%wb9: tensor<3x6xf32>, %wbk10: i32):
      %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%wb9 : tensor<3x6xf32>) outs(%wb9 : tensor<3x6xf32>) {
      ^bb0(%x12: f32, %o13: f32):
        %p14 = arith.addf %x12, %cst15 : f32
        linalg.yield %p14 : f32
      } -> tensor<3x6xf32>
      %cond16 = arith.cmpi slt, %c1, %c2 : index
      %if19 = scf.if %cond16 -> (tensor<3x6xf32>) {
        scf.yield %g11 : tensor<3x6xf32>
      } else {
        %e22 = tensor.empty() : tensor<3x2xf32>
        %t23 = linalg.fill ins(%cst24 : f32) outs(%e22 : tensor<3x2xf32>) -> tensor<3x2xf32>
        %t25 = linalg.fill ins(%cst26 : f32) outs(%t23 : tensor<3x2xf32>) -> tensor<3x2xf32>
        %k27 = arith.constant dense<[[-1.000000e+00, 5.000000e-01], [2.500000e-01, -1.000000e+00], [3.000000e+00, 2.000000e+00]]> : tensor<3x2xf32>
        %b28 = linalg.add ins(%t25, %k27 : tensor<3x2xf32>, tensor<3x2xf32>) outs(%t25 : tensor<3x2xf32>) -> tensor<3x2xf32>
        %w29 = linalg.copy ins(%g11 : tensor<3x6xf32>) outs(%g11 : tensor<3x6xf32>) -> tensor<3x6xf32>
        %w31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%arg1 : tensor<3x6xf32>) {
        ^bb0(%o32: f32):
          %p33 = arith.addf %o32, %cst34 : f32
          linalg.yield %p33 : f32
        } -> tensor<3x6xf32>
        %b35 = linalg.add ins(%w31, %g11 : tensor<3x6xf32>, tensor<3x6xf32>) outs(%g11 : tensor<3x6xf32>) -> tensor<3x6xf32>
        scf.yield %b35 : tensor<3x6xf32>
      }
      %for37 = scf.for %iv36 = %c0 to %c3 step %c1 iter_args(%acc38 = %if19) -> (tensor<3x6xf32>) {
        %w40 = tensor.insert %cst41 into %if19[%c2, %iv36] : tensor<3x6xf32>
        %b42 = linalg.add ins(%w40, %acc38 : tensor<3x6xf32>, tensor<3x6xf32>) outs(%acc38 : tensor<3x6xf32>) -> tensor<3x6xf32>
        scf.yield %b42 : tensor<3x6xf32>
      }
      %nk43 = arith.addi %wbk10, %one7 : i32
      scf.yield %for37, %nk43 : tensor<3x6xf32>, i32
    }
    func.return %wh2 : tensor<3x6xf32>
  }
  func.func @helper1(%arg64: tensor<3x8xf32> {bufferization.writable = true}) -> tensor<?x?xf32> {
    %c8 = arith.constant 8 : index
    %c6 = arith.constant 6 : index
    %e71 = tensor.empty(%c8, %c6) : tensor<?x?xf32>
    func.return %e71 : tensor<?x?xf32>
  }
  func.func private @helper2(%arg76: tensor<?xf32>, %arg77: tensor<6x6xf32> {bufferization.writable = true}, %arg78: tensor<3xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %e81 = tensor.empty() : tensor<8xf32>
    func.return %e81, %e81 : tensor<8xf32>, tensor<8xf32>
  }
  func.func @main() -> f32 {
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %cst142 = arith.constant -1.500000e+00 : f32
    %cst171 = arith.constant 1.500000e+00 : f32
    %cst180 = arith.constant 5.000000e-01 : f32
    %cst195 = arith.constant 0.000000e+00 : f32
    %e100 = tensor.empty() : tensor<6x6xf32>
    %e118 = tensor.empty() : tensor<3x8xf32>
    %call132 = func.call @helper1(%e118) : (tensor<3x8xf32>) -> tensor<?x?xf32>
    %ob133 = tensor.extract %e118[%c0, %c3] : tensor<3x8xf32>
    %g135 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%e100, %e100 : tensor<6x6xf32>, tensor<6x6xf32>) outs(%e100 : tensor<6x6xf32>) {
    ^bb0(%x136: f32, %x137: f32, %o138: f32):
      linalg.yield %cst142 : f32
    } -> tensor<6x6xf32>
    %k184 = arith.constant dense<[[5.000000e-01, -2.500000e-01, -1.500000e+00, -1.500000e+00, -2.500000e-01, 1.000000e+00], [-5.000000e-01, 2.000000e+00, -1.000000e+00, 5.000000e-01, 1.000000e+00, 3.000000e+00], [1.000000e+00, 5.000000e-01, -2.500000e-01, -2.000000e+00, 1.500000e+00, -5.000000e-01]]> : tensor<3x6xf32>
    %call185 = func.call @helper0(%k184) : (tensor<3x6xf32>) -> tensor<3x6xf32>
    %e196 = tensor.empty() : tensor<f32>
    %z197 = linalg.fill ins(%cst195 : f32) outs(%e196 : tensor<f32>) -> tensor<f32>
    %sum198 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%g135 : tensor<6x6xf32>) outs(%z197 : tensor<f32>) {
    ^bb0(%x199: f32, %o200: f32):
      %p201 = arith.addf %x199, %o200 : f32
      linalg.yield %p201 : f32
    } -> tensor<f32>
    %e203 = tensor.empty() : tensor<f32>
    %z204 = linalg.fill ins(%cst195 : f32) outs(%e203 : tensor<f32>) -> tensor<f32>
    %sum205 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%call185 : tensor<3x6xf32>) outs(%z204 : tensor<f32>) {
    ^bb0(%x206: f32, %o207: f32):
      %p208 = arith.addf %x206, %o207 : f32
      linalg.yield %p208 : f32
    } -> tensor<f32>
    %cs209 = tensor.extract %sum205[] : tensor<f32>
    func.return %cs209 : f32
  }
}
