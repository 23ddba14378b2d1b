// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries}' | filecheck %s
// RUN: xdsl-opt %s -p 'one-shot-bufferize{bufferize-function-boundaries check-parallel-regions=false}' | filecheck %s --check-prefix=SEQ
// RUN: xdsl-bufferize-check %s --args 8xf32:random 2.5 --pipeline 'one-shot-bufferize{bufferize-function-boundaries check-parallel-regions=false},buffer-deallocation-pipeline' | filecheck %s --check-prefix=EXEC
// RUN: xdsl-bufferize-check %s --args 8xf32:random 2.5 --pipeline 'one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline' | filecheck %s --check-prefix=EXEC

// check-parallel-regions: by default a write in an scf.forall into a tensor defined
// outside it goes to a private copy per iteration (only the slice written); with
// false the forall is analysed as a sequential loop, where the slice's source is read
// again by the next iteration, so the whole source is copied at the view.

func.func @main(%a: tensor<8xf32>, %f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %a) -> (tensor<8xf32>) {
    %off = arith.muli %i, %c2 : index
    %s = tensor.extract_slice %t[%off] [2] [1] : tensor<8xf32> to tensor<2xf32>
    %g = linalg.fill ins(%f : f32) outs(%s : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %o[%off] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  %x = tensor.extract %r[%c0] : tensor<8xf32>
  return %r, %x : tensor<8xf32>, f32
}

// CHECK:       scf.forall (%i) in (4) {
// CHECK-NEXT:    %off = arith.muli %i, %c2 : index
// CHECK-NEXT:    %1 = memref.subview %0[%off] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    %2 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT:    linalg.fill ins(%f : f32) outs(%2 : memref<2xf32>)

// SEQ:         scf.forall (%i) in (4) {
// SEQ-NEXT:      %off = arith.muli %i, %c2 : index
// SEQ-NEXT:      %1 = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// SEQ-NEXT:      "memref.copy"(%0, %1) : (memref<8xf32>, memref<8xf32>) -> ()
// SEQ-NEXT:      %2 = memref.subview %1[%off] [2] [1] : memref<8xf32> to memref<2xf32, strided<[1], offset: ?>>
// SEQ-NEXT:      linalg.fill ins(%f : f32) outs(%2 : memref<2xf32, strided<[1], offset: ?>>)

// EXEC: results match; 0 finding(s)
