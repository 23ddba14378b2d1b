// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: finding:use-after-free
// detail: use-after-free: memref.load reads heap buffer #0 (memref.alloc at @main), freed by memref.dealloc at @main [memref.load at @main]; then a double free of it
// origin: xdsl-bufferize-fuzz --count 500 --seed 1731000 --pipeline 'one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation' --features +adversarial (seed 1731469, generator feature recursion), reduced by hand to the memref program one-shot-bufferize makes
// status: fixed: @helper1 is public, calls into a cycle (@rec0) and returns its argument twice. Two faults: (1) analysis/ownership/classes.py _returned_beside_lenders let a value borrowing a buffer the function does not own (an argument) go back as is beside itself when the function had no shared-result summary (in a cycle or calling into one): a lender must be an owned root; (2) analysis/forwarding.py left functions in or calling into a cycle unsummarised, so @rec0 and @helper1 returned copies and a write through the caller's buffer after the call was not seen through the result: they are summarised now as a greatest fixed point (@rec0 forwards its argument, @helper1 gets its private twin)
builtin.module {
  func.func private @rec0(%t: memref<7xf32>, %n: index) -> memref<7xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %done = arith.cmpi eq, %n, %c0 : index
    %r = scf.if %done -> (memref<7xf32>) {
      scf.yield %t : memref<7xf32>
    } else {
      %m = arith.subi %n, %c1 : index
      %y = func.call @rec0(%t, %m) : (memref<7xf32>, index) -> memref<7xf32>
      scf.yield %y : memref<7xf32>
    }
    func.return %r : memref<7xf32>
  }
  func.func @helper1(%a: memref<3xf32>) -> (memref<3xf32>, memref<3xf32>) {
    %c0 = arith.constant 0 : index
    %k = memref.alloc() : memref<7xf32>
    %x = func.call @rec0(%k, %c0) : (memref<7xf32>, index) -> memref<7xf32>
    func.return %a, %a : memref<3xf32>, memref<3xf32>
  }
  func.func @main() -> f32 {
    %c1 = arith.constant 1 : index
    %f = arith.constant 2.0 : f32
    %t = memref.alloc() : memref<3xf32>
    linalg.fill ins(%f : f32) outs(%t : memref<3xf32>)
    %r:2 = func.call @helper1(%t) : (memref<3xf32>) -> (memref<3xf32>, memref<3xf32>)
    %b = memref.load %r#0[%c1] : memref<3xf32>
    func.return %b : f32
  }
}
