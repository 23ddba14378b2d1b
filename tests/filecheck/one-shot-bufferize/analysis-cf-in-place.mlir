// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true test-analysis-only=true}" | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p "one-shot-bufferize{bufferize-function-boundaries=true}" | filecheck %s --check-prefix=BUF

// Tensors carried through cf branches, in place as in MLIR: an argument of a
// block fed by branches is a definition of its own (each branch reads what it
// passes), so a write through it conflicts only with a read reached from the
// write without entering its block again; it is equivalent to the buffer every
// branch passes it (a loop header: the initial buffer, and on the back edge the
// same buffer updated in place). Each @main is also executed before and after
// several pipelines (tests/bufferize/test_analysis_execution.py).

// A loop updating the carried tensor: in place, no copy per round, and the
// function result is its argument.
// CHECK-LABEL: func.func @loop(
// CHECK:         tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK:         func.return {__inplace_operands_attr__ = ["true"], __equivalent_func_args__ = [0 : i64]} %r
// BUF-LABEL:   func.func @loop(%t0: memref<4xf32, strided<[?], offset: ?>>, %n: index)
// BUF-NOT:       memref.alloc
// BUF-NOT:       memref.copy
// BUF:           memref.store %{{.*}}, %t[%c1]
// BUF-NOT:       memref.copy
// BUF:           func.return %t0
func.func @loop(%t0: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  cf.br ^head(%c0, %t0 : index, tensor<4xf32>)
^head(%i: index, %t: tensor<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit(%t : tensor<4xf32>), ^body
^body:
  %x = tensor.extract %t[%c1] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %u = tensor.insert %y into %t[%c1] : tensor<4xf32>
  %j = arith.addi %i, %c1 : index
  cf.br ^head(%j, %u : index, tensor<4xf32>)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @main() -> tensor<4xf32> {
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = func.call @loop(%a, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A diamond and a switch: each path writes the argument in place or passes it
// on; the join is the argument's buffer.
// CHECK-LABEL: func.func @diamond(
// CHECK:         tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK:         linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK:         func.return {__inplace_operands_attr__ = ["true"], __equivalent_func_args__ = [0 : i64]}
// CHECK-LABEL: func.func @switch(
// CHECK:         tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK:         tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK:         func.return {__inplace_operands_attr__ = ["true"], __equivalent_func_args__ = [0 : i64]}
// BUF-LABEL:   func.func @diamond(
// BUF-NOT:       memref.copy
// BUF:           func.return %t0
// BUF-LABEL:   func.func @switch(
// BUF-NOT:       memref.copy
// BUF:           func.return %t0
func.func @diamond(%t0: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  cf.cond_br %c, ^a, ^b
^a:
  %a = tensor.insert %seven into %t0[%c0] : tensor<4xf32>
  cf.br ^join(%a : tensor<4xf32>)
^b:
  %b = linalg.fill ins(%seven : f32) outs(%t0 : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^join(%b : tensor<4xf32>)
^join(%m: tensor<4xf32>):
  return %m : tensor<4xf32>
}
func.func @switch(%t0: tensor<4xf32>, %k: i32) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = arith.constant 5.0 : f32
  cf.switch %k : i32, [
    default: ^join(%t0 : tensor<4xf32>),
    1: ^one,
    4: ^four
  ]
^one:
  %a = tensor.insert %v into %t0[%c1] : tensor<4xf32>
  cf.br ^join(%a : tensor<4xf32>)
^four:
  %b = tensor.insert %v into %t0[%c3] : tensor<4xf32>
  cf.br ^join(%b : tensor<4xf32>)
^join(%m: tensor<4xf32>):
  return %m : tensor<4xf32>
}
func.func @main() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %true = arith.constant true
  %false = arith.constant false
  %k1 = arith.constant 1 : i32
  %k4 = arith.constant 4 : i32
  %r1 = func.call @diamond(%a, %true) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %r2 = func.call @diamond(%a, %false) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %r3 = func.call @switch(%a, %k1) : (tensor<4xf32>, i32) -> tensor<4xf32>
  %r4 = func.call @switch(%a, %k4) : (tensor<4xf32>, i32) -> tensor<4xf32>
  return %r1, %r2, %r3, %r4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// The body reads the carried tensor's old value after writing it: the write
// copies (each round). A diamond where one path passes a new tensor: the join
// is not the argument's buffer (no equivalence recorded).
// CHECK-LABEL: func.func @reads_old_after_write(
// CHECK:         tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
// CHECK-LABEL: func.func @new_on_one_path(
// CHECK:         func.return {__inplace_operands_attr__ = ["true"]} %m
// BUF-LABEL:   func.func @reads_old_after_write(
// BUF:           ^body:
// BUF-NEXT:        memref.alloc
// BUF-NEXT:        "memref.copy"
func.func @reads_old_after_write(%t0: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  cf.br ^head(%c0, %t0 : index, tensor<4xf32>)
^head(%i: index, %t: tensor<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit(%t : tensor<4xf32>), ^body
^body:
  %u = tensor.insert %one into %t[%c1] : tensor<4xf32>
  %old = tensor.extract %t[%c1] : tensor<4xf32>
  %y = arith.addf %old, %one : f32
  %w = tensor.insert %y into %u[%c0] : tensor<4xf32>
  %j = arith.addi %i, %c1 : index
  cf.br ^head(%j, %w : index, tensor<4xf32>)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @new_on_one_path(%t0: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %nine = arith.constant 9.0 : f32
  cf.cond_br %c, ^new, ^join(%t0 : tensor<4xf32>)
^new:
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%nine : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  cf.br ^join(%f : tensor<4xf32>)
^join(%m: tensor<4xf32>):
  return %m : tensor<4xf32>
}
func.func @main() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %r1 = func.call @reads_old_after_write(%a, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  %r2 = func.call @new_on_one_path(%a, %true) : (tensor<4xf32>, i1) -> tensor<4xf32>
  %r3 = func.call @new_on_one_path(%a, %false) : (tensor<4xf32>, i1) -> tensor<4xf32>
  return %r1, %r2, %r3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A loop of branches nested in another, both carrying the tensor: in place, and
// a new tensor made each round of a loop is written in place too (it is
// allocated after the round's argument is defined, so never that buffer).
// CHECK-LABEL: func.func @nested(
// CHECK:         tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK:         func.return {__inplace_operands_attr__ = ["true"], __equivalent_func_args__ = [0 : i64]}
// CHECK-LABEL: func.func @new_each_round(
// CHECK:         linalg.generic {{.*}}__inplace_operands_attr__ = ["true", "true"]
// CHECK:         tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// BUF-LABEL:   func.func @nested(
// BUF-NOT:       memref.copy
// BUF:           func.return %t0
// BUF-LABEL:   func.func @new_each_round(
// BUF-NOT:       memref.copy
// BUF:           func.return
func.func @nested(%t0: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  cf.br ^outer(%c0, %t0 : index, tensor<4xf32>)
^outer(%i: index, %t: tensor<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit, ^inner(%c0, %t : index, tensor<4xf32>)
^inner(%k: index, %s: tensor<4xf32>):
  %x = tensor.extract %s[%k] : tensor<4xf32>
  %y = arith.addf %x, %one : f32
  %u = tensor.insert %y into %s[%k] : tensor<4xf32>
  %k2 = arith.addi %k, %c1 : index
  %more = arith.cmpi slt, %k2, %c2 : index
  cf.cond_br %more, ^inner(%k2, %u : index, tensor<4xf32>), ^latch(%u : tensor<4xf32>)
^latch(%l: tensor<4xf32>):
  %i2 = arith.addi %i, %c1 : index
  cf.br ^outer(%i2, %l : index, tensor<4xf32>)
^exit:
  return %t : tensor<4xf32>
}
func.func @new_each_round(%t0: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^head(%c0, %t0 : index, tensor<4xf32>)
^head(%i: index, %t: tensor<4xf32>):
  %done = arith.cmpi sge, %i, %n : index
  cf.cond_br %done, ^exit(%t : tensor<4xf32>), ^body
^body:
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %d = arith.addf %x, %x : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  %x0 = tensor.extract %t[%c0] : tensor<4xf32>
  %u = tensor.insert %x0 into %g[%c1] : tensor<4xf32>
  %j = arith.addi %i, %c1 : index
  cf.br ^head(%j, %u : index, tensor<4xf32>)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c3 = arith.constant 3 : index
  %r1 = func.call @nested(%a, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  %r2 = func.call @new_each_round(%a, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r1, %r2 : tensor<4xf32>, tensor<4xf32>
}
