// RUN: xdsl-opt %s --split-input-file --allow-unregistered-dialect -p 'one-shot-bufferize{dialect-filter=tensor,bufferization}' | filecheck %s --check-prefix=TENSOR
// RUN: xdsl-opt %s --split-input-file --allow-unregistered-dialect -p 'one-shot-bufferize{dialect-filter=linalg}' | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s --split-input-file --allow-unregistered-dialect -p 'one-shot-bufferize{dialect-filter=scf,bufferization}' | filecheck %s --check-prefix=SCF
// RUN: xdsl-opt %s --split-input-file --allow-unregistered-dialect -p 'one-shot-bufferize{dialect-filter=tensor bufferize-function-boundaries}' | filecheck %s --check-prefix=NOFUNC
// RUN: xdsl-opt %s --split-input-file --allow-unregistered-dialect -p 'one-shot-bufferize{dialect-filter=func,tensor,linalg,bufferization bufferize-function-boundaries}' | filecheck %s --check-prefix=FUNC
// RUN: not xdsl-opt %s --allow-unregistered-dialect -p 'comprehensive-bufferize{dialect-filter=tensor}' 2>&1 | filecheck %s --check-prefix=COMP
// RUN: not xdsl-opt %s --allow-unregistered-dialect -p 'one-shot-bufferize' 2>&1 | filecheck %s --check-prefix=NOFILTER

// dialect-filter bufferizes the ops of the listed dialects only; the others stay on
// tensors behind to_buffer / to_tensor, as unknown ops do, and are no error
// without allow-unknown-ops (the mydialect op below is refused without a filter).

func.func @mixed(%a: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.insert %f into %t[%i] : tensor<4xf32>
  %w = "mydialect.frob"(%u) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %w : tensor<4xf32>
}

// tensor.empty and tensor.insert become memrefs; linalg.fill stays on tensors, so
// the insert writes a copy of the fill's result.
// TENSOR-LABEL: func.func @mixed(%a: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
// TENSOR-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// TENSOR-NEXT:    %e = bufferization.to_tensor %0 : memref<4xf32> to tensor<4xf32>
// TENSOR-NEXT:    %t = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
// TENSOR-NEXT:    %1 = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// TENSOR-NEXT:    %2 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// TENSOR-NEXT:    "memref.copy"(%1, %2) : (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32>) -> ()
// TENSOR-NEXT:    memref.store %f, %2[%i] : memref<4xf32>
// TENSOR-NEXT:    %u = bufferization.to_tensor %2 : memref<4xf32> to tensor<4xf32>
// TENSOR-NEXT:    %w = "mydialect.frob"(%u) : (tensor<4xf32>) -> tensor<4xf32>
// TENSOR-NEXT:    func.return %w : tensor<4xf32>

// Only the fill is bufferized, into a buffer of the empty tensor.
// LINALG-LABEL: func.func @mixed(%a: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
// LINALG-NEXT:    %e = tensor.empty() : tensor<4xf32>
// LINALG-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// LINALG-NEXT:    linalg.fill ins(%f : f32) outs(%0 : memref<4xf32>)
// LINALG-NEXT:    %t = bufferization.to_tensor %0 : memref<4xf32> to tensor<4xf32>
// LINALG-NEXT:    %u = tensor.insert %f into %t[%i] : tensor<4xf32>

// Nothing of scf: the function is left as it is.
// SCF-LABEL: func.func @mixed(%a: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
// SCF-NEXT:    %e = tensor.empty() : tensor<4xf32>
// SCF-NEXT:    %t = linalg.fill

// Without func in the list, signatures stay on tensors even with function boundaries.
// NOFUNC-LABEL: func.func @mixed(%a: tensor<4xf32>, %f: f32, %i: index) -> tensor<4xf32> {
// NOFUNC-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>

// With func, the argument becomes a memref.
// FUNC-LABEL: func.func @mixed(%a: memref<4xf32, strided<[?], offset: ?>>, %f: f32, %i: index) -> memref<4xf32> {
// FUNC-NEXT:    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// FUNC-NEXT:    linalg.fill ins(%f : f32) outs(%0 : memref<4xf32>)
// FUNC-NEXT:    memref.store %f, %0[%i] : memref<4xf32>
// FUNC-NEXT:    %u = bufferization.to_tensor %0 : memref<4xf32> to tensor<4xf32>
// FUNC-NEXT:    %w = "mydialect.frob"(%u) : (tensor<4xf32>) -> tensor<4xf32>
// FUNC-NEXT:    %1 = bufferization.to_buffer %w : tensor<4xf32> to memref<4xf32>
// FUNC-NEXT:    func.return %1 : memref<4xf32>

// NOFILTER: 'mydialect.frob' op has tensor semantics but no bufferization model

// COMP: error: comprehensive-bufferize: option dialect-filter is not supported (the whole module is bufferized and deallocated; for a partial bufferization use one-shot-bufferize{dialect-filter=...})

// -----

// scf.if is bufferized, its branches' tensor ops are not.
func.func @branches(%t: tensor<?xf32> {bufferization.writable = true}, %c: i1, %i: index, %f: f32) -> tensor<?xf32> {
  %r = scf.if %c -> (tensor<?xf32>) {
    scf.yield %t : tensor<?xf32>
  } else {
    %1 = tensor.insert %f into %t[%i] : tensor<?xf32>
    scf.yield %1 : tensor<?xf32>
  }
  func.return %r : tensor<?xf32>
}

// SCF-LABEL: func.func @branches(
// SCF-NEXT:    %0 = bufferization.to_buffer %t read_only : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// SCF-NEXT:    %1 = scf.if %c -> (memref<?xf32, strided<[?], offset: ?>>) {
// SCF-NEXT:      scf.yield %0 : memref<?xf32, strided<[?], offset: ?>>
// SCF-NEXT:    } else {
// SCF-NEXT:      %2 = tensor.insert %f into %t[%i] : tensor<?xf32>
// SCF-NEXT:      %3 = bufferization.to_buffer %2 read_only : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// SCF-NEXT:      scf.yield %3 : memref<?xf32, strided<[?], offset: ?>>
// SCF-NEXT:    }
// SCF-NEXT:    %r = bufferization.to_tensor %1 : memref<?xf32, strided<[?], offset: ?>> to tensor<?xf32>
// SCF-NEXT:    func.return %r : tensor<?xf32>
