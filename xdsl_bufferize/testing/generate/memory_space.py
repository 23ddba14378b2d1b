"""Tensors in memory space 1 (feature `memory_space`): `bufferization.alloc_tensor` in
space 1 and helpers returning such tensors."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.calls import CallOps
from xdsl_bufferize.testing.generate.core import (
    Helper,
    Val,
    tensor_type,
)


class MemorySpaceOps(CallOps):
    """New tensors in memory space 1, and helpers returning them."""

    def op_memory_space(self, depth: int) -> None:
        """A tensor in memory space 1: a new one, or a copy of an existing value."""
        space = "{memory_space = 1 : i64}"
        name = self.fresh("ms")
        if self.rng.random() < 0.5:
            shape = self.shape()
            typ = tensor_type(shape)
            self.emit(f"{name} = bufferization.alloc_tensor() {space} : {typ}")
            self.init_tensor(name, typ, shape)
            return
        src = self.any_tensor()
        self.emit(
            f"{name} = bufferization.alloc_tensor() copy({src.name}) {space} "
            f": {src.type}"
        )
        self.add(Val(name, src.type, src.shape, lineage=self.new_lineage()))

    def op_memory_space_return(self, depth: int) -> None:
        """A call of a helper returning a tensor in memory space 1 (with function
        boundaries): its result type follows the returned buffer's space, or the
        buffer is copied into the default space of a fixed result type."""
        helper = self._special_helper("memory_space_return", self._space_helper)
        if helper is not None:
            self.called.add(helper.name)
            self._special_call(helper, [self.scalar()])

    def _space_helper(self, number: int) -> Helper:
        """`@space<n>(%t: tensor<S>, %s: f32) -> tensor<S>` returning, in memory
        space 1, a new tensor filled with `%s`, a copy of `%t` with `%s` inserted,
        or (`%s > 0`) either; the text goes among the functions."""
        shape = self.shape()
        typ = tensor_type(shape)
        name = f"space{number}"
        public = self.rng.random() < 0.3
        first = ", ".join("%c0" for _ in shape)
        space = "{memory_space = 1 : i64}"
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: {typ}, %s: f32) -> {typ} {{",
            "  %c0 = arith.constant 0 : index",
            f"  %e = bufferization.alloc_tensor() {space} : {typ}",
            f"  %n = linalg.fill ins(%s : f32) outs(%e : {typ}) -> {typ}",
            f"  %k = bufferization.alloc_tensor() copy(%t) {space} : {typ}",
            f"  %w = tensor.insert %s into %k[{first}] : {typ}",
        ]
        kind = self.rng.choice(["new", "copy", "either"])
        out = {"new": "%n", "copy": "%w"}.get(kind, "%y")
        if kind == "either":
            lines += [
                "  %zero = arith.constant 0.0 : f32",
                "  %cond = arith.cmpf ogt, %s, %zero : f32",
                f"  %y = scf.if %cond -> ({typ}) {{",
                f"    scf.yield %n : {typ}",
                "  } else {",
                f"    scf.yield %w : {typ}",
                "  }",
            ]
        lines += [f"  func.return {out} : {typ}", "}"]
        self.functions_text.append("\n".join(lines))
        return Helper(name, [typ, "f32"], [typ], [shape, ()], [shape])
