"""`ProgramGenerator`: tensor programs, the feature families together: the table of op
kinds and their weights, the main loop choosing among them, helper functions and
`@main` (inputs, results read back, checksums)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl_bufferize.testing.generate.cf import CfOps
from xdsl_bufferize.testing.generate.core import (
    FunctionText,
    Helper,
    Val,
    identity_map,
    tensor_type,
)
from xdsl_bufferize.testing.generate.memory_space import MemorySpaceOps
from xdsl_bufferize.testing.generate.regions import RegionOps
from xdsl_bufferize.testing.generate.reshape import ReshapeOps


class ProgramGenerator(RegionOps, CfOps, MemorySpaceOps, ReshapeOps):
    """Generates one random tensor program; `generate_program` is the entry point."""

    def _tensor_ops(self) -> list[tuple[Callable[[int], None], float, str | None]]:
        c = self.config
        table: list[tuple[str, Callable[[int], None], float, str | None]] = [
            ("fill", self.op_fill, 1.0, "fill"),
            ("generic", self.op_generic, 2.0, "generic"),
            ("named", self.op_named, 1.5, "named_elementwise"),
            ("matmul", self.op_matmul, 1.0, "matmul"),
            (
                "named_structured",
                self.op_named_structured,
                1.0,
                "named_structured",
            ),
            ("transpose", self.op_transpose, 0.7, "transpose"),
            ("copy", self.op_copy, 0.7, "copy"),
            ("insert", self.op_insert, 1.0, "insert"),
            ("extract", self.op_extract, 1.0, "extract"),
            ("slice", self.op_slice, 1.5, "slices"),
            ("dynamic", self.op_dynamic, 0.6, "dynamic_shapes"),
            ("constant", self.op_constant, 0.4, "constants"),
            ("for", self.op_for, 1.2, "for"),
            ("forall", self.op_forall, 0.8, "forall"),
            ("if", self.op_if, 1.0, "if"),
            ("while", self.op_while, 0.6, "while"),
            ("call", self.op_call, 1.5, "calls"),
            ("captured_write", self.op_captured_write, 3.0, "captured_writes"),
            ("shared", self.op_shared, 0.8, "shared_operands"),
            ("while_forward", self.op_while_forward, 0.8, "while_forwarding"),
            ("materialize", self.op_materialize, 0.6, "materialize"),
            ("alloc_tensor", self.op_alloc_tensor, 0.5, "alloc_tensor"),
            ("recursion", self.op_recursion, 0.6, "recursion"),
            ("several_returns", self.op_several_returns, 0.6, "several_returns"),
            ("cf_loop_writes", self.op_cf_loop, 0.6, "cf_loop_writes"),
            ("affine_for", self.op_affine_for, 0.6, "affine"),
            ("affine_if", self.op_affine_if, 0.5, "affine"),
            ("vector_mask", self.op_vector_mask, 0.6, "vector_mask"),
            ("scf_parallel", self.op_scf_parallel, 0.5, "scf_parallel"),
            # Only with function boundaries (else no helper): weight 0 keeps the
            # programs without them as they were.
            (
                "unranked",
                self.op_unranked,
                0.6 if c.function_boundaries else 0.0,
                "unranked",
            ),
            ("memory_space", self.op_memory_space, 0.5, "memory_space"),
            (
                "memory_space_return",
                self.op_memory_space_return,
                0.4 if c.function_boundaries else 0.0,
                "memory_space",
            ),
            (
                "dynamic_reshape",
                self.op_dynamic_reshape,
                0.6 if c.function_boundaries else 0.0,
                "dynamic_reshape",
            ),
            (
                "cf_tensor_args",
                self.op_cf_tensor_args,
                0.6 if c.function_boundaries else 0.0,
                "cf_tensor_args",
            ),
            (
                "call_returned_args",
                self.op_call_returned_args,
                0.6 if c.function_boundaries else 0.0,
                "call_returned_args",
            ),
            (
                "execute_region_blocks",
                self.op_execute_region_blocks,
                0.6,
                "execute_region_blocks",
            ),
        ]
        return [
            (fn, c.weight(name, w), feat)
            for name, fn, w, feat in table
            if feat is None or c.enabled(feat)
        ]

    def random_op(self, depth: int) -> None:
        ops = [
            (fn, w)
            for fn, w, feat in self._tensor_ops()
            if w > 0
            and (
                depth < self.config.max_depth
                or feat
                not in (
                    "for",
                    "forall",
                    "if",
                    "while",
                    "while_forwarding",
                    "affine",
                    "scf_parallel",
                )
            )
        ]
        if not ops:
            return
        fns = [fn for fn, _ in ops]
        weights = [w for _, w in ops]
        self.rng.choices(fns, weights)[0](depth)

    def begin_function(self) -> None:
        self.fn = FunctionText()
        self.indent = 1
        self.scopes = [[]]
        self.consumable = set()
        self.iv_bounds = {}
        self.loop_base = None
        self.loop_side = []
        self.loop_captured = []
        self.loop_dead = []
        self.outer_chains = set()

    def end_function(self, header: str) -> str:
        lines = [header, *self.fn.prologue, *self.fn.body, "}"]
        return "\n".join(lines)

    def helper_signature(self, index: int) -> Helper:
        name = f"helper{index}"
        if not self.config.function_boundaries:
            n = self.rng.randint(1, 2)
            return Helper(name, ["f32"] * n, ["f32"], [()] * n, [()])
        arg_types: list[str] = []
        arg_shapes: list[tuple[int, ...]] = []
        for _ in range(self.rng.randint(1, 3)):
            shape = self.shape()
            dyn = self.config.enabled("dynamic_shapes") and self.rng.random() < 0.15
            arg_types.append(
                tensor_type([None] * len(shape)) if dyn else tensor_type(shape)
            )
            arg_shapes.append(shape)
        if self.rng.random() < 0.4:
            arg_types.append("f32")
            arg_shapes.append(())
        return Helper(name, arg_types, [], arg_shapes, [])

    def gen_helper(self, index: int) -> None:
        helper = self.helper_signature(index)
        self.begin_function()
        self.in_helper = True
        visibility = (
            "private "
            if self.config.enabled("private_funcs") and self.rng.random() < 0.5
            else ""
        )
        params: list[str] = []
        arg_vals: list[Val] = []
        for typ, shape in zip(helper.arg_types, helper.arg_shapes, strict=True):
            name = self.fresh("arg")
            attr = ""
            if typ != "f32" and self.config.enabled("writable_args"):
                r = self.rng.random()
                if r < 0.4:
                    attr = " {bufferization.writable = true}"
                elif r < 0.5:
                    attr = " {bufferization.writable = false}"
            params.append(f"{name}: {typ}{attr}")
            val = self.add(Val(name, typ, shape, lineage=self.new_lineage()))
            arg_vals.append(val)
        if self.config.enabled("writing_callees"):
            tensor_args = [v for v in arg_vals if v.is_tensor]
            if tensor_args and self.rng.random() < 0.7:
                written = self.side_write(self.rng.choice(tensor_args))
                if self.rng.random() < 0.5:
                    self.observe(written)
        # Only earlier helpers may be called: no recursion.
        all_helpers = self.helpers
        self.helpers = all_helpers[:index]
        self.region_ops(0, self.rng.randint(1, self.config.max_ops))
        self.helpers = all_helpers
        if self.config.function_boundaries:
            tensors = self.visible(lambda v: v.is_tensor)
            results: list[Val] = []
            for _ in range(self.rng.randint(1, 2)):
                r = self.rng.random()
                if r < 0.3 and arg_vals:
                    results.append(
                        self.rng.choice([v for v in arg_vals if v.is_tensor])
                    )
                elif tensors:
                    results.append(tensors[-1] if r < 0.6 else self.rng.choice(tensors))
            if not results:
                results.append(self.fresh_tensor(self.shape()))
            helper.result_types = [v.type for v in results]
            helper.result_shapes = [v.shape for v in results]
        else:
            results = [self.final_scalar()]
        ret_types = ", ".join(v.type for v in results)
        self.emit(f"func.return {', '.join(v.name for v in results)} : {ret_types}")
        header = f"func.func {visibility}@{helper.name}({', '.join(params)}) -> ({ret_types}) {{"
        self.functions_text.append(self.end_function(header))
        self.helpers.append(helper)

    def final_scalar(self) -> Val:
        """One f32 summarising the tensors of the current function."""
        tensors = self.visible(lambda v: v.is_tensor)
        if not tensors:
            tensors = [self.fresh_tensor(self.shape())]
        total = self.f32(0.0)
        for t in tensors[-3:]:
            s = self.fresh("s")
            self.emit(
                f"{s} = tensor.extract {t.name}[{self.indices_for(t.shape)}] : {t.type}"
            )
            nxt = self.fresh("sum")
            self.emit(f"{nxt} = arith.addf {total}, {s} : f32")
            total = nxt
        return Val(total, "f32")

    def checksum(self, t: Val) -> str:
        """The sum of all elements of `t` (a reduction generic into a 0-d tensor)."""
        rank = len(t.shape)
        zero = self.f32(0.0)
        e = self.fresh("e")
        self.emit(f"{e} = tensor.empty() : tensor<f32>")
        f = self.fresh("z")
        self.emit(
            f"{f} = linalg.fill ins({zero} : f32) outs({e} : tensor<f32>) -> tensor<f32>"
        )
        dims = ", ".join(f"d{i}" for i in range(rank))
        iters = ", ".join(['"reduction"'] * rank)
        g = self.fresh("sum")
        self.emit(
            f"{g} = linalg.generic {{indexing_maps = [{identity_map(rank)}, "
            f"affine_map<({dims}) -> ()>], iterator_types = [{iters}]}} "
            f"ins({t.name} : {t.type}) outs({f} : tensor<f32>) {{"
        )
        x, acc = self.fresh("x"), self.fresh("o")
        self.emit(f"^bb0({x}: f32, {acc}: f32):")
        s = self.fresh("p")
        self.emit(f"  {s} = arith.addf {x}, {acc} : f32")
        self.emit(f"  linalg.yield {s} : f32")
        self.emit("} -> tensor<f32>")
        out = self.fresh("cs")
        self.emit(f"{out} = tensor.extract {g}[] : tensor<f32>")
        return out

    def gen_main(self) -> None:
        self.begin_function()
        self.in_helper = False
        n_inputs = self.rng.randint(1, 3)
        for _ in range(n_inputs):
            self.fresh_tensor(self.shape(), dynamic=self.maybe_dynamic(0.1))
        self.region_ops(0, self.rng.randint(2, self.config.max_ops))
        for helper in self.helpers:
            if helper.name not in self.called and self.config.enabled("calls"):
                self.call(helper)
        returns: list[str] = []
        tensors = self.visible(lambda v: v.is_tensor)
        reread = tensors if self.config.enabled("reread") else tensors[-3:]
        if len(reread) > 8:
            reread = reread[:3] + self.rng.sample(reread[3:], 5)
        for t in reread:
            s = self.fresh("r")
            self.emit(
                f"{s} = tensor.extract {t.name}[{self.indices_for(t.shape)}] : {t.type}"
            )
            returns.append(s)
        if self.config.enabled("checksum") and tensors:
            for t in self.rng.sample(tensors, min(2, len(tensors))):
                returns.append(self.checksum(t))
        returns += [v.name for v in self.scalars()[-3:]]
        if not returns:
            returns.append(self.f32(1.0))
        types = ", ".join(["f32"] * len(returns))
        self.emit(f"func.return {', '.join(returns)} : {types}")
        self.functions_text.append(
            self.end_function(f"func.func @main() -> ({types}) {{")
        )

    def generate(self) -> str:
        n_helpers = (
            self.rng.randint(0, self.config.max_helpers)
            if self.config.enabled("calls")
            else 0
        )
        for i in range(n_helpers):
            self.gen_helper(i)
        self.gen_main()
        header = f"// generated: seed={self.seed} kind=tensor boundaries={self.config.function_boundaries}"
        return header + "\n" + "\n\n".join(self.functions_text) + "\n"
