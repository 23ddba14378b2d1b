"""Helpers on tensors of other ranks than their callers': unranked arguments
(`unranked`) and dynamic 2-D arguments collapsed and expanded (`dynamic_reshape`),
called through a `tensor.cast` and back."""

from __future__ import annotations

from collections.abc import Callable

from xdsl_bufferize.testing.generate.calls import CallOps
from xdsl_bufferize.testing.generate.core import (
    Helper,
    Val,
    tensor_type,
)


class ReshapeOps(CallOps):
    """Calls through a cast to a dynamic or unranked type, and their helpers."""

    def op_unranked(self, depth: int) -> None:
        """A call of an `unranked` helper on a ranked tensor cast to
        `tensor<*xf32>`; the result is cast back to the ranked type."""
        self._call_through_cast("unranked", self._unranked_helper, "tensor<*xf32>", "u")

    def op_dynamic_reshape(self, depth: int) -> None:
        """A call of a `dynamic_reshape` helper on a 2-D tensor cast to
        `tensor<?x?xf32>`; the result is cast back to the static type."""
        self._call_through_cast(
            "dynamic_reshape", self._reshape_helper, "tensor<?x?xf32>", "d"
        )

    def _call_through_cast(
        self,
        kind: str,
        make_helper: Callable[[int], Helper],
        cast_type: str,
        prefix: str,
    ) -> None:
        """A call of the `kind` helper on a static tensor cast to `cast_type` (the
        helper's argument and result type, with an f32 scalar); the result is cast
        back to the static type."""
        helper = self._special_helper(kind, make_helper)
        if helper is None:
            return
        self.called.add(helper.name)
        typ, shape = tensor_type(helper.arg_shapes[0]), helper.arg_shapes[0]
        val = self.source(typ, shape)
        cast = self.fresh(prefix)
        self.emit(f"{cast} = tensor.cast {val.name} : {typ} to {cast_type}")
        res = self.fresh("call")
        self.emit(
            f"{res} = func.call @{helper.name}({cast}, {self.scalar()}) : "
            f"({cast_type}, f32) -> {cast_type}"
        )
        back = self.fresh("r")
        self.emit(f"{back} = tensor.cast {res} : {cast_type} to {typ}")
        self.add(Val(back, typ, shape, lineage=self.new_lineage()))
        if val.readable and self.rng.random() < 0.7:
            self.observe(val)

    def _reshape_helper(self, number: int) -> Helper:
        """`@reshape<n>(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32>` (see
        `_reshape_function`); the text goes among the functions."""
        shape = self.shape(2)
        name = f"reshape{number}"
        public = self.rng.random() < 0.3
        self.functions_text.append(self._reshape_function(name, public))
        return Helper(
            name,
            ["tensor<?x?xf32>", "f32"],
            ["tensor<?x?xf32>"],
            [shape, ()],
            [shape],
        )

    def _reshape_function(self, name: str, public: bool) -> str:
        """The helper collapses `%t` to 1-D and expands it back, or expands it to
        `1x?x?` and collapses it back; between the two it may write `%s` into the
        reshaped view (one element, or all of it)."""
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: tensor<?x?xf32>, %s: f32) -> tensor<?x?xf32> {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %d0 = tensor.dim %t, %c0 : tensor<?x?xf32>",
            "  %d1 = tensor.dim %t, %c1 : tensor<?x?xf32>",
        ]
        write = self.rng.choice(["none", "insert", "fill"])
        if self.rng.random() < 0.5:
            view, index = "tensor<?xf32>", "%c0"
            lines.append(
                f"  %v = tensor.collapse_shape %t [[0, 1]] : tensor<?x?xf32> into {view}"
            )
        else:
            view, index = "tensor<1x?x?xf32>", "%c0, %c0, %c0"
            lines.append(
                "  %v = tensor.expand_shape %t [[0, 1], [2]] output_shape [1, %d0, %d1]"
                f" : tensor<?x?xf32> into {view}"
            )
        if write == "insert":
            lines.append(f"  %x = tensor.extract %v[{index}] : {view}")
            lines.append("  %y = arith.addf %x, %s : f32")
            lines.append(f"  %w = tensor.insert %y into %v[{index}] : {view}")
        elif write == "fill":
            lines.append(
                f"  %w = linalg.fill ins(%s : f32) outs(%v : {view}) -> {view}"
            )
        else:
            lines.append(f"  %w = tensor.cast %v : {view} to {view}")
        if view == "tensor<?xf32>":
            lines.append(
                "  %r = tensor.expand_shape %w [[0, 1]] output_shape [%d0, %d1]"
                f" : {view} into tensor<?x?xf32>"
            )
        else:
            lines.append(
                f"  %r = tensor.collapse_shape %w [[0, 1], [2]] : {view} into tensor<?x?xf32>"
            )
        lines += ["  func.return %r : tensor<?x?xf32>", "}"]
        return "\n".join(lines)

    def _unranked_helper(self, number: int) -> Helper:
        """`@unranked<n>(%t: tensor<*xf32>, %s: f32) -> tensor<*xf32>` (see
        `_unranked_function`); the text goes among the functions."""
        shape = self.shape()
        name = f"unranked{number}"
        public = self.rng.random() < 0.3
        self.functions_text.append(self._unranked_function(name, shape, public))
        return Helper(
            name, ["tensor<*xf32>", "f32"], ["tensor<*xf32>"], [shape, ()], [shape]
        )

    def _unranked_function(
        self, name: str, shape: tuple[int, ...], public: bool
    ) -> str:
        """The helper casts `%t` to a ranked type of `shape` (static, or dynamic in
        some dimensions), may write `%s` into it, and returns, cast back to
        unranked: the argument, what it wrote, a new tensor, or (`%s > 0`) either
        the argument or a new tensor."""
        dims = [None if self.rng.random() < 0.3 else d for d in shape]
        ranked = tensor_type(dims)
        first = ", ".join("%c0" for _ in shape)
        lines = [
            f"func.func {'' if public else 'private '}@{name}(%t: tensor<*xf32>, %s: f32) -> tensor<*xf32> {{",
            "  %c0 = arith.constant 0 : index",
            f"  %r = tensor.cast %t : tensor<*xf32> to {ranked}",
        ]
        kind = self.rng.choice(["arg", "write", "write", "new", "either"])
        out = "%r"
        if kind == "write":
            if self.rng.random() < 0.5:
                lines.append(f"  %x = tensor.extract %r[{first}] : {ranked}")
                lines.append("  %v = arith.addf %x, %s : f32")
            else:
                lines.append("  %v = arith.addf %s, %s : f32")
            lines.append(f"  %w = tensor.insert %v into %r[{first}] : {ranked}")
            out = "%w"
        elif kind in ("new", "either"):
            static = tensor_type(shape)
            lines += [
                f"  %e = tensor.empty() : {static}",
                f"  %f = linalg.fill ins(%s : f32) outs(%e : {static}) -> {static}",
                f"  %n = tensor.cast %f : {static} to {ranked}",
            ]
            out = "%n"
            if kind == "either":
                lines += [
                    "  %zero = arith.constant 0.0 : f32",
                    "  %cond = arith.cmpf ogt, %s, %zero : f32",
                    f"  %y = scf.if %cond -> ({ranked}) {{",
                    f"    scf.yield %r : {ranked}",
                    "  } else {",
                    f"    scf.yield %n : {ranked}",
                    "  }",
                ]
                out = "%y"
        lines += [
            f"  %u = tensor.cast {out} : {ranked} to tensor<*xf32>",
            "  func.return %u : tensor<*xf32>",
            "}",
        ]
        return "\n".join(lines)
