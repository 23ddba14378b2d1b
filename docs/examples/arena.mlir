// Two temporaries whose lifetimes do not overlap.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<16xf32>)
  %x = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  linalg.fill ins(%x : f32) outs(%b : memref<16xf32>)
  %y = memref.load %b[%c0] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  %s = arith.addf %x, %y : f32
  func.return %s : f32
}
