"""Union-find over SSA values: MLIR's alias sets and equivalence sets.

Both relations only grow during the analysis (an operand decided in place merges
the set of its value with the sets of its aliasing values), so a union-find with
path halving and union by size answers `find` in near-constant time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class UnionFind(Generic[T]):
    """Disjoint sets of hashable items, created lazily on first use."""

    def __init__(self) -> None:
        self._parent: dict[T, T] = {}
        self._size: dict[T, int] = {}
        self._members: dict[T, list[T]] = {}

    def add(self, item: T) -> None:
        """Make `item` known (its own singleton set if new)."""
        if item not in self._parent:
            self._parent[item] = item
            self._size[item] = 1
            self._members[item] = [item]

    def find(self, item: T) -> T:
        """The representative of the set of `item`."""
        parent = self._parent
        if item not in parent:
            self.add(item)
            return item
        while parent[item] is not item:
            grand = parent[parent[item]]
            parent[item] = grand
            item = grand
        return item

    def size(self, item: T) -> int:
        """Number of items in the set of `item`."""
        return self._size[self.find(item)]

    def union(self, a: T, b: T) -> tuple[T, T]:
        """Merge the sets of `a` and `b`; return (new root, absorbed root). When both
        are already in one set, both elements of the pair are that root."""
        ra, rb = self.find(a), self.find(b)
        if ra is rb:
            return ra, rb
        if self._size[ra] < self._size[rb]:
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._size[ra] += self._size[rb]
        self._members[ra].extend(self._members.pop(rb))
        return ra, rb

    def same(self, a: T, b: T) -> bool:
        """Whether `a` and `b` are in one set."""
        return self.find(a) is self.find(b)

    def members(self, item: T) -> list[T]:
        """All items of the set of `item` (do not mutate)."""
        return self._members[self.find(item)]

    def roots(self) -> Iterator[T]:
        """One representative per set."""
        return iter(list(self._members))
