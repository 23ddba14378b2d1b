// RUN: xdsl-opt %s -p buffer-deallocation | filecheck %s

// Calls that return an argument on some paths only, among other returned
// buffers (`return %a, %r` where `%r = call @pick(%a, ...)`), in both result
// orders, through one or two levels of calls, from private and public callers:
// the callers keep the program's aliasing. @main writes through one result and
// reads through the other: when @pick returned %a, the write is seen (the
// execution test compares the results with the input's); nothing leaks, nothing
// is freed twice.
func.func private @pick(%a: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = scf.if %c -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    %e = memref.alloc() : memref<4xf32>
    %z = arith.constant 0.0 : f32
    linalg.fill ins(%z : f32) outs(%e : memref<4xf32>)
    scf.yield %e : memref<4xf32>
  }
  return %r : memref<4xf32>
}
func.func private @pick2(%a: memref<4xf32>, %c: i1) -> memref<4xf32> {
  %r = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  return %r : memref<4xf32>
}
func.func private @both(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
  %r = func.call @pick2(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  return %a, %r : memref<4xf32>, memref<4xf32>
}
func.func private @both_rev(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
  %r = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  return %r, %a : memref<4xf32>, memref<4xf32>
}
func.func @both_public(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
  %r = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
  return %a, %r : memref<4xf32>, memref<4xf32>
}
func.func @main() -> (f32, f32, f32, f32, f32, f32) {
  %true = arith.constant true
  %false = arith.constant false
  %i = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  %x, %y = func.call @both(%a, %true) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
  %w0 = arith.constant 7.0 : f32
  memref.store %w0, %x[%i] : memref<4xf32>
  %v0 = memref.load %y[%i] : memref<4xf32>
  %p, %q = func.call @both_rev(%a, %true) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
  %w1 = arith.constant 8.0 : f32
  memref.store %w1, %q[%i] : memref<4xf32>
  %v1 = memref.load %p[%i] : memref<4xf32>
  %s, %t = func.call @both_rev(%a, %false) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
  %w2 = arith.constant 9.0 : f32
  memref.store %w2, %t[%i] : memref<4xf32>
  %v2 = memref.load %s[%i] : memref<4xf32>
  %g, %h = func.call @both_public(%a, %true) : (memref<4xf32>, i1) -> (memref<4xf32>, memref<4xf32>)
  %w3 = arith.constant 10.0 : f32
  memref.store %w3, %h[%i] : memref<4xf32>
  %v3 = memref.load %g[%i] : memref<4xf32>
  %v4 = memref.load %a[%i] : memref<4xf32>
  %v5 = memref.load %t[%i] : memref<4xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func private @both(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:    %r = func.call @pick2(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK-NEXT:    func.return %a, %r : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @both_rev(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:    %r = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK-NEXT:    func.return %r, %a : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @both_public__inplace(%a: memref<4xf32>, %c: i1) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:    %r = func.call @pick(%a, %c) : (memref<4xf32>, i1) -> memref<4xf32>
// CHECK-NEXT:    func.return %a, %r : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main()
// CHECK-NOT:     bufferization.clone
// CHECK:         %x, %y = func.call @both(%a, %true)
// CHECK:         memref.store %w0, %x[%i] : memref<4xf32>
// CHECK-NEXT:    %v0 = memref.load %y[%i] : memref<4xf32>
// CHECK-NOT:     bufferization.clone
// CHECK:         %g, %h = func.call @both_public__inplace(%a, %true)
// CHECK-NOT:     bufferization.clone
// CHECK:         func.return
