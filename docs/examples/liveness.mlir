// The free of %a is written at the end; its last use is much earlier.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %x = memref.load %a[%c0] : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<4xf32>)
  %y = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  func.return %y : f32
}
