// RUN: xdsl-bufferize-check %s --pipeline static-memory-planning | filecheck %s
// RUN: xdsl-bufferize-check %s --entry tensors --pipeline 'comprehensive-bufferize{plan-memory=true}' | filecheck %s --check-prefix=TENSORS
// RUN: not xdsl-bufferize-check %s --pipeline 'static-memory-planning{alignment=3}' 2>&1 | filecheck %s --check-prefix=BAD
// RUN: not xdsl-bufferize-check %s --pipeline 'comprehensive-bufferize{plan-memory=true plan-memory-alignment=0}' 2>&1 | filecheck %s --check-prefix=BAD-COMPREHENSIVE

// %a and %b are live together (each is read after the other is written): at one
// offset, the writes into %b would overwrite %a. %c is allocated after %a's last
// use and reuses its bytes. Results equal, no leak, one heap call.

func.func @main() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  linalg.fill ins(%two : f32) outs(%b : memref<4xf32>)
  %x = memref.load %a[%c3] : memref<4xf32>
  %y = memref.load %b[%c3] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x) -> (f32) {
    %t = memref.alloc() : memref<4xf32>
    linalg.fill ins(%acc : f32) outs(%t : memref<4xf32>)
    %u = memref.load %t[%c0] : memref<4xf32>
    %w = memref.load %b[%c0] : memref<4xf32>
    %n = arith.addf %u, %w : f32
    memref.dealloc %t : memref<4xf32>
    scf.yield %n : f32
  }
  %c = memref.alloc() : memref<4xf32>
  linalg.fill ins(%sum : f32) outs(%c : memref<4xf32>)
  %z = memref.load %c[%c1] : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  func.return %x, %y, %z : f32, f32, f32
}

// CHECK:      @main before (1.0, 2.0, 7.0), after (1.0, 2.0, 7.0): results match; 0 finding(s)
// CHECK-NEXT: @main before: 6 allocs (96 B), 0 copies (0 B), 6 frees, peak 32 B, lower bound 32 B; after: 1 alloc (32 B; 1 arena, 32 B), 0 copies (0 B), 1 free, peak 32 B, lower bound 32 B

// A tensor program: its three buffers in one arena. Two are live together; with
// plan-memory, bufferization aligns allocations to plan-memory-alignment (16) rather
// than buffer-alignment's default 64, so the arena is the 32 B of data.

func.func @tensors() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %sq = linalg.mul ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %cube = linalg.mul ins(%sq, %x : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %e3 = tensor.empty() : tensor<4xf32>
  %s = linalg.add ins(%cube, %sq : tensor<4xf32>, tensor<4xf32>) outs(%e3 : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %s[%c0] : tensor<4xf32>
  %w = tensor.extract %cube[%c0] : tensor<4xf32>
  func.return %v, %w : f32, f32
}

// TENSORS:      @tensors before (2.0, 1.0), after (2.0, 1.0): results match; 0 finding(s)
// TENSORS-NEXT: @tensors before: 0 allocs (0 B), 0 copies (0 B), 0 frees, peak 0 B, lower bound 0 B; after: 1 alloc (32 B; 1 arena, 32 B), 0 copies (0 B), 1 free, peak 32 B, lower bound 32 B
// RUN: xdsl-opt %s -p 'comprehensive-bufferize{plan-memory=true buffer-alignment=64}' | filecheck %s --check-prefix=EXPLICIT
// An explicit buffer-alignment is honoured: each slot starts at a multiple of 64.
// EXPLICIT-LABEL: func.func @tensors
// EXPLICIT:       memref.alloc() {alignment = 64 : i64, memory_planning.arena} : memref<80xi8>

// BAD: static-memory-planning: invalid value '3' of option alignment (must be a positive power of two)
// BAD-COMPREHENSIVE: comprehensive-bufferize: invalid value '0' of option plan-memory-alignment (must be a positive power of two)
