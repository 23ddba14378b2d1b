// Reproducer found by hand (issue #13).
// pipeline: buffer-deallocation
// kind: copies
// detail: a bufferization.clone of a view with a static offset per iteration (MLIR cannot lower it)
// origin: hand-written, issue #13 class 5
// status: fixed (analysis/ownership.py handover_root: a view of a dead heap buffer is handed over; freed through memref.extract_strided_metadata's base buffer)

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f1 : f32) outs(%a : memref<4xf32>)
  %s0 = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %s0) -> (memref<2xf32, strided<[1], offset: 1>>) {
    %n = memref.alloc() : memref<4xf32>
    %v = memref.load %x[%c0] : memref<2xf32, strided<[1], offset: 1>>
    %w = arith.addf %v, %f1 : f32
    linalg.fill ins(%w : f32) outs(%n : memref<4xf32>)
    %s = memref.subview %n[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    scf.yield %s : memref<2xf32, strided<[1], offset: 1>>
  }
  %v = memref.load %r[%c0] : memref<2xf32, strided<[1], offset: 1>>
  func.return %v : f32
}
