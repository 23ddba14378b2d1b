// A private function returning its argument, which it updates in place.
func.func private @bump(%t: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %t[%c0] : memref<4xf32>
  func.return %t : memref<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%a : memref<4xf32>)
  %r = func.call @bump(%a) : (memref<4xf32>) -> memref<4xf32>
  %x = memref.load %r[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  func.return %x : f32
}
