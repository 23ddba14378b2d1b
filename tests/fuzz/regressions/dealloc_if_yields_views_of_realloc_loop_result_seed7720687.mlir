// Reproducer found by xdsl-bufferize-fuzz.
// pipeline: buffer-deallocation
// kind: mismatch
// detail: result #0: 2.0 before, 1.0 after
// origin: xdsl-bufferize-fuzz --count 800 --seed 7720000 --pipeline buffer-deallocation (seed 7720687, reduced by hand), generator feature view_joins
// status: fixed (analysis/ownership: OwnershipState.program_freed, the values a free of the program may free the buffer of; a member of a merge class the program frees that no free of the program can reach (%for: the realloc frees only the iter_arg) is freed by the pass alone, so handover_root / _transfer_valid / _absorbable hand it over like the pass's own buffers): %for is handed over to %r#0 through its view, %r#1 borrows it, no copy; the store through %r#0 is read through %r#1
builtin.module {
  func.func @main() -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1.000000e+00 : f32
    %two = arith.constant 2.000000e+00 : f32
    %cond = arith.cmpi eq, %c0, %c0 : index
    %r:2 = scf.if %cond -> (memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>) {
      %m = memref.alloc() : memref<5xf32>
      linalg.fill ins(%one : f32) outs(%m : memref<5xf32>)
      %for = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %m) -> (memref<5xf32>) {
        %re = memref.realloc %acc : memref<5xf32> to memref<5xf32>
        scf.yield %re : memref<5xf32>
      }
      %a = memref.subview %for[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
      %b = memref.subview %for[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
      scf.yield %a, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>
    } else {
      %n = memref.alloc() : memref<5xf32>
      linalg.fill ins(%one : f32) outs(%n : memref<5xf32>)
      %a = memref.subview %n[%c0] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
      %b = memref.subview %n[%c1] [4] [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: ?>>
      scf.yield %a, %b : memref<4xf32, strided<[1], offset: ?>>, memref<4xf32, strided<[1], offset: ?>>
    }
    memref.store %two, %r#0[%c1] : memref<4xf32, strided<[1], offset: ?>>
    %x = memref.load %r#1[%c0] : memref<4xf32, strided<[1], offset: ?>>
    func.return %x : f32
  }
}
