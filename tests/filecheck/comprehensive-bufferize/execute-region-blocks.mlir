// RUN: xdsl-opt %s --split-input-file -p comprehensive-bufferize | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true},buffer-deallocation' | filecheck %s --check-prefix=ONESHOT

// scf.execute_region whose region has several blocks: branches (cf.br,
// cf.cond_br) between them, several blocks ending in scf.yield, tensors passed
// to block arguments. The results are the buffers every yield passes; block
// arguments become memrefs as a function body's do. Every @main here is also run
// before and after the pipeline (tests/module/test_comprehensive_execution.py).

// Two blocks yield: one writes %a (read after the region: out of place), the
// other yields a new tensor; the first block's terminator is a cf.cond_br.
// CHECK-LABEL: func.func @main
// CHECK:       %[[R:.*]] = scf.execute_region -> (memref<4xf32>) {
// CHECK:         cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK:         "memref.copy"
// CHECK:         scf.yield %{{.*}} : memref<4xf32>
// CHECK-NEXT:  ^bb2:
// CHECK:         linalg.fill
// CHECK:         scf.yield %{{.*}} : memref<4xf32>
// CHECK:       memref.dealloc %[[R]]
// ONESHOT-LABEL: func.func @main
// ONESHOT:       scf.execute_region
// ONESHOT:       cf.cond_br
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %true = arith.constant true
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.execute_region -> tensor<4xf32> {
    %v = tensor.extract %a[%c1] : tensor<4xf32>
    cf.cond_br %true, ^bb1, ^bb2
  ^bb1:
    %w = tensor.insert %two into %a[%c0] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  ^bb2:
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %y = tensor.extract %a[%c0] : tensor<4xf32>
  return %x, %y : f32, f32
}

// -----

// A block argument merging %a and a write of it: it becomes a memref argument;
// the write is out of place (%a is read after the region).
// CHECK-LABEL: func.func @main
// CHECK:       scf.execute_region -> (memref<4xf32>, i1) {
// CHECK:         cf.cond_br %{{.*}}, ^bb1, ^bb2(%{{.*}}, %{{.*}} : memref<4xf32>, i1)
// CHECK:         cf.br ^bb2(%{{.*}}, %{{.*}} : memref<4xf32>, i1)
// CHECK-NEXT:  ^bb2(%t: memref<4xf32>, %{{.*}}: i1):
// CHECK-NEXT:    scf.yield %t, %{{.*}} : memref<4xf32>, i1
// ONESHOT-LABEL: func.func @main
// ONESHOT:       ^bb2(%t: memref<4xf32>
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %true = arith.constant true
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.execute_region -> tensor<4xf32> {
    cf.cond_br %true, ^bb1, ^bb2(%a : tensor<4xf32>)
  ^bb1:
    %w = tensor.insert %two into %a[%c0] : tensor<4xf32>
    cf.br ^bb2(%w : tensor<4xf32>)
  ^bb2(%t: tensor<4xf32>):
    scf.yield %t : tensor<4xf32>
  }
  %x = tensor.extract %r[%c0] : tensor<4xf32>
  %y = tensor.extract %a[%c0] : tensor<4xf32>
  return %x, %y : f32, f32
}

// -----

// A loop of blocks inside the region (a header carrying an index and a tensor)
// that writes the carried tensor each round and reads %a, which must keep its
// value: the carried buffer may be %a's, so each round writes a copy of it.
// CHECK-LABEL: func.func @main
// CHECK:       scf.execute_region
// CHECK:       ^head(%i: index, %t: memref<4xf32>
// CHECK:       ^body:
// CHECK:         "memref.copy"(%t, %[[C:[0-9a-z_]+]])
// CHECK:         cf.br ^head(%{{.*}}, %[[C]]
// CHECK:       ^exit:
// CHECK-NEXT:    scf.yield %t
// ONESHOT-LABEL: func.func @main
// ONESHOT:       scf.execute_region
func.func @main() -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %r = scf.execute_region -> tensor<4xf32> {
    cf.br ^head(%c0, %a : index, tensor<4xf32>)
  ^head(%i: index, %t: tensor<4xf32>):
    %go = arith.cmpi ult, %i, %c3 : index
    cf.cond_br %go, ^body, ^exit
  ^body:
    %x = tensor.extract %t[%i] : tensor<4xf32>
    %y = tensor.extract %a[%c0] : tensor<4xf32>
    %s = arith.addf %x, %y : f32
    %i1 = arith.addi %i, %c1 : index
    %w = tensor.insert %s into %t[%i1] : tensor<4xf32>
    cf.br ^head(%i1, %w : index, tensor<4xf32>)
  ^exit:
    scf.yield %t : tensor<4xf32>
  }
  %u = tensor.extract %r[%c3] : tensor<4xf32>
  %v = tensor.extract %a[%c3] : tensor<4xf32>
  return %u, %v : f32, f32
}
