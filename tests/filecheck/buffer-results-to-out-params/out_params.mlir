// RUN: xdsl-opt %s -p buffer-results-to-out-params --split-input-file | filecheck %s
// RUN: xdsl-opt %s -p "buffer-results-to-out-params{hoist-static-allocs=true add-result-attr=true}" --split-input-file | filecheck %s --check-prefix=HOIST
// RUN: xdsl-opt %s -p "buffer-results-to-out-params{modify-public-functions=true}" --split-input-file | filecheck %s --check-prefix=PUBLIC

// A private function returning a buffer it allocates: the caller allocates it and
// passes it; the callee copies into it (or, hoisted, writes it directly).
func.func private @make(%x: f32) -> (memref<4xf32> {test.tag}, f32) {
  %a = memref.alloc() : memref<4xf32>
  linalg.fill ins(%x : f32) outs(%a : memref<4xf32>)
  func.return %a, %x : memref<4xf32>, f32
}

func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %m, %g = func.call @make(%f) : (f32) -> (memref<4xf32>, f32)
  %v = memref.load %m[%c0] : memref<4xf32>
  %s = arith.addf %v, %g : f32
  func.return %s : f32
}

// CHECK:       func.func private @make(%x: f32, %0: memref<4xf32> {test.tag}) -> f32 {
// CHECK-NEXT:    %a = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%a : memref<4xf32>)
// CHECK-NEXT:    "memref.copy"(%a, %0) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    func.return %x : f32
// CHECK-LABEL: func.func @main
// CHECK:         %m = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %g = func.call @make(%f, %m) : (f32, memref<4xf32>) -> f32
// CHECK-NEXT:    %v = memref.load %m[%c0] : memref<4xf32>

// HOIST:       func.func private @make(%x: f32, %a: memref<4xf32> {test.tag, bufferize.result}) -> f32 {
// HOIST-NEXT:    linalg.fill ins(%x : f32) outs(%a : memref<4xf32>)
// HOIST-NEXT:    func.return %x : f32

// -----

// Public functions keep their results unless modify-public-functions is set.
func.func @pub() -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  func.return %a : memref<2xf32>
}

func.func @caller() -> memref<2xf32> {
  %r = func.call @pub() : () -> memref<2xf32>
  func.return %r : memref<2xf32>
}

// CHECK-LABEL: func.func @pub() -> memref<2xf32>
// CHECK-LABEL: func.func @caller() -> memref<2xf32>
// CHECK-NEXT:    %r = func.call @pub() : () -> memref<2xf32>

// PUBLIC:       func.func @pub(%0: memref<2xf32>) {
// PUBLIC:       func.func @caller(%0: memref<2xf32>) {
// PUBLIC-NEXT:    %r = memref.alloc() : memref<2xf32>
// PUBLIC-NEXT:    func.call @pub(%r) : (memref<2xf32>) -> ()
// PUBLIC-NEXT:    "memref.copy"(%r, %0)
// PUBLIC-NEXT:    func.return

// -----

// Hoisting needs the same fresh buffer on every return and at one position only:
// two buffers returned on two paths, one buffer returned twice, a clone (a copy,
// not an allocation): all copied. A fully dynamic layout: the caller casts.
func.func private @paths(%c: i1) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  func.return %a : memref<2xf32>
^bb2:
  func.return %b : memref<2xf32>
}

func.func private @twice() -> (memref<2xf32>, memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  func.return %a, %a : memref<2xf32>, memref<2xf32>
}

func.func private @cloned(%x: memref<2xf32>) -> memref<2xf32, strided<[?], offset: ?>> {
  %a = bufferization.clone %x : memref<2xf32> to memref<2xf32>
  %d = "memref.cast"(%a) : (memref<2xf32>) -> memref<2xf32, strided<[?], offset: ?>>
  func.return %d : memref<2xf32, strided<[?], offset: ?>>
}

func.func @use(%c: i1, %x: memref<2xf32>) {
  %0 = func.call @paths(%c) : (i1) -> memref<2xf32>
  %1, %2 = func.call @twice() : () -> (memref<2xf32>, memref<2xf32>)
  %3 = func.call @cloned(%x) : (memref<2xf32>) -> memref<2xf32, strided<[?], offset: ?>>
  func.return
}

// HOIST-LABEL: func.func private @paths
// HOIST:         ^bb1:
// HOIST-NEXT:      "memref.copy"(%a, %0)
// HOIST:         ^bb2:
// HOIST-NEXT:      "memref.copy"(%b, %0)
// HOIST-LABEL: func.func private @twice
// HOIST-NEXT:    %a = memref.alloc()
// HOIST-NEXT:    "memref.copy"(%a, %0)
// HOIST-NEXT:    "memref.copy"(%a, %1)
// HOIST-LABEL: func.func private @cloned
// HOIST:         "memref.copy"(%d, %0)
// HOIST-LABEL: func.func @use
// HOIST:         %3 = memref.alloc() : memref<2xf32>
// HOIST-NEXT:    %4 = "memref.cast"(%3) : (memref<2xf32>) -> memref<2xf32, strided<[?], offset: ?>>
// HOIST-NEXT:    func.call @cloned(%x, %4)
