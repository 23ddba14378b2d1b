// RUN: xdsl-opt %s -p buffer-deallocation --split-input-file | filecheck %s

// A public function that returns its argument and is called in the module: the callers in
// the module call its private twin @pub_id__inplace (the body, returning the argument as
// is), so the call result is the caller's buffer: a write through the result is read through
// the argument and the other way round.  The public @pub_id keeps the ABI for outside
// callers: it calls the twin and returns a copy.
func.func @pub_id(%a: memref<4xf32>) -> memref<4xf32> {
  func.return %a : memref<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @pub_id(%m) : (memref<4xf32>) -> memref<4xf32>
  memref.store %two, %r[%c0] : memref<4xf32>
  memref.store %three, %m[%c1] : memref<4xf32>
  %x = memref.load %m[%c0] : memref<4xf32>
  %y = memref.load %r[%c1] : memref<4xf32>
  func.return %x, %y : f32, f32
}

// CHECK-LABEL: func.func private @pub_id__inplace(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    func.return %a : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @pub_id(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:    %0 = func.call @pub_id__inplace(%a) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    func.return %1 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main()
// CHECK:         %r = func.call @pub_id__inplace(%m) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    memref.store %two, %r[%c0] : memref<4xf32>
// CHECK-NEXT:    memref.store %three, %m[%c1] : memref<4xf32>
// CHECK-NEXT:    %x = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:    %y = memref.load %r[%c1] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:    func.return %x, %y : f32, f32
// CHECK-NOT:     bufferization.clone

// -----

// A view of the argument (a subview, through an scf.if yielding it on both paths), written by
// the caller and read through its own buffer; a second result that is the argument on one
// path only and a fresh buffer on the other is returned as is by the twin too (callers
// compare its pointer with the operand to know whether they own it); a call from another public
// function that is not called in the module (@outer, left as is) calls the twin too.
func.func @window(%c: i1, %a: memref<8xf32>) -> (memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>) {
  %s = scf.if %c -> (memref<4xf32, strided<[1], offset: 2>>) {
    %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
    scf.yield %v : memref<4xf32, strided<[1], offset: 2>>
  } else {
    %w = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
    scf.yield %w : memref<4xf32, strided<[1], offset: 2>>
  }
  %o = scf.if %c -> (memref<8xf32>) {
    scf.yield %a : memref<8xf32>
  } else {
    %n = memref.alloc() : memref<8xf32>
    "memref.copy"(%a, %n) : (memref<8xf32>, memref<8xf32>) -> ()
    scf.yield %n : memref<8xf32>
  }
  func.return %s, %o : memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>
}
func.func @outer(%c: i1, %a: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %five = arith.constant 5.0 : f32
  %s, %o = func.call @window(%c, %a) : (i1, memref<8xf32>) -> (memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>)
  memref.store %five, %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
  %x = memref.load %o[%c0] : memref<8xf32>
  func.return %x : f32
}
func.func @main() -> (f32, f32, f32) {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %m = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<8xf32>)
  %x = func.call @outer(%true, %m) : (i1, memref<8xf32>) -> f32
  %y = func.call @outer(%false, %m) : (i1, memref<8xf32>) -> f32
  %z = memref.load %m[%c2] : memref<8xf32>
  func.return %x, %y, %z : f32, f32, f32
}

