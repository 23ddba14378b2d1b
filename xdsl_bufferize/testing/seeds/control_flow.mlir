// Tensors carried through scf.if and scf.while: a vector is either doubled or
// negated depending on a flag, then halved in place in a while loop until its first
// element falls below a bound; the loop also counts its iterations.
//
// Expected bufferization: both branches of the scf.if write in place into the one
// buffer of %v (the branches are exclusive, so they do not conflict); the while loop
// carries that buffer (yield equivalent to the block argument): no copy, one
// allocation.

#map = affine_map<(d0) -> (d0)>

func.func private @transform(%v: tensor<6xf32>, %flag: i1) -> tensor<6xf32> {
  %r = scf.if %flag -> (tensor<6xf32>) {
    %d = linalg.add ins(%v, %v : tensor<6xf32>, tensor<6xf32>) outs(%v : tensor<6xf32>) -> tensor<6xf32>
    scf.yield %d : tensor<6xf32>
  } else {
    %n = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%v : tensor<6xf32>) {
    ^bb0(%x: f32):
      %y = arith.negf %x : f32
      linalg.yield %y : f32
    } -> tensor<6xf32>
    scf.yield %n : tensor<6xf32>
  }
  return %r : tensor<6xf32>
}

func.func private @halve_until(%v: tensor<6xf32>, %bound: f32) -> (tensor<6xf32>, i32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %half = arith.constant 0.5 : f32
  %res:2 = scf.while (%t = %v, %n = %zero) : (tensor<6xf32>, i32) -> (tensor<6xf32>, i32) {
    %first = tensor.extract %t[%c0] : tensor<6xf32>
    %big = arith.cmpf ogt, %first, %bound : f32
    scf.condition(%big) %t, %n : tensor<6xf32>, i32
  } do {
  ^bb0(%t2: tensor<6xf32>, %n2: i32):
    %h = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%t2 : tensor<6xf32>) {
    ^bb1(%x: f32):
      %y = arith.mulf %x, %half : f32
      linalg.yield %y : f32
    } -> tensor<6xf32>
    %n3 = arith.addi %n2, %one : i32
    scf.yield %h, %n3 : tensor<6xf32>, i32
  }
  return %res#0, %res#1 : tensor<6xf32>, i32
}

func.func @main() -> (f32, f32, f32, i32, f32, i32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %true = arith.constant true
  %false = arith.constant false
  %bound = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<6xf32>
  // v[i] = i + 4
  %v = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e : tensor<6xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %four = arith.constant 4.0 : f32
    %s = arith.addf %fi, %four : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  %d = func.call @transform(%v, %true) : (tensor<6xf32>, i1) -> tensor<6xf32>
  %h:2 = func.call @halve_until(%d, %bound) : (tensor<6xf32>, f32) -> (tensor<6xf32>, i32)
  %a0 = tensor.extract %h#0[%c0] : tensor<6xf32>
  %a3 = tensor.extract %h#0[%c3] : tensor<6xf32>
  %a5 = tensor.extract %h#0[%c5] : tensor<6xf32>
  %e2 = tensor.empty() : tensor<6xf32>
  %w = linalg.fill ins(%bound : f32) outs(%e2 : tensor<6xf32>) -> tensor<6xf32>
  %neg = func.call @transform(%w, %false) : (tensor<6xf32>, i1) -> tensor<6xf32>
  %p:2 = func.call @halve_until(%neg, %bound) : (tensor<6xf32>, f32) -> (tensor<6xf32>, i32)
  %b0 = tensor.extract %p#0[%c0] : tensor<6xf32>
  return %a0, %a3, %a5, %h#1, %b0, %p#1 : f32, f32, f32, i32, f32, i32
}
