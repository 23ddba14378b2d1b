// A private function returning a buffer it allocates.
func.func private @make(%v: f32) -> memref<4xf32> {
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
  func.return %b : memref<4xf32>
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %b = func.call @make(%two) : (f32) -> memref<4xf32>
  %x = memref.load %b[%c0] : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  func.return %x : f32
}
