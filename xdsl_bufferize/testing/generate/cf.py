"""Helpers with unstructured control flow (`cf` branches): loops writing their tensor
argument (`cf_loop_writes`), several returns (`several_returns`) and branches carrying
tensors (`cf_tensor_args`)."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.calls import CallOps
from xdsl_bufferize.testing.generate.core import (
    Helper,
    tensor_type,
)


class CfOps(CallOps):
    """Calls of helpers whose bodies branch with `cf`."""

    def op_cf_loop(self, depth: int) -> None:
        helper = self._special_helper("cf_loop_writes", self._cf_loop_helper)
        if helper is not None:
            self._special_call(helper, [self.index(self.rng.randint(0, 3))])

    def _cf_loop_helper(self, number: int) -> Helper:
        """`@cfloop<n>(%t, %n) -> f32`: a loop of `cf` branches over `%n` rounds that
        reads `%t` and writes it (in either order), or blocks placed in another order
        than they run; returns an f32 made of what it read (see the `cf_loop_writes`
        feature)."""
        rng = self.rng
        shape = self.shape()
        typ = tensor_type(shape)
        zeros = ", ".join("%c0" for _ in shape)
        name = f"cfloop{number}"
        public = rng.random() < 0.3
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %n: index) -> f32 {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %one = arith.constant 1.0 : f32",
        ]
        fill = rng.random() < 0.4
        write = (
            f"  %t2 = linalg.fill ins(%acc : f32) outs(%t : {typ}) -> {typ}"
            if fill
            else f"  %t2 = tensor.insert %acc into %t[{zeros}] : {typ}"
        )
        if rng.random() < 0.3:
            # blocks in another order than they run
            lines += [
                "  cf.br ^first(%one : f32)",
                "^second(%y: f32):",
                f"  %x = tensor.extract %t[{zeros}] : {typ}",
                "  %r = arith.addf %x, %y : f32",
                "  func.return %r : f32",
                "^first(%acc: f32):",
                write,
                f"  %z = tensor.extract %t2[{zeros}] : {typ}",
                "  cf.br ^second(%z : f32)",
                "}",
            ]
        else:
            read_first = rng.random() < 0.6
            body = [
                f"  %e = tensor.extract %t[{zeros}] : {typ}",
                "  %s = arith.addf %acc, %e : f32",
            ]
            after = [write, f"  %x = tensor.extract %t2[{zeros}] : {typ}"]
            if rng.random() < 0.4:
                after.append(f"  %again = tensor.extract %t[{zeros}] : {typ}")
                after.append("  %x2 = arith.addf %x, %again : f32")
                result = "%x2"
            else:
                result = "%x"
            steps = body + after if read_first else after + body
            lines += [
                "  cf.br ^loop(%c0, %one : index, f32)",
                "^loop(%i: index, %acc: f32):",
                *steps,
                f"  %sum = arith.addf %s, {result} : f32",
                "  %i2 = arith.addi %i, %c1 : index",
                "  %d = arith.cmpi slt, %i2, %n : index",
                "  cf.cond_br %d, ^loop(%i2, %sum : index, f32), ^exit(%sum : f32)",
                "^exit(%r: f32):",
                "  func.return %r : f32",
                "}",
            ]
        self.functions_text.append("\n".join(lines))
        return Helper(name, [typ, "index"], ["f32"], [shape, ()], [()])

    def op_several_returns(self, depth: int) -> None:
        helper = self._special_helper("several_returns", self._several_returns_helper)
        if helper is not None:
            self._special_call(helper, [self.scalar()])

    def _several_returns_helper(self, number: int) -> Helper:
        """`@multi<n>(%t, [%u,] %s)`: branches on `%s > 0` to two blocks, each
        ending in a `func.return` of one or two tensors (see `_returned`)."""
        shape = self.shape()
        typ = tensor_type(shape)
        big = (shape[0] + 2, *shape[1:])
        slices = self.rng.random() < 0.4
        arg_types = [typ, tensor_type(big)] if slices else [typ]
        arg_shapes = [shape, big] if slices else [shape]
        results = self.rng.choice([1, 1, 2])
        name = f"multi{number}"
        params = ", ".join(
            f"%{arg}: {t}" for arg, t in zip(["t", "u"], arg_types, strict=False)
        )
        result_types = ", ".join([typ] * results)
        public = self.rng.random() < 0.3
        zeros = ", ".join("%c0" for _ in shape)
        lines = [
            f"func.func {'' if public else 'private '}@{name}({params}, %s: f32) -> ({result_types}) {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %zero = arith.constant 0.0 : f32",
            "  %cond = arith.cmpf ogt, %s, %zero : f32",
        ]
        if self.rng.random() < 0.3:
            # A read of the argument before the branch.
            lines.append(f"  %x = tensor.extract %t[{zeros}] : {typ}")
        lines.append("  cf.cond_br %cond, ^bb1, ^bb2")
        for block in ("bb1", "bb2"):
            lines.append(f"^{block}:")
            values: list[str] = []
            for position in range(results):
                kinds = ["arg", "write", "new", "constant"] + (
                    ["slice"] if slices else []
                )
                if position:
                    kinds.append("same")
                kind = self.rng.choice(kinds)
                if kind == "same":
                    values.append(values[0])
                    continue
                values.append(self._returned(kind, f"{block}_{position}", shape, lines))
            lines.append(f"  func.return {', '.join(values)} : {result_types}")
        lines.append("}")
        self.functions_text.append("\n".join(lines))
        arg_types.append("f32")
        arg_shapes.append(())
        return Helper(name, arg_types, [typ] * results, arg_shapes, [shape] * results)

    def _returned(
        self, kind: str, suffix: str, shape: tuple[int, ...], lines: list[str]
    ) -> str:
        """Emit into `lines` a tensor of `shape` to return: the argument %t, a write
        into it, a new tensor, a constant or a slice (offset 1) of the argument %u;
        its name."""
        typ = tensor_type(shape)
        zeros = ", ".join("%c0" for _ in shape)
        if kind == "arg":
            return "%t"
        name = f"%{kind}_{suffix}"
        if kind == "write":
            lines.append(f"  {name} = tensor.insert %s into %t[{zeros}] : {typ}")
        elif kind == "new":
            empty = f"%e_{suffix}"
            lines += [
                f"  {empty} = tensor.empty() : {typ}",
                f"  {name} = linalg.fill ins(%s : f32) outs({empty} : {typ}) -> {typ}",
            ]
        elif kind == "constant":
            lines.append(
                f"  {name} = arith.constant dense<{self.small_float()!r}> : {typ}"
            )
        else:
            big = tensor_type((shape[0] + 2, *shape[1:]))
            offsets = ", ".join(["1"] + ["0"] * (len(shape) - 1))
            sizes = ", ".join(str(d) for d in shape)
            strides = ", ".join("1" for _ in shape)
            lines.append(
                f"  {name} = tensor.extract_slice %u[{offsets}] [{sizes}] [{strides}] : {big} to {typ}"
            )
        return name

    def op_cf_tensor_args(self, depth: int) -> None:
        """A call of a `cf_tensor_args` helper (see `_cf_tensor_function`)."""
        helper = self._special_helper("cf_tensor_args", self._cf_tensor_helper)
        if helper is not None:
            self.called.add(helper.name)
            self._special_call(
                helper, [self.index(self.rng.randint(0, 3)), self.scalar()]
            )

    def _cf_tensor_helper(self, number: int) -> Helper:
        """`@cftensor<n>(%t: tensor<S>, %n: index, %s: f32) -> tensor<S>`; the text
        goes among the functions."""
        shape = self.shape()
        typ = tensor_type(shape)
        name = f"cftensor{number}"
        public = self.rng.random() < 0.3
        self.functions_text.append(self._cf_tensor_function(name, typ, shape, public))
        return Helper(name, [typ, "index", "f32"], [typ], [shape, (), ()], [shape])

    def _cf_tensor_function(
        self, name: str, typ: str, shape: tuple[int, ...], public: bool
    ) -> str:
        """A loop of `cf` branches carrying the tensor `%t` over `%n` rounds, each
        writing it, or a merge of `%t` and a new tensor filled with `%s`."""
        rng = self.rng
        first = ", ".join("%c0" for _ in shape)
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %n: index, %s: f32) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
        ]
        if rng.random() < 0.3:
            lines += [
                "  %zero = arith.constant 0.0 : f32",
                "  %pos = arith.cmpf ogt, %s, %zero : f32",
                f"  cf.cond_br %pos, ^new, ^join(%t : {typ})",
                "^new:",
                f"  %e = tensor.empty() : {typ}",
                f"  %f = linalg.fill ins(%s : f32) outs(%e : {typ}) -> {typ}",
                f"  cf.br ^join(%f : {typ})",
                f"^join(%m: {typ}):",
                f"  func.return %m : {typ}",
                "}",
            ]
            return "\n".join(lines)
        lines.append(f"  cf.br ^head(%c0, %t : index, {typ})")
        lines += [
            f"^head(%i: index, %a: {typ}):",
            "  %more = arith.cmpi slt, %i, %n : index",
        ]
        if rng.random() < 0.5:
            lines.append(f"  cf.cond_br %more, ^body, ^exit(%a : {typ})")
        else:
            lines.append("  %done = arith.cmpi sge, %i, %n : index")
            lines.append(f"  cf.cond_br %done, ^exit(%a : {typ}), ^body")
        lines.append("^body:")
        if rng.random() < 0.5:
            lines += [
                f"  %x = tensor.extract %a[{first}] : {typ}",
                "  %y = arith.addf %x, %s : f32",
                f"  %u = tensor.insert %y into %a[{first}] : {typ}",
            ]
        else:
            lines.append(f"  %u = linalg.fill ins(%s : f32) outs(%a : {typ}) -> {typ}")
        lines += [
            "  %j = arith.addi %i, %c1 : index",
            f"  cf.br ^head(%j, %u : index, {typ})",
            f"^exit(%r: {typ}):",
            f"  func.return %r : {typ}",
            "}",
        ]
        return "\n".join(lines)
