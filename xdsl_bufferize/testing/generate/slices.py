"""Tensor element and slice ops: `tensor.insert` / `extract`, tiles
(`tensor.extract_slice` / `insert_slice`, static and dynamic, with the `slice_clobber`
shapes), dynamic shapes (`tensor.cast`, `tensor.dim`, `tensor.empty(%d)`) and dense
constants."""

from __future__ import annotations

from xdsl_bufferize.testing.generate.core import (
    Val,
    tensor_type,
)
from xdsl_bufferize.testing.generate.structured import StructuredOps


class SliceOps(StructuredOps):
    """Element, tile, dynamic-shape and constant ops on tensors."""

    def op_insert(self, depth: int) -> None:
        a = self.any_tensor()
        name = self.fresh("ins")
        self.emit(
            f"{name} = tensor.insert {self.scalar()} into {a.name}[{self.indices_for(a.shape)}] : {a.type}"
        )
        self.result(name, a.type, a.shape, a)

    def op_extract(self, depth: int) -> None:
        a = self.any_tensor()
        name = self.fresh("s")
        self.emit(
            f"{name} = tensor.extract {a.name}[{self.indices_for(a.shape)}] : {a.type}"
        )
        self.add(Val(name, "f32"))

    def slice_params(
        self, shape: tuple[int, ...], dynamic_sizes: bool
    ) -> tuple[str, str, tuple[int, ...], str]:
        """Offsets, sizes, the tile's runtime shape and its type, for a tile of `shape`."""
        offs: list[str] = []
        sizes: list[str] = []
        tile: list[int] = []
        tile_type: list[int | None] = []
        ivs = [
            (name, bound)
            for name, bound in self.iv_bounds.items()
            if any(name == v.name for v in self.visible(lambda v: v.type == "index"))
        ]
        for d in shape:
            size = self.rng.randint(1, d)
            off = self.rng.randint(0, d - size)
            iv_ok = [(n, b) for n, b in ivs if b + size <= d]
            if iv_ok and self.rng.random() < 0.5:
                offs.append(self.rng.choice(iv_ok)[0])
            elif self.config.enabled("dynamic_slices") and self.rng.random() < 0.3:
                offs.append(self.index(off))
            else:
                offs.append(str(off))
            if dynamic_sizes:
                sizes.append(self.index(size))
                tile_type.append(None)
            else:
                sizes.append(str(size))
                tile_type.append(size)
            tile.append(size)
        return (
            ", ".join(offs),
            ", ".join(sizes),
            tuple(tile),
            tensor_type(tile_type),
        )

    def op_slice(self, depth: int) -> None:
        """A tile: extract it, compute on it, insert it back (or keep it as a view)."""
        src = self.any_tensor()
        dyn = self.config.enabled("dynamic_slices") and self.rng.random() < 0.3
        offs, sizes, tile, ttype = self.slice_params(src.shape, dyn)
        strides = ", ".join(["1"] * len(src.shape))
        name = self.fresh("sl")
        self.emit(
            f"{name} = tensor.extract_slice {src.name}[{offs}] [{sizes}] [{strides}] "
            f": {src.type} to {ttype}"
        )
        tval = self.add(Val(name, ttype, tile, lineage=self.new_lineage()))
        if self.rng.random() < 0.3:
            return  # a read-only view, used by later ops
        work_type = ttype
        if self.config.enabled("slice_clobber") and self.rng.random() < 0.4:
            # The tile's producer is a new tensor (empty-tensor elimination may let it
            # write straight into the destination).
            tval = self.fresh_tensor(tile, dynamic="?" in ttype)
        elif self.config.enabled("slice_casts") and self.rng.random() < 0.5:
            # A new tensor of the other (static / dynamic) type, cast to the tile's
            # type before the insertion.
            work_type = (
                tensor_type(tile) if "?" in ttype else tensor_type([None] * len(tile))
            )
            tval = self.fresh_tensor(tile, dynamic="?" in work_type)
        # Compute on the tile.
        saved_focus = self.focus
        for _ in range(self.rng.randint(1, 2)):
            self.focus = tval
            self.rng.choice(
                [self.op_fill, self.op_generic, self.op_insert, self.op_named]
            )(depth)
            cands = self.visible(lambda v: v.type == work_type and v.shape == tile)
            tval = cands[-1] if cands else tval
        self.focus = saved_focus
        if tval.type != ttype:
            name = self.fresh("tc")
            self.emit(f"{name} = tensor.cast {tval.name} : {tval.type} to {ttype}")
            tval = self.add(Val(name, ttype, tile, lineage=self.new_lineage()))
        upd = tval
        dest = src if src.readable else self.source(src.type, src.shape)
        if self.rng.random() < 0.2:
            dest = self.source(src.type, src.shape)
        if self.config.enabled("slice_clobber") and self.rng.random() < 0.5:
            # The destination is written between the tile's producer and the insert.
            clobbered = self.side_write(dest)
            if self.rng.random() < 0.5:
                dest = clobbered
        res = self.fresh("is")
        self.emit(
            f"{res} = tensor.insert_slice {upd.name} into {dest.name}[{offs}] [{sizes}] "
            f"[{strides}] : {ttype} into {dest.type}"
        )
        self.result(res, dest.type, dest.shape, dest)

    def op_dynamic(self, depth: int) -> None:
        a = self.any_tensor(lambda v: "?" not in v.type)
        if "?" in a.type:
            a = self.fresh_tensor(self.shape())
        d = self.cast_dynamic(a)
        dims = []
        for i in range(len(d.shape)):
            dim = self.fresh("dim")
            self.emit(f"{dim} = tensor.dim {d.name}, {self.index(i)} : {d.type}")
            dims.append(dim)
        if self.rng.random() < 0.6:
            empty = self.fresh("e")
            self.emit(f"{empty} = tensor.empty({', '.join(dims)}) : {d.type}")
            self.init_tensor(empty, d.type, d.shape)

    def op_constant(self, depth: int) -> None:
        self.dense_constant(self.shape())
