// Which buffer %r holds depends on %cond: deallocation decides who frees it.
func.func @main(%cond: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %r = scf.if %cond -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %b = memref.alloc() : memref<4xf32>
    linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  }
  %x = memref.load %r[%c0] : memref<4xf32>
  func.return %x : f32
}
