// A scratch buffer allocated and freed in every iteration.
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (f32) {
    %tmp = memref.alloc() : memref<16xf32>
    linalg.fill ins(%acc : f32) outs(%tmp : memref<16xf32>)
    %v = memref.load %tmp[%c0] : memref<16xf32>
    memref.dealloc %tmp : memref<16xf32>
    %one = arith.constant 1.0 : f32
    %next = arith.addf %v, %one : f32
    scf.yield %next : f32
  }
  func.return %sum : f32
}
