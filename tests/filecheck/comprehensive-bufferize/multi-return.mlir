// RUN: xdsl-opt %s -p comprehensive-bufferize | filecheck %s

// A function without tensors may have several returns (here one in a block no
// branch reaches): nothing to convert at its returns. Its allocation is used only
// by a view in that unreachable block: freed right away, the clean-up then erases
// the alloc/dealloc pair.

func.func @cf_switch(%k: i32, %arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  %s = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  cf.switch %k : i32, [
    default: ^m(%arg : memref<4xf32>),
    3: ^m(%arg : memref<4xf32>)
  ]
^v(%sv: memref<4xf32, strided<[1], offset: 2>>):
  %x = memref.load %sv[%c0] : memref<4xf32, strided<[1], offset: 2>>
  func.return %x : f32
^m(%m: memref<4xf32>):
  %y = memref.load %m[%c0] : memref<4xf32>
  func.return %y : f32
}

func.func @main() -> f32 {
  %k = arith.constant 3 : i32
  %f = arith.constant 2.0 : f32
  %in = memref.alloc() : memref<4xf32>
  linalg.fill ins(%f : f32) outs(%in : memref<4xf32>)
  %r = func.call @cf_switch(%k, %in) : (i32, memref<4xf32>) -> f32
  memref.dealloc %in : memref<4xf32>
  func.return %r : f32
}

// CHECK-LABEL: func.func @cf_switch(
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    cf.switch %k : i32, [
// CHECK:       ^v(%sv: memref<4xf32, strided<[1], offset: 2>>):
// CHECK-NEXT:    %x = memref.load %sv[%c0] : memref<4xf32, strided<[1], offset: 2>>
// CHECK:         func.return %x : f32
// CHECK-NEXT:  ^m(%m: memref<4xf32>):
// CHECK-NEXT:    %y = memref.load %m[%c0] : memref<4xf32>
// CHECK-NEXT:    func.return %y : f32