// CHECK-LABEL: func.func private @window__inplace(%c: i1, %a: memref<8xf32>) -> (memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>) {
// CHECK-NEXT:  %s = scf.if %c -> (memref<4xf32, strided<[1], offset: 2>>) {
// CHECK-NEXT:  %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:  scf.yield %v : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %w = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:  scf.yield %w : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:  }
// CHECK-NEXT:  %o, %o_owned = scf.if %c -> (memref<8xf32>, i1) {
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  scf.yield %a, %false : memref<8xf32>, i1
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %n = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  "memref.copy"(%a, %n) : (memref<8xf32>, memref<8xf32>) -> ()
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  scf.yield %n, %true : memref<8xf32>, i1
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %s, %o : memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @window(%c: i1, %a: memref<8xf32>) -> (memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>) {
// CHECK-NEXT:  %0, %1 = func.call @window__inplace(%c, %a) : (i1, memref<8xf32>) -> (memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>)
// CHECK-NEXT:  %2 = arith.constant true
// CHECK-NEXT:  %3 = "memref.extract_aligned_pointer_as_index"(%1) : (memref<8xf32>) -> index
// CHECK-NEXT:  %4 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<8xf32>) -> index
// CHECK-NEXT:  %5 = arith.cmpi eq, %3, %4 : index
// CHECK-NEXT:  %owned = arith.xori %5, %2 : i1
// CHECK-NEXT:  %6 = memref.alloc() : memref<6xf32>
// CHECK-NEXT:  %7 = memref.reinterpret_cast %6 to offset: [2], sizes: [4], strides: [1] : memref<6xf32> to memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:  "memref.copy"(%0, %7) : (memref<4xf32, strided<[1], offset: 2>>, memref<4xf32, strided<[1], offset: 2>>) -> ()
// CHECK-NEXT:  %8 = scf.if %owned -> (memref<8xf32>) {
// CHECK-NEXT:  scf.yield %1 : memref<8xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %9 = bufferization.clone %1 : memref<8xf32> to memref<8xf32>
// CHECK-NEXT:  scf.yield %9 : memref<8xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %7, %8 : memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @outer(%c: i1, %a: memref<8xf32>) -> f32 {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %five = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:  %s, %o = func.call @window__inplace(%c, %a) : (i1, memref<8xf32>) -> (memref<4xf32, strided<[1], offset: 2>>, memref<8xf32>)
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%o) : (memref<8xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<8xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %o_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  memref.store %five, %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
// CHECK-NEXT:  %x = memref.load %o[%c0] : memref<8xf32>
// CHECK-NEXT:  scf.if %o_owned {
// CHECK-NEXT:  memref.dealloc %o : memref<8xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %x : f32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> (f32, f32, f32) {
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %true = arith.constant true
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %m = memref.alloc() : memref<8xf32>
// CHECK-NEXT:  linalg.fill ins(%one : f32) outs(%m : memref<8xf32>)
// CHECK-NEXT:  %x = func.call @outer(%true, %m) : (i1, memref<8xf32>) -> f32
// CHECK-NEXT:  %y = func.call @outer(%false, %m) : (i1, memref<8xf32>) -> f32
// CHECK-NEXT:  %z = memref.load %m[%c2] : memref<8xf32>
// CHECK-NEXT:  memref.dealloc %m : memref<8xf32>
// CHECK-NEXT:  func.return %x, %y, %z : f32, f32, f32
// CHECK-NEXT:  }

// -----

// Public functions calling each other: the forwarding is found callee first, each call in the
// module calls a twin, and a name already taken gets the next free suffix.
func.func private @inner__inplace() {
  func.return
}
func.func @inner(%a: memref<4xf32>) -> memref<?xf32> {
  %d = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>
  func.return %d : memref<?xf32>
}
func.func @middle(%a: memref<4xf32>) -> memref<?xf32> {
  %r = func.call @inner(%a) : (memref<4xf32>) -> memref<?xf32>
  func.return %r : memref<?xf32>
}
func.func @main() -> f32 {
  %c3 = arith.constant 3 : index
  %seven = arith.constant 7.0 : f32
  %one = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @middle(%m) : (memref<4xf32>) -> memref<?xf32>
  memref.store %seven, %r[%c3] : memref<?xf32>
  %x = memref.load %m[%c3] : memref<4xf32>
  func.call @inner__inplace() : () -> ()
  func.return %x : f32
}

// CHECK-LABEL: func.func private @inner__inplace() {
// CHECK-LABEL: func.func private @inner__inplace_1(%a: memref<4xf32>) -> memref<?xf32> {
// CHECK-NEXT:    %d = "memref.cast"(%a) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT:    func.return %d : memref<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @inner(%a: memref<4xf32>) -> memref<?xf32> {
// CHECK-NEXT:    %0 = func.call @inner__inplace_1(%a) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT:    %1 = bufferization.clone %0 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    func.return %1 : memref<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @middle__inplace(%a: memref<4xf32>) -> memref<?xf32> {
// CHECK-NEXT:    %r = func.call @inner__inplace_1(%a) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT:    func.return %r : memref<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @middle(%a: memref<4xf32>) -> memref<?xf32> {
// CHECK-NEXT:    %0 = func.call @middle__inplace(%a) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT:    %1 = bufferization.clone %0 : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    func.return %1 : memref<?xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main()
// CHECK:         %r = func.call @middle__inplace(%m) : (memref<4xf32>) -> memref<?xf32>
// CHECK-NEXT:    memref.store %seven, %r[%c3] : memref<?xf32>
// CHECK-NEXT:    %x = memref.load %m[%c3] : memref<4xf32>
// CHECK-NEXT:    memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:    func.call @inner__inplace() : () -> ()

// -----

// A public function called in the module whose result is the argument on one path only is
// split too (its twin returns it as is, callers compare pointers), and so is a recursive
// one forwarding its argument (a greatest fixed point over the cycle: its twin calls
// itself); one that returns its argument but is called from outside only is left as is.
func.func @arg_or_new(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %n = memref.alloc() : memref<4xf32>
    "memref.copy"(%a, %n) : (memref<4xf32>, memref<4xf32>) -> ()
    scf.yield %n : memref<4xf32>
  }
  func.return %r : memref<4xf32>
}
func.func @rec(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
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
func.func @uncalled(%a: memref<4xf32>) -> memref<4xf32> {
  func.return %a : memref<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %false = arith.constant false
  %m = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
  %r = func.call @arg_or_new(%false, %m) : (i1, memref<4xf32>) -> memref<4xf32>
  %s = func.call @rec(%m, %c2) : (memref<4xf32>, index) -> memref<4xf32>
  %x = memref.load %r[%c0] : memref<4xf32>
  %y = memref.load %s[%c0] : memref<4xf32>
  func.return %x, %y : f32, f32
}

// CHECK-LABEL: func.func private @arg_or_new__inplace(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
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
// CHECK-LABEL: func.func @arg_or_new(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %0 = func.call @arg_or_new__inplace(%c, %a) : (i1, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %1 = arith.constant true
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%0) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = "memref.extract_aligned_pointer_as_index"(%a) : (memref<4xf32>) -> index
// CHECK-NEXT:  %4 = arith.cmpi eq, %2, %3 : index
// CHECK-NEXT:  %owned = arith.xori %4, %1 : i1
// CHECK-NEXT:  %5 = scf.if %owned -> (memref<4xf32>) {
// CHECK-NEXT:  scf.yield %0 : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %6 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  scf.yield %6 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %5 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func private @rec__inplace(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c1 = arith.constant 1 : index
// CHECK-NEXT:  %done = arith.cmpi eq, %n, %c0 : index
// CHECK-NEXT:  %r = scf.if %done -> (memref<4xf32>) {
// CHECK-NEXT:  scf.yield %a : memref<4xf32>
// CHECK-NEXT:  } else {
// CHECK-NEXT:  %m = arith.subi %n, %c1 : index
// CHECK-NEXT:  %x = func.call @rec__inplace(%a, %m) : (memref<4xf32>, index) -> memref<4xf32>
// CHECK-NEXT:  scf.yield %x : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.return %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @rec(%a: memref<4xf32>, %n: index) -> memref<4xf32> {
// CHECK-NEXT:  %0 = func.call @rec__inplace(%a, %n) : (memref<4xf32>, index) -> memref<4xf32>
// CHECK-NEXT:  %1 = bufferization.clone %0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  func.return %1 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @uncalled(%a: memref<4xf32>) -> memref<4xf32> {
// CHECK-NEXT:  %0 = bufferization.clone %a : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:  func.return %0 : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %c2 = arith.constant 2 : index
// CHECK-NEXT:  %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:  %false = arith.constant false
// CHECK-NEXT:  %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT:  linalg.fill ins(%one : f32) outs(%m : memref<4xf32>)
// CHECK-NEXT:  %r = func.call @arg_or_new__inplace(%false, %m) : (i1, memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:  %0 = arith.constant true
// CHECK-NEXT:  %1 = "memref.extract_aligned_pointer_as_index"(%r) : (memref<4xf32>) -> index
// CHECK-NEXT:  %2 = "memref.extract_aligned_pointer_as_index"(%m) : (memref<4xf32>) -> index
// CHECK-NEXT:  %3 = arith.cmpi eq, %1, %2 : index
// CHECK-NEXT:  %r_owned = arith.xori %3, %0 : i1
// CHECK-NEXT:  %s = func.call @rec__inplace(%m, %c2) : (memref<4xf32>, index) -> memref<4xf32>
// CHECK-NEXT:  %x = memref.load %r[%c0] : memref<4xf32>
// CHECK-NEXT:  scf.if %r_owned {
// CHECK-NEXT:  memref.dealloc %r : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  %y = memref.load %s[%c0] : memref<4xf32>
// CHECK-NEXT:  memref.dealloc %m : memref<4xf32>
// CHECK-NEXT:  func.return %x, %y : f32, f32
// CHECK-NEXT:  }
