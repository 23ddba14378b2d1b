"""Value tests: arith, math, scf, cf, func and affine on the reference executor."""

from __future__ import annotations

import math

import pytest

from xdsl_bufferize.execution import ArrayValue

from .exec_helpers import results_of, run_src


def test_integer_arith_wraps_and_divides_like_mlir() -> None:
    src = """
    func.func @main(%a: i8, %b: i8) -> (i8, i8, i8, i8, i8, i8, i8, i8, i8) {
      %add = arith.addi %a, %b : i8
      %mul = arith.muli %a, %b : i8
      %div = arith.divsi %a, %b : i8
      %rem = arith.remsi %a, %b : i8
      %divu = arith.divui %a, %b : i8
      %fdiv = arith.floordivsi %a, %b : i8
      %cdiv = arith.ceildivsi %a, %b : i8
      %mx = arith.maxsi %a, %b : i8
      %mxu = arith.maxui %a, %b : i8
      func.return %add, %mul, %div, %rem, %divu, %fdiv, %cdiv, %mx, %mxu : i8, i8, i8, i8, i8, i8, i8, i8, i8
    }
    """
    assert results_of(src, args=(-7, 2)) == (-5, -14, -3, -1, 124, -4, -3, 2, -7)
    assert results_of(src, args=(100, 100))[:2] == (-56, 16)


def test_bitwise_shifts_and_casts() -> None:
    src = """
    func.func @main(%a: i32) -> (i32, i32, i32, i64, i64, i16, index, f32, i32, i1) {
      %c4 = arith.constant 4 : i32
      %m = arith.constant 255 : i32
      %shl = arith.shli %a, %c4 : i32
      %shr = arith.shrsi %a, %c4 : i32
      %and = arith.andi %a, %m : i32
      %ext = arith.extsi %a : i32 to i64
      %extu = arith.extui %a : i32 to i64
      %tr = arith.trunci %a : i32 to i16
      %ix = arith.index_cast %a : i32 to index
      %f = arith.sitofp %a : i32 to f32
      %back = arith.fptosi %f : f32 to i32
      %c0 = arith.constant 0 : i32
      %lt = arith.cmpi slt, %a, %c0 : i32
      func.return %shl, %shr, %and, %ext, %extu, %tr, %ix, %f, %back, %lt : i32, i32, i32, i64, i64, i16, index, f32, i32, i1
    }
    """
    assert results_of(src, args=(-100,)) == (
        -1600,
        -7,
        156,
        -100,
        2**32 - 100,
        -100,
        -100,
        -100.0,
        -100,
        1,
    )


def test_float_arith_min_max_and_f32_rounding() -> None:
    src = """
    func.func @main(%a: f32, %b: f32) -> (f32, f32, f32, f32, f32, f32, i1, i1, f64, f32) {
      %s = arith.addf %a, %b : f32
      %d = arith.divf %a, %b : f32
      %n = arith.negf %a : f32
      %mx = arith.maximumf %a, %b : f32
      %mn = arith.minimumf %a, %b : f32
      %nan = arith.constant 0x7FC00000 : f32
      %mxn = arith.maxnumf %nan, %b : f32
      %olt = arith.cmpf olt, %a, %b : f32
      %uno = arith.cmpf uno, %nan, %a : f32
      %e = arith.extf %a : f32 to f64
      %sel = arith.select %olt, %a, %b : f32
      func.return %s, %d, %n, %mx, %mn, %mxn, %olt, %uno, %e, %sel : f32, f32, f32, f32, f32, f32, i1, i1, f64, f32
    }
    """
    s, d, n, mx, mn, mxn, olt, uno, e, sel = results_of(src, args=(0.1, 3.0))
    assert d == pytest.approx(0.1 / 3.0, rel=1e-6)
    # 0.1 rounded to f32, then widened: not 0.1 exactly.
    assert e != 0.1
    assert e == pytest.approx(0.1, rel=1e-7)
    assert (n, mx, mn, mxn, olt, uno, sel) == (-e, 3.0, e, 3.0, 1, 1, e)
    assert s == pytest.approx(3.1, rel=1e-6)


def test_math_functions() -> None:
    src = """
    func.func @main(%x: f64) -> (f64, f64, f64, f64, f64, f64) {
      %e = math.exp %x : f64
      %s = math.sqrt %x : f64
      %r = math.rsqrt %x : f64
      %t = math.tanh %x : f64
      %l = math.log %x : f64
      %n = arith.negf %x : f64
      %a = math.absf %n : f64
      func.return %e, %s, %r, %t, %l, %a : f64, f64, f64, f64, f64, f64
    }
    """
    assert results_of(src, args=(4.0,)) == (
        math.exp(4.0),
        2.0,
        0.5,
        math.tanh(4.0),
        math.log(4.0),
        4.0,
    )


def test_integer_division_by_zero_is_a_runtime_error() -> None:
    src = """
    func.func @main(%a: i32) -> i32 {
      %z = arith.constant 0 : i32
      %d = arith.divsi %a, %z : i32
      func.return %d : i32
    }
    """
    outcome = run_src(src, args=(3,))
    assert outcome.results is None
    assert outcome.error is not None
    assert "division by zero" in outcome.error
    assert "arith.divsi" in outcome.error


