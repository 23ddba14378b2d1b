"""Memref programs with functions: `cf` loops at function level (`cf_loops`), helpers
returning fresh or forwarded buffers, views or reshapes of them (`returned_views`,
`returned_reshapes`), recursive helpers (`recursion`) and their calls."""

from __future__ import annotations

import math

from xdsl_bufferize.testing.generate.core import Helper, Val
from xdsl_bufferize.testing.generate.memref_base import MemrefGeneratorBase


class MemrefCallOps(MemrefGeneratorBase):
    """`cf` loops, helper functions and their calls."""

    def op_cf_loop(self, depth: int) -> None:
        """A loop of `cf` branches at function level: a header block with two buffer
        arguments (often one buffer twice) and a counter; the body writes through the
        second name and reads through the first, then branches back with a fresh copy on
        one path (sometimes as both arguments) and the arguments, maybe swapped or one
        twice, on the other.  Only in the function's own region (`depth` 0)."""
        g = self.g
        a = self.buffer(base_only=True)
        typ, shape = a.type, a.shape
        twice = self.config.enabled("joins") and self.rng.random() < 0.6
        b = a if twice else self.buffer(shape, base_only=True)
        trip = self.rng.randint(1, 3)
        k = g.fresh("l")[1:]
        x, y, i = g.fresh("lx"), g.fresh("ly"), g.fresh("li")
        zero, one = g.index(0), g.index(1)
        g.emit(f"cf.br ^h{k}({a.name}, {b.name}, {zero} : {typ}, {typ}, index)")
        g.fn.body.append(f"^h{k}({x}: {typ}, {y}: {typ}, {i}: index):")
        stack = a.stack or b.stack
        g.add(Val(x, typ, shape, stack=stack))
        g.add(Val(y, typ, shape, stack=stack))
        go = g.fresh("go")
        g.emit(f"{go} = arith.cmpi slt, {i}, {g.index(trip)} : index")
        g.emit(f"cf.cond_br {go}, ^b{k}, ^x{k}")
        g.fn.body.append(f"^b{k}:")
        g.scopes.append([])
        g.iv_bounds[i] = trip - 1
        g.add(Val(i, "index"))
        idx = g.indices_for(shape)
        g.emit(f"memref.store {g.scalar()}, {y}[{idx}] : {typ}")
        seen = g.fresh("lv")
        g.emit(f"{seen} = memref.load {x}[{idx}] : {typ}")
        g.add(Val(seen, "f32"))
        self.region_ops(depth + 1, self.rng.randint(0, 2))
        nxt = g.fresh("ln")
        g.emit(f"{nxt} = arith.addi {i}, {one} : index")
        g.emit(f"cf.cond_br {g.condition()}, ^f{k}, ^k{k}")
        g.scopes.pop()
        del g.iv_bounds[i]
        g.fn.body.append(f"^f{k}:")
        fresh = g.fresh("lf")
        g.emit(f"{fresh} = memref.alloc() : {typ}")
        g.emit(f'"memref.copy"({x}, {fresh}) : ({typ}, {typ}) -> ()')
        r = self.rng.random()
        pair = (fresh, fresh) if r < 0.3 else (fresh, y) if r < 0.65 else (y, fresh)
        g.emit(f"cf.br ^h{k}({pair[0]}, {pair[1]}, {nxt} : {typ}, {typ}, index)")
        g.fn.body.append(f"^k{k}:")
        r = self.rng.random()
        pair = (
            (x, y) if r < 0.4 else (x, x) if r < 0.6 else (y, y) if r < 0.8 else (y, x)
        )
        g.emit(f"cf.br ^h{k}({pair[0]}, {pair[1]}, {nxt} : {typ}, {typ}, index)")
        g.fn.body.append(f"^x{k}:")

    def op_call_recursive(self, depth: int) -> None:
        """A call of the recursive helper or of the helper calling into it (made on
        first use)."""
        g = self.g
        if self.recursive is None:
            return
        name, typ, shape, results = self.recursive
        b = self.buffer(shape, base_only=True)
        g.called.add(name)
        names = [g.fresh("rec") for _ in range(results)]
        g.emit(
            f"{', '.join(names)} = func.call @{name}({g.index(self.rng.randint(0, 3))}, "
            f"{b.name}) : (index, {typ}) -> ({', '.join([typ] * results)})"
        )
        for res in names:
            g.add(Val(res, typ, shape))

    def gen_recursive(self) -> None:
        """A recursive helper `@mrec(%n, %b)`: after `n` recursive calls it returns a
        fresh copy of its argument (each call on a fresh modified copy), or the argument
        itself (each call writing it in place first), or on the base case either of the
        two.  Sometimes two helpers call each other, sometimes one is public, and
        sometimes the program calls it through `@mrec_via`, which calls into the cycle
        and returns the result once or twice."""
        g = self.g
        rng = self.rng
        shape = g.shape()
        typ = self.memref_type(shape)
        name = "mrec"
        idx = ", ".join("%c0" for _ in shape)
        kind = rng.choice(("fresh", "forward", "mixed"))
        mutual = rng.random() < 0.3
        visibility = ["private ", "private "]
        visibility[rng.randrange(2)] = "" if rng.random() < 0.4 else "private "
        callee = f"{name}_2" if mutual else name
        if kind == "fresh":
            base = f"""    %a = memref.alloc() : {typ}
    "memref.copy"(%b, %a) : ({typ}, {typ}) -> ()
    scf.yield %a : {typ}"""
        elif kind == "forward":
            base = f"    scf.yield %b : {typ}"
        else:
            base = f"""    %e = arith.cmpi eq, %n, %c0 : index
    %y = scf.if %e -> ({typ}) {{
      scf.yield %b : {typ}
    }} else {{
      %a = memref.alloc() : {typ}
      "memref.copy"(%b, %a) : ({typ}, {typ}) -> ()
      scf.yield %a : {typ}
    }}
    scf.yield %y : {typ}"""
        step = ""
        if kind == "fresh":
            step = f"""    %t = memref.alloc() : {typ}
    "memref.copy"(%b, %t) : ({typ}, {typ}) -> ()"""
        target = "%t" if kind == "fresh" else "%b"
        text = f"""func.func {visibility[0]}@{name}(%n: index, %b: {typ}) -> {typ} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.000000e+00 : f32
  %p = arith.cmpi sle, %n, %c0 : index
  %r = scf.if %p -> ({typ}) {{
{base}
  }} else {{
{step + chr(10) if step else ""}    %v = memref.load {target}[{idx}] : {typ}
    %w = arith.addf %v, %one : f32
    memref.store %w, {target}[{idx}] : {typ}
    %m = arith.subi %n, %c1 : index
    %q = func.call @{callee}(%m, {target}) : (index, {typ}) -> {typ}
    scf.yield %q : {typ}
  }}
  func.return %r : {typ}
}}"""
        self.functions_text.append(text)
        if mutual:
            self.functions_text.append(
                f"""func.func {visibility[1]}@{name}_2(%n: index, %b: {typ}) -> {typ} {{
  %q = func.call @{name}(%n, %b) : (index, {typ}) -> {typ}
  func.return %q : {typ}
}}"""
            )
        self.recursive = (name, typ, shape, 1)
        if rng.random() < 0.4:
            twice = rng.random() < 0.5
            results = 2 if twice else 1
            outs = ", ".join([typ] * results)
            returned = "%q, %q" if twice else "%q"
            via_vis = "" if rng.random() < 0.5 else "private "
            self.functions_text.append(
                f"""func.func {via_vis}@{name}_via(%n: index, %b: {typ}) -> ({outs}) {{
  %q = func.call @{name}(%n, %b) : (index, {typ}) -> {typ}
  func.return {returned} : {outs}
}}"""
            )
            self.recursive = (f"{name}_via", typ, shape, results)

    def op_call(self, depth: int) -> None:
        if not self.helpers:
            return
        self.call(self.rng.choice(self.helpers))

    def call(self, helper: Helper) -> None:
        g = self.g
        g.called.add(helper.name)
        args: list[str] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            if typ == "f32":
                args.append(g.scalar())
            elif typ == "i1":
                args.append(g.condition())
            elif self.isolated_argument.get(helper.name, False):
                # The result may be the argument, and buffer-deallocation may return a
                # copy of it (its precondition: the caller does not use its buffer again).
                g.scopes.append([])
                args.append(self.alloc(shape).name)
                g.scopes.pop()
            else:
                args.append(self.buffer(shape, base_only=True).name)
        res = g.fresh("call")
        n = len(helper.result_types)
        lhs = f"{res}:{n} = " if n > 1 else (f"{res} = " if n == 1 else "")
        g.emit(
            f"{lhs}func.call @{helper.name}({', '.join(args)}) : "
            f"({', '.join(helper.arg_types)}) -> ({', '.join(helper.result_types)})"
        )
        for i, (typ, shape) in enumerate(
            zip(helper.result_types, helper.result_shapes, strict=True)
        ):
            g.add(Val(f"{res}#{i}" if n > 1 else res, typ, shape))

    def gen_helper(self, index: int) -> None:
        g = self.g
        g.begin_function()
        self.allow_stack = False
        shape = g.shape()
        typ = self.memref_type(shape)
        use_cf = self.config.enabled("cf") and self.rng.random() < 0.6
        arg_types = ["f32", typ] + (["i1"] if use_cf else [])
        arg_shapes: list[tuple[int, ...]] = [(), shape, ()]
        names = [g.fresh("arg") for _ in arg_types]
        g.add(Val(names[0], "f32"))
        g.add(Val(names[1], typ, shape))
        saved_helpers = self.helpers
        self.helpers = saved_helpers[:index]
        self.region_ops(0, self.rng.randint(1, 4))
        results: list[str] = []
        result_types: list[str] = []
        result_shapes: list[tuple[int, ...]] = [shape]
        private = self.rng.random() < 0.5
        returned: list[Val] = []
        """The buffers returned (one per path), fresh ones excluded."""
        if use_cf:
            # A diamond: each branch forwards a buffer (fresh or existing) to a merge block.
            targets: list[str] = []
            block_lines: list[str] = []
            body_before = g.fn.body
            twice = self.config.enabled("joins") and self.rng.random() < 0.5
            for _ in range(2):
                g.fn.body = []
                g.indent = 1
                g.scopes.append([])
                r = self.rng.random()
                if r < 0.5:
                    val = self.alloc(shape, heap=True)
                else:
                    val = self.buffer(shape, base_only=True, heap=True)
                    returned.append(val)
                if twice:
                    # the same buffer as both block arguments, or a fresh second one
                    other = val if self.rng.random() < 0.6 else self.alloc(shape)
                    g.emit(f"cf.br ^bb3({val.name}, {other.name} : {typ}, {typ})")
                else:
                    g.emit(f"cf.br ^bb3({val.name} : {typ})")
                g.scopes.pop()
                targets.append("\n".join(g.fn.body))
            g.fn.body = body_before
            g.emit(f"cf.cond_br {names[2]}, ^bb1, ^bb2")
            block_lines = [f"^bb1:\n{targets[0]}", f"^bb2:\n{targets[1]}"]
            merged = g.fresh("merged")
            g.fn.body.extend(block_lines)
            if twice:
                second = g.fresh("merged")
                g.fn.body.append(f"^bb3({merged}: {typ}, {second}: {typ}):")
                # a write through the second name, seen through the first when they are
                # one buffer
                g.emit(
                    f"memref.store {names[0]}, {second}[{g.indices_for(shape)}] : {typ}"
                )
            else:
                g.fn.body.append(f"^bb3({merged}: {typ}):")
            results.append(merged)
            result_types.append(typ)
        else:
            r = self.rng.random()
            if r < 0.5:
                val = self.alloc(shape, heap=True)
            else:
                val = self.buffer(shape, base_only=True, heap=True)
                returned.append(val)
            results.append(val.name)
            result_types.append(typ)
            if (
                r < 0.5
                and self.config.enabled("returned_reshapes")
                and self.rng.random() < 0.8
                and (reshaped := self.reshape_of(val)) is not None
            ):
                results[0], result_types[0], result_shapes[0] = reshaped
            elif r < 0.5 and self.config.enabled("returned_views"):
                # one fresh buffer returned twice (callers free it once, after the
                # last use of either result), with a view of it (private helpers only:
                # the caller must see the view), or a view of it alone
                r = self.rng.random()
                if r < 0.3:
                    results.append(val.name)
                    result_types.append(typ)
                    result_shapes.append(shape)
                elif r < 0.55 and private:
                    sv = self.subview_of(val, static_offset=True)
                    results.append(sv.name)
                    result_types.append(sv.type)
                    result_shapes.append(sv.shape)
                elif r < 0.75 and not any(d == 1 for d in shape):
                    sv = self.subview_of(
                        val,
                        static_offset=True,
                        dynamic_offset=self.config.enabled("view_joins")
                        and self.rng.random() < 0.5,
                    )
                    results[0], result_types[0], result_shapes[0] = (
                        sv.name,
                        sv.type,
                        sv.shape,
                    )
        self.helpers = saved_helpers
        g.emit(f"func.return {', '.join(results)} : {', '.join(result_types)}")
        params = ", ".join(f"{n}: {t}" for n, t in zip(names, arg_types, strict=True))
        vis = "private " if private else ""
        # buffer-deallocation returns the argument itself only from a private function that
        # returns it on every path; any other result that may be (or alias) the argument
        # becomes a copy, so callers pass a buffer they do not use again.
        paths = 2 if use_cf else 1
        forwards = (
            bool(vis)
            and len(returned) == paths
            and all(v.name == names[1] for v in returned)
        )
        self.isolated_argument[f"mhelper{index}"] = bool(returned) and not forwards
        header = f"func.func {vis}@mhelper{index}({params}) -> ({', '.join(result_types)}) {{"
        self.functions_text.append(g.end_function(header))
        self.helpers.append(
            Helper(
                f"mhelper{index}",
                arg_types,
                result_types,
                arg_shapes[: len(arg_types)],
                result_shapes,
            )
        )

    def reshape_of(self, val: Val) -> tuple[str, str, tuple[int, ...]] | None:
        """A whole reshape of the fresh buffer `val` (`returned_reshapes`): all its
        dimensions collapsed into one, or a static 1-D buffer expanded to `[n, 1]`;
        None for a buffer with a layout."""
        g = self.g
        typ = val.type
        if not typ.startswith("memref<") or "," in typ or "strided" in typ:
            return None
        dims = typ[len("memref<") : typ.rindex("x")].split("x")
        name = g.fresh("rs")
        if len(dims) >= 2:
            size = "?" if "?" in dims else str(math.prod(val.shape))
            new_type = f"memref<{size}xf32>"
            group = ", ".join(str(i) for i in range(len(dims)))
            g.emit(
                f"{name} = memref.collapse_shape {val.name} [[{group}]] : "
                f"{typ} into {new_type}"
            )
            return name, new_type, (math.prod(val.shape),)
        if dims == ["?"]:
            return None
        n = val.shape[0]
        new_type = f"memref<{n}x1xf32>"
        g.emit(
            f"{name} = memref.expand_shape {val.name} [[0, 1]] output_shape "
            f"[{n}, 1] : {typ} into {new_type}"
        )
        return name, new_type, (n, 1)
