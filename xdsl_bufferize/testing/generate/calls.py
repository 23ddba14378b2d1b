"""Calls: of the generated helpers, of the special helpers a feature makes once (their
registry), recursive helpers (`recursion`) and helpers returning their argument with
a call's result (`call_returned_args`)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl_bufferize.testing.generate.core import (
    GeneratorBase,
    Helper,
    Val,
    tensor_type,
)


class CallOps(GeneratorBase):
    """Calls of helper functions and the special helpers of the call features."""

    def op_call(self, depth: int) -> None:
        # Calls inside nested loops, or inside loops of helpers (themselves called in
        # loops), multiply the work of a run: keep programs fast.
        if (
            not self.helpers
            or len(self.iv_bounds) > 1
            or (self.iv_bounds and self.in_helper)
        ):
            return
        helper = self.rng.choice(self.helpers)
        self.call(helper)

    def call(self, helper: Helper) -> None:
        self.called.add(helper.name)
        args: list[str] = []
        passed: list[Val] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            if typ == "f32":
                args.append(self.scalar())
                continue
            same = [v for v in passed if v.type == typ and v.shape == shape]
            if (
                same
                and self.config.enabled("shared_operands")
                and self.rng.random() < 0.5
            ):
                val = same[0]  # one value as two arguments
            else:
                val = self.source(typ, shape)
            args.append(val.name)
            passed.append(val)
        self.emit_call(helper, args)
        if self.config.enabled("writing_callees"):
            # The caller reads what it passed: a callee writing it must not be seen.
            for val in passed[:2]:
                if val.readable and self.rng.random() < 0.7:
                    self.observe(val)

    def emit_call(self, helper: Helper, args: list[str]) -> None:
        """Emit a `func.call` of `helper` on `args`; its results become new values."""
        res = self.fresh("call")
        n = len(helper.result_types)
        lhs = f"{res}:{n} = " if n > 1 else (f"{res} = " if n == 1 else "")
        self.emit(
            f"{lhs}func.call @{helper.name}({', '.join(args)}) : "
            f"({', '.join(helper.arg_types)}) -> ({', '.join(helper.result_types)})"
        )
        for i, (typ, shape) in enumerate(
            zip(helper.result_types, helper.result_shapes, strict=True)
        ):
            name = f"{res}#{i}" if n > 1 else res
            self.add(Val(name, typ, shape, lineage=self.new_lineage()))

    def _special_helper(
        self, feature: str, make: Callable[[int], Helper]
    ) -> Helper | None:
        """A helper of `feature` for a call here (an existing one or, up to two, a
        new one made by `make`), or None where calls are not made (without function
        boundaries or the `calls` feature, in nested loops, in loops of helpers)."""
        if (
            not self.config.function_boundaries
            or not self.config.enabled("calls")
            or len(self.iv_bounds) > 1
            or (self.iv_bounds and self.in_helper)
        ):
            return None
        made = self.special_helpers.setdefault(feature, [])
        if not made or (len(made) < 2 and self.rng.random() < 0.3):
            made.append(make(len(made)))
        return self.rng.choice(made)

    def _special_call(self, helper: Helper, extra: list[str]) -> None:
        """Call `helper`: tensor arguments from the values here, then `extra`
        (scalars and indices); its results become new values; some passed values are
        read again after the call."""
        args: list[str] = []
        passed: list[Val] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            if typ.startswith("tensor<"):
                val = self.source(typ, shape)
                args.append(val.name)
                passed.append(val)
        self.emit_call(helper, args + extra)
        for val in passed:
            if val.readable and self.rng.random() < 0.7:
                self.observe(val)

    def op_recursion(self, depth: int) -> None:
        helper = self._special_helper("recursion", self._recursive_helpers)
        if helper is not None:
            self._special_call(helper, [self.index(self.rng.randint(0, 3))])

    def _recursive_helpers(self, number: int) -> Helper:
        """A recursive helper (`@rec<n>` calling itself), or two helpers calling each
        other (`@rec<n>` and `@rec<n>_odd`); the text goes among the functions."""
        shape = self.shape()
        typ = tensor_type(shape)
        name = f"rec{number}"
        mutual = self.rng.random() < 0.4
        callee = f"{name}_odd" if mutual else name
        public = self.rng.random() < 0.3
        self.functions_text.append(
            self._recursive_function(name, callee, shape, public)
        )
        if mutual:
            self.functions_text.append(
                self._recursive_function(callee, name, shape, False)
            )
        return Helper(name, [typ, "index"], [typ], [shape, ()], [shape])

    def _recursive_function(
        self, name: str, callee: str, shape: tuple[int, ...], public: bool
    ) -> str:
        """`@name(%t, %n)`: the base case (n == 0) returns %t, a new tensor or a
        constant; otherwise it may write %t, calls `@callee` with n - 1 on %t or
        on what it wrote, and returns the call's result (perhaps after writing into
        it an element of %t read after the call) or what it wrote."""
        typ = tensor_type(shape)
        first = ", ".join("%c0" for _ in shape)
        second = ", ".join("%c1" if d > 1 else "%c0" for d in shape)
        value = self.small_float()
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %n: index) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            f"  %k = arith.constant {value!r} : f32",
            "  %done = arith.cmpi eq, %n, %c0 : index",
            f"  %r = scf.if %done -> ({typ}) {{",
        ]
        base = self.rng.choice(["arg", "arg", "new", "constant"])
        if base == "arg":
            lines.append(f"    scf.yield %t : {typ}")
        elif base == "new":
            lines += [
                f"    %e = tensor.empty() : {typ}",
                f"    %f = linalg.fill ins(%k : f32) outs(%e : {typ}) -> {typ}",
                f"    scf.yield %f : {typ}",
            ]
        else:
            lines += [
                f"    %f = arith.constant dense<{value!r}> : {typ}",
                f"    scf.yield %f : {typ}",
            ]
        lines += [
            "  } else {",
            f"    %x = tensor.extract %t[{first}] : {typ}",
            "    %d = arith.addf %x, %k : f32",
        ]
        write = self.rng.random() < 0.7
        passed = "%t"
        if write:
            lines.append(f"    %w = tensor.insert %d into %t[{second}] : {typ}")
            passed = "%w" if self.rng.random() < 0.8 else "%t"
        lines += [
            "    %m = arith.subi %n, %c1 : index",
            f"    %y = func.call @{callee}({passed}, %m) : ({typ}, index) -> {typ}",
        ]
        after = self.rng.random()
        out = "%y"
        if after < 0.4:
            lines += [
                f"    %x2 = tensor.extract %t[{second}] : {typ}",
                f"    %z = tensor.insert %x2 into %y[{first}] : {typ}",
            ]
            out = "%z"
        elif after < 0.55 and write:
            out = "%w"
        lines += [
            f"    scf.yield {out} : {typ}",
            "  }",
            f"  func.return %r : {typ}",
            "}",
        ]
        return "\n".join(lines)

    def op_call_returned_args(self, depth: int) -> None:
        """A call of a `call_returned_args` helper (see `_returned_args_helper`)."""
        helper = self._special_helper("call_returned_args", self._returned_args_helper)
        if helper is not None:
            self.called.add(helper.name)
            self._special_call(helper, [self.scalar()])

    def _returned_args_helper(self, number: int) -> Helper:
        """`@retboth<n>(%t: tensor<S>, %s: f32) -> (tensor<S>, tensor<S>)` returning
        `%t` and the result of a call that returns `%t` when `%s > 0`, else a new
        tensor; the texts (the helper, the picking callee and maybe a second level)
        go among the functions."""
        rng = self.rng
        shape = self.shape()
        typ = tensor_type(shape)
        first = ", ".join("%c0" for _ in shape)
        pick, name = f"pickarg{number}", f"retboth{number}"
        read_arg = rng.random() < 0.4
        write_new = rng.random() < 0.4
        lines = [
            f"func.func private @{pick}(%t: {typ}, %s: f32) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            "  %zero = arith.constant 0.0 : f32",
            "  %cond = arith.cmpf ogt, %s, %zero : f32",
        ]
        fill = "%s"
        if read_arg:
            lines.append(f"  %x = tensor.extract %t[{first}] : {typ}")
            lines.append("  %xs = arith.addf %x, %s : f32")
            fill = "%xs"
        lines += [
            f"  %r = scf.if %cond -> ({typ}) {{",
            f"    scf.yield %t : {typ}",
            "  } else {",
            f"    %e = tensor.empty() : {typ}",
            f"    %f = linalg.fill ins({fill} : f32) outs(%e : {typ}) -> {typ}",
        ]
        out = "%f"
        if write_new:
            lines.append(f"    %w = tensor.insert %s into %f[{first}] : {typ}")
            out = "%w"
        lines += [
            f"    scf.yield {out} : {typ}",
            "  }",
            f"  func.return %r : {typ}",
            "}",
        ]
        self.functions_text.append("\n".join(lines))
        callee = pick
        if rng.random() < 0.4:
            callee = f"{pick}_via"
            self.functions_text.append(
                "\n".join(
                    [
                        f"func.func private @{callee}(%t: {typ}, %s: f32) -> {typ} {{",
                        f"  %r = func.call @{pick}(%t, %s) : ({typ}, f32) -> {typ}",
                        f"  func.return %r : {typ}",
                        "}",
                    ]
                )
            )
        public = rng.random() < 0.3
        returned = "%t, %r" if rng.random() < 0.5 else "%r, %t"
        self.functions_text.append(
            "\n".join(
                [
                    f"func.func {'' if public else 'private '}@{name}(%t: {typ}, "
                    f"%s: f32) -> ({typ}, {typ}) {{",
                    f"  %r = func.call @{callee}(%t, %s) : ({typ}, f32) -> {typ}",
                    f"  func.return {returned} : {typ}, {typ}",
                    "}",
                ]
            )
        )
        return Helper(name, [typ, "f32"], [typ, typ], [shape, ()], [shape, shape])