def test_scf_for_if_while_index_switch_execute_region() -> None:
    src = """
    func.func @main(%n: index) -> (index, index, i32, index, index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
        %even = arith.remui %i, %c2 : index
        %is0 = arith.cmpi eq, %even, %c0 : index
        %next = scf.if %is0 -> (index) {
          %t = arith.addi %acc, %i : index
          scf.yield %t : index
        } else {
          scf.yield %acc : index
        }
        scf.yield %next : index
      }
      %w:2 = scf.while (%x = %c1, %k = %c0) : (index, index) -> (index, index) {
        %lt = arith.cmpi ult, %x, %n : index
        scf.condition(%lt) %x, %k : index, index
      } do {
      ^bb0(%x2: index, %k2: index):
        %d = arith.muli %x2, %c2 : index
        %k3 = arith.addi %k2, %c1 : index
        scf.yield %d, %k3 : index, index
      }
      %sw = scf.index_switch %c2 -> i32
      case 1 {
        %a = arith.constant 10 : i32
        scf.yield %a : i32
      }
      case 2 {
        %b = arith.constant 20 : i32
        scf.yield %b : i32
      }
      default {
        %c = arith.constant 30 : i32
        scf.yield %c : i32
      }
      %er = scf.execute_region -> index {
        %v = arith.addi %n, %n : index
        scf.yield %v : index
      }
      func.return %sum, %w#0, %sw, %w#1, %er : index, index, i32, index, index
    }
    """
    assert results_of(src, args=(10,)) == (20, 16, 20, 4, 20)


def test_cf_branches_and_calls() -> None:
    src = """
    func.func @fact(%n: i64) -> i64 {
      %one = arith.constant 1 : i64
      %le = arith.cmpi sle, %n, %one : i64
      cf.cond_br %le, ^base, ^rec
    ^base:
      func.return %one : i64
    ^rec:
      %m = arith.subi %n, %one : i64
      %r = func.call @fact(%m) : (i64) -> i64
      %p = arith.muli %n, %r : i64
      func.return %p : i64
    }
    func.func @main(%n: i64) -> (i64, i64) {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      cf.br ^loop(%c0, %c0 : i64, i64)
    ^loop(%i: i64, %acc: i64):
      %done = arith.cmpi sge, %i, %n : i64
      cf.cond_br %done, ^exit, ^body
    ^body:
      %a2 = arith.addi %acc, %i : i64
      %i2 = arith.addi %i, %c1 : i64
      cf.br ^loop(%i2, %a2 : i64, i64)
    ^exit:
      %f = func.call @fact(%n) : (i64) -> i64
      func.return %acc, %f : i64, i64
    }
    """
    assert results_of(src, args=(6,)) == (15, 720)
    assert results_of(src, args=(20,)) == (190, 2432902008176640000)


def test_runaway_recursion_is_capped() -> None:
    src = """
    func.func @loop(%n: i64) -> i64 {
      %r = func.call @loop(%n) : (i64) -> i64
      func.return %r : i64
    }
    func.func @main() -> i64 {
      %c = arith.constant 1 : i64
      %r = func.call @loop(%c) : (i64) -> i64
      func.return %r : i64
    }
    """
    outcome = run_src(src)
    assert outcome.results is None
    assert outcome.error is not None
    assert "call depth" in outcome.error


def test_affine_apply_and_min() -> None:
    src = """
    func.func @main(%i: index, %n: index) -> (index, index) {
      %a = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0 floordiv 2)>(%i)[%n]
      %m = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%n]
      func.return %a, %m : index, index
    }
    """
    assert results_of(src, args=(3, 9)) == (16, 4)
    assert results_of(src, args=(7, 9)) == (32, 2)


def test_affine_for_load_store_and_alloca_scope() -> None:
    src = """
    func.func @main() -> (f32, f32) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %m = memref.alloc() : memref<8xf32>
      affine.for %i = 0 to 8 {
        %f = arith.index_cast %i : index to i32
        %x = arith.sitofp %f : i32 to f32
        affine.store %x, %m[%i] : memref<8xf32>
      }
      %v = affine.load %m[%c0 + 5] : memref<8xf32>
      %s = memref.alloca_scope -> (f32) {
        %tmp = memref.alloca() : memref<1xf32>
        memref.store %one, %tmp[%c0] : memref<1xf32>
        %r = memref.load %tmp[%c0] : memref<1xf32>
        memref.alloca_scope.return %r : f32
      }
      memref.dealloc %m : memref<8xf32>
      func.return %v, %s : f32, f32
    }
    """
    assert results_of(src) == (5.0, 1.0)


def test_arith_on_tensors_is_elementwise() -> None:
    src = """
    func.func @main(%a: tensor<3xi32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi1>, tensor<3xi32>) {
      %s = arith.addi %a, %b : tensor<3xi32>
      %c = "arith.cmpi"(%a, %b) <{predicate = 2 : i64}> : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
      %m = "arith.select"(%c, %a, %b) : (tensor<3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
      func.return %s, %c, %m : tensor<3xi32>, tensor<3xi1>, tensor<3xi32>
    }
    """
    s, c, m = results_of(
        src, args=(ArrayValue((3,), [1, 5, 3]), ArrayValue((3,), [4, 2, 3]))
    )
    assert s.data == [5, 7, 6]
    assert c.data == [1, 0, 0]
    assert m.data == [1, 2, 3]
