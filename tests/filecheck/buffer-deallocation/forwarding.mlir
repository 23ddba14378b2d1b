// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A private function returning its argument returns it as is: each call result is a view of
// the operand, so a write through the caller's buffer after the call is seen through the
// result, and the caller frees the operand once, after the last use of the result.
func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
  func.return %a : memref<4xf32>
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
  %w = arith.addf %v, %one : f32
  func.return %w : f32
}

// CHECK-LABEL: func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    func.return %a : memref<4xf32>
// CHECK-LABEL: func.func @main()
// CHECK:         %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT:    %r = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%two : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT:    %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:    %w = arith.addf %v, %one : f32
// CHECK-NEXT:    func.return %w : f32
// CHECK-NOT:     bufferization.clone

// -----

// Forwarded through views, casts, cf merges, scf.for and scf.if that yield the argument on
// every path, and through calls of other forwarding functions.
func.func private @tail(%a: memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>> {
  %s = memref.subview %a[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  func.return %s : memref<4xf32, strided<[1], offset: 4>>
}
func.func private @erase(%a: memref<8xf32>) -> memref<?xf32> {
  %d = "memref.cast"(%a) : (memref<8xf32>) -> memref<?xf32>
  func.return %d : memref<?xf32>
}
func.func private @diamond(%c: i1, %a: memref<8xf32>) -> memref<8xf32> {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : memref<8xf32>)
^bb2:
  %b = scf.if %c -> (memref<8xf32>) {
    scf.yield %a : memref<8xf32>
  } else {
    scf.yield %a : memref<8xf32>
  }
  cf.br ^bb3(%b : memref<8xf32>)
^bb3(%m: memref<8xf32>):
  func.return %m : memref<8xf32>
}
func.func private @loop(%a: memref<8xf32>, %n: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (memref<8xf32>) {
    memref.store %f, %acc[%i] : memref<8xf32>
    scf.yield %acc : memref<8xf32>
  }
  func.return %r : memref<8xf32>
}
func.func private @chain(%c: i1, %a: memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>> {
  %d = func.call @diamond(%c, %a) : (i1, memref<8xf32>) -> memref<8xf32>
  %t = func.call @tail(%d) : (memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>>
  func.return %t : memref<4xf32, strided<[1], offset: 4>>
}
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %true = arith.constant true
  %x = arith.constant 7.0 : f32
  %y = arith.constant 9.0 : f32
  %m = memref.alloc() : memref<8xf32>
  linalg.fill ins(%x : f32) outs(%m : memref<8xf32>)
  %t = func.call @tail(%m) : (memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>>
  %e = func.call @erase(%m) : (memref<8xf32>) -> memref<?xf32>
  %l = func.call @loop(%m, %c3) : (memref<8xf32>, index) -> memref<8xf32>
  %h = func.call @chain(%true, %l) : (i1, memref<8xf32>) -> memref<4xf32, strided<[1], offset: 4>>
  memref.store %y, %m[%c5] : memref<8xf32>
  %a = memref.load %t[%c0] : memref<4xf32, strided<[1], offset: 4>>
  %b = memref.load %e[%c5] : memref<?xf32>
  %c = memref.load %l[%c0] : memref<8xf32>
  %d = memref.load %h[%c0] : memref<4xf32, strided<[1], offset: 4>>
  func.return %a, %b, %c, %d : f32, f32, f32, f32
}

// CHECK-NOT:     bufferization.clone
// CHECK-LABEL: func.func private @tail
// CHECK-NEXT:    %s = memref.subview %a[4] [4] [1]
// CHECK-NEXT:    func.return %s : memref<4xf32, strided<[1], offset: 4>>
// CHECK-LABEL: func.func private @erase
// CHECK-NEXT:    %d = "memref.cast"(%a)
// CHECK-NEXT:    func.return %d : memref<?xf32>
// CHECK-LABEL: func.func private @diamond
// CHECK:       ^bb3(%m: memref<8xf32>):
// CHECK-NEXT:    func.return %m : memref<8xf32>
// CHECK-LABEL: func.func private @loop
// CHECK:         func.return %r : memref<8xf32>
// CHECK-LABEL: func.func private @chain
// CHECK-NEXT:    %d = func.call @diamond(%c, %a)
// CHECK-NEXT:    %t = func.call @tail(%d)
// CHECK-NEXT:    func.return %t : memref<4xf32, strided<[1], offset: 4>>
// CHECK-LABEL: func.func @main()
// CHECK:         %h = func.call @chain(%true, %l)
// CHECK-NEXT:    memref.store %y, %m[%c5] : memref<8xf32>
// CHECK-NEXT:    %a = memref.load %t[%c0]
// CHECK-NEXT:    %b = memref.load %e[%c5]
// CHECK-NEXT:    %c = memref.load %l[%c0]
// CHECK-NEXT:    %d = memref.load %h[%c0]
// CHECK-NEXT:    memref.dealloc %m : memref<8xf32>
// CHECK-NEXT:    func.return %a, %b, %c, %d : f32, f32, f32, f32
// CHECK-NOT:     memref.dealloc

// -----

// The same buffer passed twice, and two buffers each forwarded by its own result.
func.func private @second(%a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
  func.return %b : memref<4xf32>
}
func.func private @swap(%a: memref<4xf32>, %b: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  func.return %b, %a : memref<4xf32>, memref<4xf32>
}
func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f32
  %p = memref.alloc() : memref<4xf32>
  %q = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%p : memref<4xf32>)
  linalg.fill ins(%y : f32) outs(%q : memref<4xf32>)
  %s = func.call @second(%p, %p) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %u:2 = func.call @swap(%p, %q) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  memref.store %y, %p[%c0] : memref<4xf32>
  %a = memref.load %s[%c0] : memref<4xf32>
  %b = memref.load %u#1[%c0] : memref<4xf32>
  %c = memref.load %u#0[%c0] : memref<4xf32>
  func.return %a, %b, %c : f32, f32, f32
}

// CHECK-NOT:     bufferization.clone
// CHECK-LABEL: func.func private @second
// CHECK-NEXT:    func.return %b : memref<4xf32>
// CHECK-LABEL: func.func private @swap
// CHECK-NEXT:    func.return %b, %a : memref<4xf32>, memref<4xf32>
// CHECK-LABEL: func.func @main()
// CHECK:         %s = func.call @second(%p, %p)
// CHECK-NEXT:    %u, %u_1 = func.call @swap(%p, %q)
// CHECK-NEXT:    memref.store %y, %p[%c0] : memref<4xf32>
// CHECK-NEXT:    %a = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT:    %b = memref.load %u_1[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %p : memref<4xf32>
// CHECK-NEXT:    %c = memref.load %u[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %q : memref<4xf32>
// CHECK-NEXT:    func.return %a, %b, %c : f32, f32, f32

// -----

// A public function may be called from outside the module: it keeps the caller-owns-results
// ABI and returns a clone of its argument, which the caller frees.  Called inside the module
// too, its body moves to a private twin that the calls in the module call, forwarding with no
// clone (public_forwarders.mlir); the public function wraps it.
func.func @public_id(%a: memref<4xf32>) -> memref<4xf32> {
  func.return %a : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @public_id(%m) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @public_id__inplace(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    func.return %a : memref<4xf32>
// CHECK-LABEL: func.func @public_id(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %0 = func.call @public_id__inplace(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    func.return %1 : memref<4xf32>
// CHECK-LABEL: func.func @main()
// CHECK:         %r = func.call @public_id__inplace(%m) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32

// -----

// The argument on one path and a new buffer on the other: not forwarded, but returned as is
// (no copy: a write through the caller's buffer is seen through the result, as before the
// pass). %m is not used after the call, so the result takes it over: the result is owned
// on every path and %m is freed right after the call only when the result is not it.
func.func private @arg_or_new(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    "memref.copy"(%a, %n) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %n : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %true = arith.constant true
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @arg_or_new(%true, %m) : (i1, memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @arg_or_new(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %r, %r_owned = scf.if %c -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  scf.yield %a, %false : memref<4xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %n = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%a, %n) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %n, %true : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT:  %r = func.call @arg_or_new(%true, %m) : (i1, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %0 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%m) : (memref<4xf32>) -> index
// CHECK-NEXT:  %2 = arith.cmpi eq, %0, %1 : index
// CHECK-NEXT:  %3 = arith.constant true
// CHECK-NEXT:  %4 = arith.xori %2, %3 : i1
// CHECK-NEXT:  scf.if %4 {
// CHECK-NEXT:  memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NEXT:  }

// -----

// Recursion forwards too: @rec returns its argument on the base case and its own call's
// result on the other, which by the summary being proven is that argument again (the
// greatest fixed point over the functions in a cycle).  A function calling into the cycle
// (@via) is summarised with them.  No clone: the write through %m after the call is seen
// through %r and %s, as before the pass.
func.func private @rec(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %x = func.call @rec(%a, %m) : (memref<4xf32>, index) -> memref<4xf32>
    scf.yield %x : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func private @via(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %x = func.call @rec(%a, %n) : (memref<4xf32>, index) -> memref<4xf32>
  func.return %x : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @rec(%m, %c2) : (memref<4xf32>, index) -> memref<4xf32>
  %s = func.call @via(%m, %c2) : (memref<4xf32>, index) -> memref<4xf32>
  linalg.fill ins(%two : f32) outs(%m : memref<4xf32>)
  %v = memref.load %r[%c0] : memref<4xf32>
  %w = memref.load %s[%c0] : memref<4xf32>
  %sum = arith.addf %v, %w : f32
  func.return %sum : f32
}

// CHECK-LABEL: func.func private @rec
// CHECK:           %x = func.call @rec(%a, %m)
// CHECK-NEXT:      scf.yield %x : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %r : memref<4xf32>
// CHECK-LABEL: func.func private @via
// CHECK-NEXT:    %x = func.call @rec(%a, %n)
// CHECK-NEXT:    func.return %x : memref<4xf32>
// CHECK-LABEL: func.func @main()
// CHECK:         %r = func.call @rec(%m, %c2)
// CHECK-NEXT:    %s = func.call @via(%m, %c2)
// CHECK-NEXT:    linalg.fill ins(%two : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT:    %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:    %w = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NOT:     bufferization.clone

// -----

// Mutual recursion forwarding a different argument on each side: @ping returns its first
// argument, @pong swaps the operands of its call, so it returns its second; no clone.
// A cycle returning a new buffer on some path forwards nothing: @grow hands its result over.
func.func private @ping(%a: memref<4xf32>, %b: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %x = func.call @pong(%b, %a, %n) : (memref<4xf32>, memref<4xf32>, index) -> memref<4xf32>
    scf.yield %x : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func private @pong(%a: memref<4xf32>, %b: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  %x = func.call @ping(%b, %a, %m) : (memref<4xf32>, memref<4xf32>, index) -> memref<4xf32>
  func.return %x : memref<4xf32>
}
func.func private @grow(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    "memref.copy"(%a, %new) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %new : memref<4xf32>
  } else {
    %m = arith.subi %n, %c1 : index
    %x = func.call @grow(%a, %m) : (memref<4xf32>, index) -> memref<4xf32>
    scf.yield %x : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %p = memref.alloc() : memref<4xf32>
  %q = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%p : memref<4xf32>)
  linalg.fill ins(%one : f32) outs(%q : memref<4xf32>)
  %r = func.call @ping(%p, %q, %c3) : (memref<4xf32>, memref<4xf32>, index) -> memref<4xf32>
  %g = func.call @grow(%p, %c3) : (memref<4xf32>, index) -> memref<4xf32>
  linalg.fill ins(%two : f32) outs(%p : memref<4xf32>)
  linalg.fill ins(%three : f32) outs(%q : memref<4xf32>)
  %v = memref.load %r[%c0] : memref<4xf32>
  %w = memref.load %g[%c0] : memref<4xf32>
  %sum = arith.addf %v, %w : f32
  func.return %sum : f32
}

// CHECK-LABEL: func.func private @ping
// CHECK:           %x = func.call @pong(%b, %a, %n)
// CHECK-NEXT:      scf.yield %x : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %r : memref<4xf32>
// CHECK-LABEL: func.func private @pong
// CHECK:         %x = func.call @ping(%b, %a, %m)
// CHECK-NEXT:    func.return %x : memref<4xf32>
// CHECK-LABEL: func.func private @grow
// CHECK:           scf.yield %x : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %r : memref<4xf32>
// CHECK-LABEL: func.func @main()
// CHECK:         %r = func.call @ping(%p, %q, %c3)
// CHECK-NEXT:    %g = func.call @grow(%p, %c3)
// CHECK-NEXT:    linalg.fill ins(%two : f32) outs(%p : memref<4xf32>)
// CHECK-NEXT:    linalg.fill ins(%three : f32) outs(%q : memref<4xf32>)
// CHECK-NEXT:    memref.dealloc %q : memref<4xf32>
// CHECK-NEXT:    %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %p : memref<4xf32>
// CHECK-NEXT:    %w = memref.load %g[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %g : memref<4xf32>
// CHECK-NOT:     bufferization.clone

// -----

// A forwarded result returned again: from a public function it is a view of the caller's
// argument, so it is cloned; the local buffer itself (@id forwards its argument, not a view
// into it) is handed over to the caller as is, with no copy.
func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
  func.return %a : memref<4xf32>
}
func.func @wrap(%a: memref<4xf32>) -> memref<4xf32> {
  %r = func.call @id(%a) : (memref<4xf32>) -> memref<4xf32>
  func.return %r : memref<4xf32>
}
func.func @local(%f: f32) -> memref<4xf32> {
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  %r = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
  func.return %r : memref<4xf32>
}

// CHECK-LABEL: func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    func.return %a : memref<4xf32>
// CHECK-LABEL: func.func @wrap(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %r = func.call @id(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %0 = bufferization.clone %r : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    func.return %0 : memref<4xf32>
// CHECK-LABEL: func.func @local(%f: f32) -> memref<4xf32> {
// CHECK:         %r = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    func.return %r : memref<4xf32>
// CHECK-NOT:     memref.dealloc

// -----

// A private function whose symbol is used other than by func.call (here in an attribute)
// keeps the clone: it may be called from where the call results cannot be rewritten.
func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
  func.return %a : memref<4xf32>
}
func.func @main() -> f32 attributes {dispatch = @id} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    func.return %0 : memref<4xf32>
// CHECK-LABEL: func.func @main()
// CHECK:         %r = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:    %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %r : memref<4xf32>

// -----

// A forwarded call result is a view like any other: merged with a new buffer in an scf.if it
// is borrowed (flag false, no copy), and carried through a loop it stays a view of the
// operand, freed once after the last use.
func.func private @id(%a: memref<4xf32>) -> memref<4xf32> {
  func.return %a : memref<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %c = arith.cmpf olt, %one, %two : f32
  %r = scf.if %c -> (memref<4xf32>) {
    %x = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
    scf.yield %x : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    linalg.fill ins(%two : f32) outs(%n : memref<4xf32>)
    scf.yield %n : memref<4xf32>
  }
  memref.store %two, %m[%c0] : memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  %f = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %r) -> (memref<4xf32>) {
    %y = func.call @id(%acc) : (memref<4xf32>) -> memref<4xf32>
    memref.store %one, %y[%i] : memref<4xf32>
    scf.yield %y : memref<4xf32>
  }
  %w = memref.load %f[%c1] : memref<4xf32>
  func.return %v, %w : f32, f32
}

// CHECK-LABEL: func.func @main()
// CHECK:         %r, %r_owned = scf.if %c -> (memref<4xf32>, i1) {
// CHECK-NEXT:      %x = func.call @id(%m) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:      %false = arith.constant false
// CHECK-NEXT:      scf.yield %x, %false : memref<4xf32>, i1
// CHECK:         %f = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %r) -> (memref<4xf32>) {
// CHECK-NEXT:      %y = func.call @id(%acc) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:      memref.store %one, %y[%i] : memref<4xf32>
// CHECK-NEXT:      scf.yield %y : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %w = memref.load %f[%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:    scf.if %r_owned {
// CHECK-NEXT:      memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %v, %w : f32, f32
// CHECK-NOT:     bufferization.clone

// -----

// A private declaration has no body to look into: its results are owned by the caller.
func.func private @ext(%a: memref<4xf32>) -> memref<4xf32>
func.func @use(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = func.call @ext(%a) : (memref<4xf32>) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func @use
// CHECK:         %r = func.call @ext(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %v = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:    func.return %v : f32

// -----

// The argument or a new buffer, chosen at run time, called through a second private
// function and twice in a chain: every result is returned as is.  Before the pass the
// second call writes into %m (the first call returned it); after it too, so the load of %m
// sees the write.  Each caller owns a result only when its pointer differs from the
// operand's, and frees it then.
func.func private @arg_or_new(%n: index, %b: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %p = arith.cmpi sle, %n, %c0 : index
  %r = scf.if %p -> (memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    "memref.copy"(%b, %a) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %a : memref<4xf32>
  } else {
    %v = memref.load %b[%c0] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %b[%c0] : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func private @via(%n: index, %b: memref<4xf32>) -> memref<4xf32> {
  %q = func.call @arg_or_new(%n, %b) : (index, memref<4xf32>) -> memref<4xf32>
  func.return %q : memref<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 2.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  %r = func.call @via(%c1, %m) : (index, memref<4xf32>) -> memref<4xf32>
  %s = func.call @via(%c1, %r) : (index, memref<4xf32>) -> memref<4xf32>
  %x = memref.load %m[%c0] : memref<4xf32>
  %y = memref.load %s[%c0] : memref<4xf32>
  func.return %x, %y : f32, f32
}

// CHECK-LABEL: func.func private @arg_or_new(%n: index, %b: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %p = arith.cmpi sle, %n, %c0 : index
// CHECK-NEXT:  %r, %r_owned = scf.if %p -> (memref<4xf32>, i1) {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  "memref.copy"(%b, %a) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %a, %true : memref<4xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %v = memref.load %b[%c0] : memref<4xf32>
// CHECK-NEXT:  %w = arith.addf %v, %one : f32
// CHECK-NEXT:  memref.store %w, %b[%c0] : memref<4xf32>
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  scf.yield %b, %false : memref<4xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @via(%n: index, %b: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %q = func.call @arg_or_new(%n, %b) : (index, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  func.return %q : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %f = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:  %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT:  %r = func.call @via(%c1, %m) : (index, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%m) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %r_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  %s = func.call @via(%c1, %r) : (index, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %4 = arith.constant true
// CHECK-NEXT:  %5 = "memref.extract_aligned_pointer_as_index"(%s) : (memref<4xf32>) -> index
// CHECK-NEXT:  %6 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT:  %7 = arith.cmpi eq, %5, %6 : index
// CHECK-NEXT:  %s_owned = arith.xori %7, %4 : i1
// CHECK-NEXT:  %x = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:  %y = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:  scf.if %r_owned {
// CHECK-NEXT:  memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.if %s_owned {
// CHECK-NEXT:  memref.dealloc %s : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %x, %y : f32, f32
// CHECK-NEXT:  }

// -----

// An unranked result that is the argument on one path: no pointer of an unranked memref
// to compare, so the function returns it as a copy when it does not own it (the general
// rule) and the caller owns the result.
func.func private @f(%c: i1, %b: memref<*xf32>) -> memref<*xf32> {
  %r = scf.if %c -> (memref<*xf32>) {
    scf.yield %b : memref<*xf32>
  } else {
    %a = memref.alloc() : memref<4xf32>
    %u = "memref.cast"(%a) : (memref<4xf32>) -> memref<*xf32>
    scf.yield %u : memref<*xf32>
  }
  func.return %r : memref<*xf32>
}
func.func @main() -> f32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %m = memref.alloc() : memref<4xf32>
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  %u = "memref.cast"(%m) : (memref<4xf32>) -> memref<*xf32>
  %r = func.call @f(%true, %u) : (i1, memref<*xf32>) -> memref<*xf32>
  %rr = "memref.cast"(%r) : (memref<*xf32>) -> memref<4xf32>
  %v = memref.load %rr[%c0] : memref<4xf32>
  func.return %v : f32
}

// CHECK-LABEL: func.func private @f(%c: i1, %b: memref<*xf32>) -> memref<*xf32> {
// CHECK-NEXT:  %r, %r_owned = scf.if %c -> (memref<*xf32>, i1) {
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  scf.yield %b, %false : memref<*xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %u = "memref.cast"(%a) : (memref<4xf32>) -> memref<*xf32>
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %u, %true : memref<*xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  %0 = scf.if %r_owned -> (memref<*xf32>) {
// CHECK-NEXT:  scf.yield %r : memref<*xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %1 = bufferization.clone %r : memref<*xf32> to memref<*xf32>
// CHECK-NEXT:  scf.yield %1 : memref<*xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %0 : memref<*xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  %f = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT:  %u = "memref.cast"(%m) : (memref<4xf32>) -> memref<*xf32>
// CHECK-NEXT:  %r = func.call @f(%true, %u) : (i1, memref<*xf32>) -> memref<*xf32>
// CHECK-NEXT:  memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:  %rr = "memref.cast"(%r) : (memref<*xf32>) -> memref<4xf32>
// CHECK-NEXT:  %v = memref.load %rr[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %r : memref<*xf32>
// CHECK-NEXT:  func.return %v : f32
// CHECK-NEXT:  }
