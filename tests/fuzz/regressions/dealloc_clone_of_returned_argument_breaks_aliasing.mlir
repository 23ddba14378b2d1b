// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 2.0 before, 1.0 after
// origin: hand-minimised from generator seeds 50056 and 50058 (memref config)
// status: fixed (analysis/forwarding.py: a private function whose result is statically its argument returns it without a clone; at each call the result is a view of the operand): a function returning its argument got a bufferization.clone, so a later write through the caller's buffer was not seen through the call result

func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
  linalg.fill ins(%two : f32) outs(%m : memref<4xf32>)
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}
