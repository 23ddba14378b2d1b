"""Linalg ops: `linalg.fill`, `linalg.generic`, the elementwise named ops, `matmul`,
MLIR's named structured ops (feature `named_structured`: batch/vector matmuls,
pooling, convolutions), `linalg.transpose` and `linalg.copy`."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.core import (
    GeneratorBase,
    identity_map,
    tensor_type,
)


class StructuredOps(GeneratorBase):
    """Linalg ops writing a destination (a new tensor or an existing one)."""

    def op_fill(self, depth: int) -> None:
        src = self.any_tensor()
        dname, dval = self.dest(src.type, src.shape, overwritten=True)
        name = self.fresh("t")
        s = self.scalar()
        self.emit(
            f"{name} = linalg.fill ins({s} : f32) outs({dname} : {src.type}) -> {src.type}"
        )
        self.result(name, src.type, src.shape, dval)

    def op_generic(self, depth: int) -> None:
        a = self.any_tensor()
        ins = [a] + ([self.source(a.type, a.shape)] if self.rng.random() < 0.6 else [])
        dname, dval = self.dest(a.type, a.shape, overwritten=self.rng.random() < 0.4)
        reads_out = dval is not None and self.rng.random() < 0.6
        rank = len(a.shape)
        maps = ", ".join([identity_map(rank)] * (len(ins) + 1))
        iters = ", ".join(['"parallel"'] * rank)
        name = self.fresh("g")
        ins_txt = ", ".join(v.name for v in ins)
        ins_types = ", ".join(v.type for v in ins)
        self.emit(
            f"{name} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iters}]}} "
            f"ins({ins_txt} : {ins_types}) outs({dname} : {a.type}) {{"
        )
        args = [self.fresh("x") for _ in ins]
        out = self.fresh("o")
        self.emit("^bb0(" + ", ".join(f"{x}: f32" for x in [*args, out]) + "):")
        acc = args[0]
        for x in [*args[1:], *([out] if reads_out else [])]:
            nxt = self.fresh("p")
            op = self.rng.choice(["addf", "subf", "mulf", "maximumf", "minimumf"])
            self.emit(f"  {nxt} = arith.{op} {acc}, {x} : f32")
            acc = nxt
        if self.rng.random() < 0.6:
            nxt = self.fresh("p")
            op = self.rng.choice(["addf", "mulf", "subf"])
            self.emit(f"  {nxt} = arith.{op} {acc}, {self.scalar()} : f32")
            acc = nxt
        self.emit(f"  linalg.yield {acc} : f32")
        self.emit(f"}} -> {a.type}")
        self.result(name, a.type, a.shape, dval)

    def op_named(self, depth: int) -> None:
        a = self.any_tensor()
        b = self.source(a.type, a.shape)
        dname, dval = self.dest(a.type, a.shape, overwritten=True)
        opname = self.rng.choice(["add", "sub", "mul", "max", "min"])
        name = self.fresh("b")
        self.emit(
            f"{name} = linalg.{opname} ins({a.name}, {b.name} : {a.type}, {b.type}) "
            f"outs({dname} : {a.type}) -> {a.type}"
        )
        self.result(name, a.type, a.shape, dval)

    def op_matmul(self, depth: int) -> None:
        c = self.visible(
            lambda v: v.is_tensor and len(v.shape) == 2 and "?" not in v.type
        )
        if c and self.rng.random() < 0.7:
            cval = self.rng.choice(c)
        else:
            cval = self.fresh_tensor(self.shape(2))
        m, n = cval.shape
        k = self.rng.choice(self.dims)
        a = self.source(tensor_type((m, k)), (m, k))
        b = self.source(tensor_type((k, n)), (k, n))
        name = self.fresh("mm")
        self.emit(
            f"{name} = linalg.matmul ins({a.name}, {b.name} : {a.type}, {b.type}) "
            f"outs({cval.name} : {cval.type}) -> {cval.type}"
        )
        self.result(name, cval.type, cval.shape, cval)

    def op_named_structured(self, depth: int) -> None:
        """One of MLIR's named contraction, pooling or convolution ops, accumulating
        into an existing tensor of the output's shape or a new one."""
        kind = self.rng.choice(
            [
                "batch_matmul",
                "matvec",
                "vecmat",
                "batch_matvec",
                "pooling_nhwc_max",
                "pooling_nhwc_min",
                "pooling_nhwc_sum",
                "pooling_nchw_max",
                "conv_1d",
                "conv_1d_nwc_wcf",
                "conv_2d_nhwc_hwcf",
                "depthwise_conv_2d_nhwc_hwc",
            ]
        )
        small = [d for d in self.dims if d <= 3] or [1]
        ranks = {"batch_matmul": 3, "matvec": 1, "vecmat": 1, "batch_matvec": 2}
        window = {"conv_1d": 1, "conv_1d_nwc_wcf": 1}.get(kind, 2)
        rank = ranks.get(kind, 1 if kind == "conv_1d" else 3 if window == 1 else 4)
        outs = self.visible(
            lambda v: v.is_tensor and len(v.shape) == rank and "?" not in v.type
        )
        if outs and self.rng.random() < 0.6:
            out = self.rng.choice(outs)
        else:
            out = self.fresh_tensor(tuple(self.rng.choice(small) for _ in range(rank)))
        k = self.rng.choice(small)
        steps = [
            (self.rng.randint(1, 2), self.rng.randint(1, 2), self.rng.randint(1, 2))
            for _ in range(window)
        ]
        if kind == "conv_1d":
            steps = [(self.rng.randint(1, 2), 1, 1)]

        def spatial(o: int, i: int) -> int:
            kernel, stride, dilation = steps[i]
            return (o - 1) * stride + (kernel - 1) * dilation + 1

        kernel = tuple(step[0] for step in steps)
        o = out.shape
        lhs_shape: tuple[int, ...]
        rhs_shape: tuple[int, ...]
        if kind == "batch_matmul":
            lhs_shape, rhs_shape = (o[0], o[1], k), (o[0], k, o[2])
        elif kind == "matvec":
            lhs_shape, rhs_shape = (o[0], k), (k,)
        elif kind == "vecmat":
            lhs_shape, rhs_shape = (k,), (k, o[0])
        elif kind == "batch_matvec":
            lhs_shape, rhs_shape = (o[0], o[1], k), (o[0], k)
        elif kind == "conv_1d":
            lhs_shape, rhs_shape = (spatial(o[0], 0),), kernel
        elif kind == "conv_1d_nwc_wcf":
            lhs_shape, rhs_shape = (o[0], spatial(o[1], 0), k), (*kernel, k, o[2])
        elif kind == "pooling_nchw_max":
            lhs_shape = (o[0], o[1], spatial(o[2], 0), spatial(o[3], 1))
            rhs_shape = kernel
        elif kind == "conv_2d_nhwc_hwcf":
            lhs_shape = (o[0], spatial(o[1], 0), spatial(o[2], 1), k)
            rhs_shape = (*kernel, k, o[3])
        else:
            lhs_shape = (o[0], spatial(o[1], 0), spatial(o[2], 1), o[3])
            depthwise = kind == "depthwise_conv_2d_nhwc_hwc"
            rhs_shape = (*kernel, o[3]) if depthwise else kernel
        lhs = self.source(tensor_type(lhs_shape), lhs_shape)
        rhs = self.source(tensor_type(rhs_shape), rhs_shape)
        attrs = ""
        if kind != "conv_1d" and kind not in ranks:
            strides = ", ".join(str(step[1]) for step in steps)
            dilations = ", ".join(str(step[2]) for step in steps)
            attrs = (
                f" {{dilations = dense<[{dilations}]> : tensor<{window}xi64>, "
                f"strides = dense<[{strides}]> : tensor<{window}xi64>}}"
            )
        name = self.fresh("ns")
        self.emit(
            f"{name} = linalg.{kind}{attrs} ins({lhs.name}, {rhs.name} : {lhs.type}, "
            f"{rhs.type}) outs({out.name} : {out.type}) -> {out.type}"
        )
        self.result(name, out.type, out.shape, out)

    def op_transpose(self, depth: int) -> None:
        a = self.any_tensor(lambda v: len(v.shape) == 2 and "?" not in v.type)
        if len(a.shape) != 2 or "?" in a.type:
            a = self.fresh_tensor(self.shape(2))
        shape = (a.shape[1], a.shape[0])
        typ = tensor_type(shape)
        dname, dval = self.dest(typ, shape, overwritten=True)
        name = self.fresh("tr")
        self.emit(
            f"{name} = linalg.transpose ins({a.name} : {a.type}) outs({dname} : {typ}) "
            "permutation = [1, 0]"
        )
        self.result(name, typ, shape, dval)

    def op_copy(self, depth: int) -> None:
        a = self.any_tensor()
        dname, dval = self.dest(a.type, a.shape, overwritten=True)
        name = self.fresh("cp")
        self.emit(
            f"{name} = linalg.copy ins({a.name} : {a.type}) outs({dname} : {a.type}) -> {a.type}"
        )
        self.result(name, a.type, a.shape, dval)
