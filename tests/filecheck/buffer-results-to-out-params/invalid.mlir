// RUN: xdsl-opt %s -p buffer-results-to-out-params --split-input-file --verify-diagnostics | filecheck %s
// RUN: xdsl-opt %s -p "buffer-results-to-out-params{hoist-dynamic-allocs=true}" --split-input-file --verify-diagnostics | filecheck %s --check-prefix=HOIST

// A dynamically shaped result the caller cannot size (not hoisted).
func.func private @dyn(%n: index) -> memref<?xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  func.return %a : memref<?xf32>
}

func.func @use_dyn(%k: index) {
  %r = func.call @dyn(%k) : (index) -> memref<?xf32>
  func.return
}

// CHECK: 'func.call' op cannot create out param for dynamically shaped result #0

// HOIST:      func.func private @dyn(%n: index, %a: memref<?xf32>) {
// HOIST-NEXT:   func.return
// HOIST:      %r = memref.alloc(%k) : memref<?xf32>
// HOIST-NEXT: func.call @dyn(%k, %r) : (index, memref<?xf32>) -> ()

// -----

// A layout the caller cannot allocate.
func.func private @strided(%x: memref<8xf32>) -> memref<4xf32, strided<[2]>> {
  %s = memref.subview %x[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  func.return %s : memref<4xf32, strided<[2]>>
}

// CHECK: 'func.func' op cannot create out param for result with unsupported layout (result #0: memref<4xf32, strided<[2]>>)
