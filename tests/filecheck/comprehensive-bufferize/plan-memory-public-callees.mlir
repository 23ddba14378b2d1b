// RUN: xdsl-opt %s -p 'comprehensive-bufferize{plan-memory=true}' | filecheck %s
// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s --check-prefix=NOPLAN
// RUN: xdsl-opt %s -p 'comprehensive-bufferize{plan-memory=true public-arguments-writable=true}' | filecheck %s --check-prefix=WRITABLE
// RUN: xdsl-bufferize-check %s --pipeline 'comprehensive-bufferize{plan-memory=true}' | filecheck %s --check-prefix=RUN-MAIN
// RUN: xdsl-bufferize-check %s --pipeline 'comprehensive-bufferize{plan-memory=true public-arguments-writable=true}' | filecheck %s --check-prefix=RUN-MAIN-W
// RUN: xdsl-bufferize-check %s --entry scale --random-inputs 2 --seed 3 --pipeline 'comprehensive-bufferize{plan-memory=true}' | filecheck %s --check-prefix=RUN-SCALE
// RUN: xdsl-bufferize-check %s --entry twice --random-inputs 2 --seed 3 --pipeline 'comprehensive-bufferize{plan-memory=true}' | filecheck %s --check-prefix=RUN-TWICE

// @scale and @twice are public (their signatures are the module's ABI) and return
// statically shaped tensors. With plan-memory, the calls inside the module target
// private variants, whose results become out-parameters: @main allocates them in its
// arena (one heap call for @main, none for the callees). The public functions keep
// their signatures, as wrappers allocating the results for outside callers.
// @dynamic returns a dynamically shaped tensor no caller can allocate: no variant.

func.func @scale(%x: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  func.return %r : tensor<8xf32>
}

// @twice writes its argument (in place in its variant) and returns a fresh buffer.
func.func @twice(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %w = linalg.add ins(%x, %x : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.mul ins(%w, %w : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  func.return %w, %r : tensor<8xf32>, tensor<8xf32>
}

func.func @dynamic(%n: index) -> tensor<?xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}

func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    linalg.yield %f : f32
  } -> tensor<8xf32>
  %y = func.call @scale(%x, %two) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %w, %z = func.call @twice(%y) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %d = func.call @dynamic(%c5) : (index) -> tensor<?xf32>
  %r1 = tensor.extract %w[%c3] : tensor<8xf32>
  %r2 = tensor.extract %z[%c3] : tensor<8xf32>
  %r3 = tensor.extract %x[%c5] : tensor<8xf32>
  %r4 = tensor.extract %d[%c0] : tensor<?xf32>
  func.return %r1, %r2, %r3, %r4 : f32, f32, f32, f32
}

// CHECK:      func.func private @scale__inplace(%x: memref<8xf32>, %s: f32, %0: memref<8xf32>) {
// CHECK-NOT:    memref.alloc
// CHECK:        func.return{{$}}
// CHECK:      func.func @scale(%x: memref<8xf32>, %s: f32) -> memref<8xf32> {
// CHECK-NEXT:   %0 = memref.alloc() {alignment = 16 : i64} : memref<8xf32>
// CHECK-NEXT:   func.call @scale__inplace(%x, %s, %0) : (memref<8xf32>, f32, memref<8xf32>) -> ()
// CHECK-NEXT:   func.return %0 : memref<8xf32>
// CHECK:      func.func private @twice__inplace(%x: memref<8xf32>, %0: memref<8xf32>) {
// CHECK-NOT:    memref.alloc
// CHECK:        linalg.add ins(%x, %x : memref<8xf32>, memref<8xf32>) outs(%x : memref<8xf32>)
// CHECK:        func.return{{$}}
// CHECK:      func.func @twice(%x: memref<8xf32>) -> (memref<8xf32>, memref<8xf32>) {
// CHECK:        "memref.copy"(%x, %{{.*}})
// CHECK:        func.call @twice__inplace(
// CHECK:      func.func @dynamic(%n: index) -> memref<?xf32> {
// CHECK-NOT:  @dynamic__inplace
// CHECK:      func.func @main()
// CHECK:        %[[ARENA:.*]] = memref.alloc() {alignment = 16 : i64, memory_planning.arena} : memref<
// CHECK:        func.call @scale__inplace(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<8xf32>, f32, memref<8xf32>) -> ()
// CHECK:        func.call @twice__inplace(%{{.*}}, %{{.*}}) : (memref<8xf32>, memref<8xf32>) -> ()
// CHECK:        func.call @dynamic(%{{.*}}) : (index) -> memref<?xf32>

// Without plan-memory, no variant: @scale keeps its body, @twice is split for its
// argument only (in place in @twice__inplace) and keeps returning its result.
// NOPLAN-NOT:  @scale__inplace
// NOPLAN:      func.func private @twice__inplace(%x: memref<8xf32>) -> memref<8xf32> {
// NOPLAN:      func.func @main()
// NOPLAN:        func.call @scale(

// With public arguments writable, @twice needs no copy for outside callers, but its
// result still goes through a variant. @scale's empty destination does not become its
// dead input: reusing a public function's argument would cost its callers a copy (here
// @main, which reads %x again) and a clone of the returned argument, more than the one
// allocation it saves; so its variant writes an out-parameter as without the option.
// WRITABLE:      func.func private @scale__inplace(%x: memref<8xf32>, %s: f32, %0: memref<8xf32>) {
// WRITABLE:      func.func private @twice__inplace(%x: memref<8xf32>, %0: memref<8xf32>) {
// WRITABLE:      func.func @twice(%x: memref<8xf32>) -> (memref<8xf32>, memref<8xf32>) {
// WRITABLE-NOT:    memref.copy
// WRITABLE:        func.call @twice__inplace(

// RUN-MAIN:      @main before (12.0, 144.0, 5.0, 1.0), after (12.0, 144.0, 5.0, 1.0): results match; 0 finding(s)
// RUN-MAIN-NEXT: @main before: {{.*}}; after: 2 allocs ({{.*}}; 1 arena, {{.*}}), 0 copies (0 B), 2 frees,
// RUN-MAIN-W:      @main before (12.0, 144.0, 5.0, 1.0), after (12.0, 144.0, 5.0, 1.0): results match; 0 finding(s)
// RUN-MAIN-W-NEXT: @main before: {{.*}}; after: 2 allocs ({{.*}}; 1 arena, {{.*}}), 0 copies (0 B), 2 frees,
// RUN-SCALE: results match; 0 finding(s)
// RUN-TWICE: results match; 0 finding(s)
