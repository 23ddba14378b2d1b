// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results public-arguments-writable=false}' | filecheck %s

// A public kernel called inside the module: the body moves to the private in-place
// variant @kernel__inplace, which every internal call targets; @kernel becomes a
// wrapper that copies the argument the body writes (external callers keep their
// buffer) and calls the variant. @main passes buffers it does not read again: no copy.
func.func @kernel(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %b[%c0] : tensor<4xf32>
  %y = tensor.extract %a[%c0] : tensor<4xf32>
  %s = arith.addf %x, %y : f32
  %r = tensor.insert %s into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %b = linalg.fill ins(%one : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @kernel(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @kernel__inplace(%a: memref<4xf32, strided<[?], offset: ?>>, %b: memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NOT:     memref.alloc
// CHECK:         memref.store %s, %a[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @kernel(%a: memref<4xf32, strided<[?], offset: ?>>, %b: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK-NEXT:    %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%a, %[[COPY]]) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
// CHECK-NEXT:    %[[CAST:.*]] = "memref.cast"(%[[COPY]])
// CHECK-NEXT:    func.call @kernel__inplace(%[[CAST]], %b)
// CHECK-NEXT:    func.return %[[COPY]] : memref<4xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NOT:     memref.copy
// CHECK:         func.call @kernel__inplace(%[[A:.*]], %{{.*}}) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>) -> ()
// CHECK-NEXT:    %v = memref.load %[[A]][%c0]
// CHECK-NOT:     memref.copy
// CHECK:         func.return %v : f32

// -----

// A public kernel nobody in the module calls: copy at entry, as before; no variant.
func.func @lonely(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-NOT:   __inplace
// CHECK-LABEL: func.func @lonely(%a: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK:         %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%a, %[[COPY]])
// CHECK-NEXT:    memref.store %one, %[[COPY]][%c0] : memref<4xf32>
// CHECK-NEXT:    func.return %[[COPY]] : memref<4xf32>
// CHECK-NOT:   __inplace

// -----

// A public kernel whose argument is declared writable writes it in place already:
// no variant, no wrapper, no copy.
func.func @kernel(%a: tensor<4xf32> {bufferization.writable = true}) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @kernel(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-NOT:   __inplace
// CHECK-LABEL: func.func @kernel(%a: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    memref.store %one, %a[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    func.return %a
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NOT:     memref.copy
// CHECK:         func.call @kernel(
// CHECK-NOT:   __inplace

// -----

// A chain of public kernels: @outer calls @inner, @main calls @outer. Each gets an
// in-place variant; the variants call each other; each wrapper copies once.
func.func @inner(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @outer(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %x = func.call @inner(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %r = tensor.insert %two into %x[%c1] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @outer(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @inner__inplace(%a: memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NOT:     memref.alloc
// CHECK:         memref.store %one, %a[%c0]
// CHECK-LABEL: func.func @inner(%a: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK-NEXT:    memref.alloc()
// CHECK-NEXT:    "memref.copy"(%a,
// CHECK-NEXT:    memref.cast
// CHECK-NEXT:    func.call @inner__inplace(
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func private @outer__inplace(%a: memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NOT:     memref.alloc
// CHECK:         func.call @inner__inplace(%a) : (memref<4xf32, strided<[?], offset: ?>>) -> ()
// CHECK-NEXT:    memref.store %two, %a[%c1]
// CHECK-LABEL: func.func @outer(%a: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK-NEXT:    memref.alloc()
// CHECK-NEXT:    "memref.copy"(%a,
// CHECK-NEXT:    memref.cast
// CHECK-NEXT:    func.call @outer__inplace(
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK-NOT:     memref.copy
// CHECK:         func.call @outer__inplace(
// CHECK-NOT:     memref.copy
// CHECK:         func.return

// -----

// Every internal call must copy anyway (a constant, read again after the call): the
// variant would not save a copy, so there is none and the kernel copies at entry.
func.func @kernel(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
  %r = func.call @kernel(%cst) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  %w = tensor.extract %cst[%c0] : tensor<4xf32>
  return %v, %w : f32, f32
}

// CHECK-NOT:   __inplace
// CHECK-LABEL: func.func @kernel(%a: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK:         memref.alloc()
// CHECK-NEXT:    "memref.copy"(%a,
// CHECK-LABEL: func.func @main() -> (f32, f32) {
// CHECK-NOT:     memref.copy
// CHECK:         func.call @kernel(
// CHECK-NOT:   __inplace

// -----

// The variant's name avoids existing symbols.
func.func private @fill__inplace(%x: f32) -> f32 {
  return %x : f32
}
func.func @fill(%a: tensor<4xf32>, %x: f32) -> tensor<4xf32> {
  %r = linalg.fill ins(%x : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %y = func.call @fill__inplace(%one) : (f32) -> f32
  %r = func.call @fill(%e, %y) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @fill__inplace(%x: f32) -> f32 {
// CHECK-LABEL: func.func private @fill__inplace_1(%a: memref<4xf32, strided<[?], offset: ?>>, %x: f32) {
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%a : memref<4xf32, strided<[?], offset: ?>>)
// CHECK-LABEL: func.func @fill(%a: memref<4xf32, strided<[?], offset: ?>>, %x: f32) -> memref<4xf32> {
// CHECK-NEXT:    %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%a, %[[NEW]])
// CHECK-NEXT:    %[[CAST:.*]] = "memref.cast"(%[[NEW]])
// CHECK-NEXT:    func.call @fill__inplace_1(%[[CAST]], %x)
// CHECK-NEXT:    func.return %[[NEW]] : memref<4xf32>
// CHECK-LABEL: func.func @main() -> f32 {
// CHECK:         func.call @fill__inplace(%one)
// CHECK:         func.call @fill__inplace_1(
