// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true drop-equivalent-buffer-results public-arguments-writable=false}' | filecheck %s

// private callee writes its argument in place: the result is dropped, no copy
func.func private @inc(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @caller(%x: f32) -> f32 {
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @inc(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c1] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @inc(%t: memref<4xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %one = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    memref.store %one, %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @caller(%x: f32) -> f32 {
// CHECK:         %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT:    %[[C:.*]] = "memref.cast"(%[[B]]) : (memref<4xf32>) -> memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    func.call @inc(%[[C]]) : (memref<4xf32, strided<[?], offset: ?>>) -> ()
// CHECK-NEXT:    %v = memref.load %[[C]][%c1]
// CHECK-NOT:     memref.copy

// -----


// the caller reads its tensor again after the call: a copy is passed
func.func private @inc(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @caller(%x: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @inc(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  %w = tensor.extract %t[%c0] : tensor<4xf32>
  return %v, %w : f32, f32
}

// CHECK-LABEL: func.func @caller(%x: f32) -> (f32, f32) {
// CHECK:         %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%[[T]] : memref<4xf32>)
// CHECK-NEXT:    %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[T]], %[[COPY]])
// CHECK-NEXT:    %[[C:.*]] = "memref.cast"(%[[COPY]])
// CHECK-NEXT:    func.call @inc(%[[C]]) : (memref<4xf32, strided<[?], offset: ?>>) -> ()
// CHECK-NEXT:    %v = memref.load %[[C]][%c0]
// CHECK-NEXT:    %w = memref.load %[[T]][%c0] : memref<4xf32>

// -----


// a constant passed to a callee that writes it: copied (constants are read-only)
func.func private @inc(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @caller() -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<2.0> : tensor<4xf32>
  %r = func.call @inc(%cst) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @caller() -> f32 {
// CHECK:         %[[G:.*]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:    %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[G]], %[[COPY]])
// CHECK-NEXT:    %[[C:.*]] = "memref.cast"(%[[COPY]])
// CHECK-NEXT:    func.call @inc(%[[C]])

// -----


// a callee that only reads: no copy even though the caller reads again
func.func private @first(%t: tensor<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %t[%c0] : tensor<4xf32>
  return %v : f32
}
func.func @caller() -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<2.0> : tensor<4xf32>
  %a = func.call @first(%cst) : (tensor<4xf32>) -> f32
  %b = tensor.extract %cst[%c1] : tensor<4xf32>
  return %a, %b : f32, f32
}

// CHECK-LABEL: func.func private @first(%t: memref<4xf32, strided<[?], offset: ?>>) -> f32 {
// CHECK-LABEL: func.func @caller() -> (f32, f32) {
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         %a = func.call @first(%{{.*}}) : (memref<4xf32, strided<[?], offset: ?>>) -> f32
// CHECK-NEXT:    %b = memref.load %{{.*}}[%c1] : memref<4xf32>

// -----


// public function: read-only argument unless marked writable
func.func @pub(%t: tensor<4xf32>, %u: tensor<4xf32> {bufferization.writable = true}) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = tensor.insert %one into %t[%c0] : tensor<4xf32>
  %b = tensor.insert %one into %u[%c0] : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @pub(%t: memref<4xf32, strided<[?], offset: ?>>, %u: memref<4xf32, strided<[?], offset: ?>>) -> (memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>) {
// CHECK:         %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%t, %[[COPY]])
// CHECK-NEXT:    memref.store %one, %[[COPY]][%c0] : memref<4xf32>
// CHECK-NEXT:    memref.store %one, %u[%c0] : memref<4xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    func.return %[[COPY]], %u : memref<4xf32>, memref<4xf32, strided<[?], offset: ?>>

// -----


// a fresh result is returned as an allocation owned by the caller
func.func private @make(%x: f32) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %t : tensor<4xf32>
}
func.func @caller(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %t = func.call @make(%x) : (f32) -> tensor<4xf32>
  %v = tensor.extract %t[%c0] : tensor<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @make(%x: f32) -> memref<4xf32> {
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT:    func.return %[[B]] : memref<4xf32>
// CHECK-LABEL: func.func @caller(%x: f32) -> f32 {
// CHECK:         %[[R:.*]] = func.call @make(%x) : (f32) -> memref<4xf32>
// CHECK-NEXT:    %v = memref.load %[[R]][%c0] : memref<4xf32>

// -----


// private argument marked not writable: written through a copy inside the callee
func.func private @inc(%t: tensor<4xf32> {bufferization.writable = false}) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = tensor.insert %one into %t[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func private @inc(%t: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32> {
// CHECK:         %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%t, %[[COPY]])
// CHECK-NEXT:    memref.store %one, %[[COPY]][%c0] : memref<4xf32>
// CHECK-NEXT:    func.return %[[COPY]] : memref<4xf32>

// -----


// external function: fully dynamic argument, assumed to read and write it, fresh result
func.func private @ext(tensor<4xf32>) -> tensor<4xf32>
func.func @caller(%x: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @ext(%t) : (tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %r[%c0] : tensor<4xf32>
  %w = tensor.extract %t[%c0] : tensor<4xf32>
  return %v, %w : f32, f32
}

// CHECK-LABEL: func.func private @ext(memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32>
// CHECK-LABEL: func.func @caller(%x: f32) -> (f32, f32) {
// CHECK:         %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK:         %[[COPY:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK-NEXT:    "memref.copy"(%[[T]], %[[COPY]])
// CHECK-NEXT:    %[[C:.*]] = "memref.cast"(%[[COPY]])
// CHECK-NEXT:    %[[R:.*]] = func.call @ext(%[[C]]) : (memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32>
// CHECK-NEXT:    %v = memref.load %[[R]][%c0] : memref<4xf32>
// CHECK-NEXT:    %w = memref.load %[[T]][%c0] : memref<4xf32>

