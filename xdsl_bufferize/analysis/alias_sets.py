"""Union-find over SSA values: MLIR's alias sets and equivalence sets.

Both relations only grow during the analysis (an operand decided in place merges
the set of its value with the sets of its aliasing values), so a union-find with
path halving and union by size answers `find` in near-constant time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class UnionFind(Generic[T]):
    """Disjoint sets of items, created lazily on first use.

    Items are compared by identity (SSA values are): the tables are keyed by `id`,
    whose hashing is much cheaper than calling a Python-level `__hash__` on every
    step of `find`. The items are kept alive by the table, so ids stay unique."""

    def __init__(self) -> None:
        self._items: dict[int, T] = {}
        self._parent: dict[int, int] = {}
        self._size: dict[int, int] = {}
        self._members: dict[int, list[T]] = {}

    def add(self, item: T) -> None:
        """Make `item` known (its own singleton set if new)."""
        key = id(item)
        if key not in self._parent:
            self._items[key] = item
            self._parent[key] = key
            self._size[key] = 1
            self._members[key] = [item]

    def _find(self, key: int) -> int:
        parent = self._parent
        current = parent[key]
        if current == key:
            return key
        while True:
            above = parent[current]
            if above == current:
                return current
            grand = parent[above]
            parent[current] = grand
            current = grand

    def find(self, item: T) -> T:
        """The representative of the set of `item`."""
        key = id(item)
        if key not in self._parent:
            self.add(item)
            return item
        return self._items[self._find(key)]

    def in_sets(self, keys: Sequence[int], root_keys: set[int]) -> list[int]:
        """The indices of `keys` (ids of items; an id never seen stands for a
        singleton) whose set's representative has its id in `root_keys`, in
        order. One call per batch saves hashing items in hot loops."""
        parent = self._parent
        found: list[int] = []
        for index, key in enumerate(keys):
            above = parent.get(key, key)
            if above != key and parent[above] != above:
                above = self._find(key)
            if above in root_keys:
                found.append(index)
        return found

    def size(self, item: T) -> int:
        """Number of items in the set of `item`."""
        self.add(item)
        return self._size[self._find(id(item))]

    def union(self, a: T, b: T) -> tuple[T, T]:
        """Merge the sets of `a` and `b`; return (new root, absorbed root). When both
        are already in one set, both elements of the pair are that root."""
        self.add(a)
        self.add(b)
        ra, rb = self._find(id(a)), self._find(id(b))
        if ra == rb:
            root = self._items[ra]
            return root, root
        if self._size[ra] < self._size[rb]:
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._size[ra] += self._size[rb]
        self._members[ra].extend(self._members.pop(rb))
        return self._items[ra], self._items[rb]

    def same(self, a: T, b: T) -> bool:
        """Whether `a` and `b` are in one set."""
        ka, kb = id(a), id(b)
        if ka == kb:
            return True
        parent = self._parent
        if ka not in parent or kb not in parent:
            return False
        return self._find(ka) == self._find(kb)

    def members(self, item: T) -> list[T]:
        """All items of the set of `item` (do not mutate)."""
        self.add(item)
        return self._members[self._find(id(item))]

    def roots(self) -> Iterator[T]:
        """One representative per set."""
        return iter([self._items[key] for key in self._members])
