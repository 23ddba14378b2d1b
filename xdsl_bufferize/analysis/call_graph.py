"""Call graphs of a module, and the symbols its functions are known by.

Two call graphs answer two different questions; both order functions callee first
with `callee_first_order` (Kahn's algorithm):

* `CallGraph` (`build_call_graph`), for bufferizing across function boundaries
  (`one-shot-bufferize{bufferize-function-boundaries}`): every `func.func` of the
  module in one flat name table (built once: looking a callee up per call would be
  quadratic), the calls in each function and the call sites of each function. It
  rejects what cannot be bufferized across boundaries (calls to unknown symbols,
  indirect calls on tensors, ill-typed argument attributes). The functions the
  order cannot place -- in a cycle of calls through tensor signatures, or calling
  into one -- come last, in module order (MLIR's "remaining" functions): calls of
  them are conservative and their boundary types are fixed in advance.
* `ScopedCallGraph` (`scoped_call_graph`), for the memref passes (result forwarding,
  static memory planning): each plain `func.call` resolved in the nearest symbol
  table around it (nested modules keep their own functions); calls of symbols that
  are not in the module are tolerated and left out, and so are the functions in or
  behind a cycle from its order. It also records the *escaped* symbols: names used
  other than as the callee of a plain `func.call`, whose functions may be called
  from places a rewrite of the calls cannot see (`escaped_symbols`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeGuard, cast

from xdsl.dialects import builtin, func
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, TypeAttribute
from xdsl.traits import SymbolTable

from xdsl_bufferize.analysis.func_attrs import verify_arg_attrs
from xdsl_bufferize.interfaces.diagnostics import (
    ONE_SHOT_STAGE,
    call_context,
    op_error,
)
from xdsl_bufferize.utils.ir import has_tensor_signature, is_tensor_type, written_name


def is_public(function: func.FuncOp) -> bool:
    """Whether callers outside the module may call `function`."""
    visibility = function.sym_visibility
    return visibility is None or visibility.data == "public"


def is_private_with_body(function: func.FuncOp) -> bool:
    """Whether `function` is private and has a body (every caller is in the module)."""
    visibility = function.sym_visibility
    return (
        visibility is not None
        and visibility.data == "private"
        and bool(function.body.blocks)
    )


def _is_plain_call(op: Operation) -> TypeGuard[func.CallOp]:
    """Whether `op` is a `func.call` of a flat symbol."""
    return isinstance(op, func.CallOp) and not op.callee.nested_references.data


def function_returns(function: func.FuncOp) -> list[func.ReturnOp]:
    """The `func.return` ops ending the blocks of `function`, in block order."""
    return [
        terminator
        for block in function.body.blocks
        if isinstance(terminator := block.last_op, func.ReturnOp)
    ]


def unique_return(function: func.FuncOp) -> func.ReturnOp | None:
    """The only `func.return` of `function`, or None if there are several or none."""
    found: func.ReturnOp | None = None
    for block in function.body.blocks:
        terminator = block.last_op
        if isinstance(terminator, func.ReturnOp):
            if found is not None:
                return None
            found = terminator
    return found


def callee_first_order(
    functions: Sequence[func.FuncOp],
    callees: Mapping[func.FuncOp, Collection[func.FuncOp]],
    last_ready_first: bool = False,
) -> list[func.FuncOp]:
    """Kahn's algorithm on the "is called by" relation: each of `functions` after all
    the (distinct) `callees` it calls; the functions in or calling into a cycle are
    left out. Among the functions ready at one time, the first ready is placed first,
    or with `last_ready_first` the last one (the order the scoped call graph has
    always used: its users rewrite callers in that order)."""
    waiting_on: dict[func.FuncOp, int] = {f: len(callees[f]) for f in functions}
    called_by: dict[func.FuncOp, list[func.FuncOp]] = {f: [] for f in functions}
    for caller in functions:
        for callee in callees[caller]:
            called_by[callee].append(caller)
    ready = [f for f in functions if waiting_on[f] == 0]
    order: list[func.FuncOp] = []
    while ready:
        function = ready.pop() if last_ready_first else ready.pop(0)
        order.append(function)
        for caller in called_by[function]:
            waiting_on[caller] -= 1
            if waiting_on[caller] == 0:
                ready.append(caller)
    return order


# Bufferization across function boundaries: the flat, strict call graph.


@dataclass
class CallGraph:
    """The functions of a module, who calls whom, and a callee-first order, for
    bufferizing across function boundaries: callees are looked up by name in one flat
    table of every function of the module, and a call of an unknown symbol is an
    error (see `build_call_graph`; `ScopedCallGraph` is the tolerant, scoped one)."""

    functions: dict[str, func.FuncOp]
    """The symbol table: function name -> function (built once)."""
    calls: dict[func.FuncOp, list[func.CallOp]]
    """The `func.call` ops nested in each function."""
    callers: dict[func.FuncOp, list[func.CallOp]]
    """The call sites of each function."""
    order: list[func.FuncOp]
    """Every function: first each after all the functions it calls, then the
    `recursive` ones in module order."""
    callee_of: dict[func.CallOp, func.FuncOp] = field(
        default_factory=dict[func.CallOp, func.FuncOp]
    )
    """The callee of each call, resolved once."""
    recursive: set[func.FuncOp] = field(default_factory=set[func.FuncOp])
    """The functions the callee-first order cannot place: in a cycle of calls
    through functions with tensors in their signature, or calling into one. They
    are analysed and bufferized last; calls of them assume the worst (every tensor
    operand read and written, every tensor result aliasing every operand) and
    their memref signature is the type converter's, fixed before any of them is
    bufferized."""

    def callee(self, call: func.CallOp) -> func.FuncOp:
        """The function `call` calls."""
        found = self.callee_of.get(call)
        if found is None:
            found = self.functions.get(call.callee.root_reference.data)
            if found is None:
                raise op_error(
                    ONE_SHOT_STAGE,
                    call,
                    f"{call_context(call)}call to an unknown function",
                )
            self.callee_of[call] = found
        return found


def _is_indirect_call(op: Operation) -> bool:
    name = written_name(op)
    return name.endswith("call_indirect") or name in ("llvm.call",)


def build_call_graph(module: ModuleOp) -> CallGraph:
    """Collect the module's functions and calls and order them callee first; the
    functions in or calling into a cycle of calls through tensor signatures come
    last, in module order (`CallGraph.recursive`).

    Raises `PassFailedException` at the offending op for calls to unknown symbols,
    indirect calls on tensors and ill-typed bufferization argument attributes.
    """
    functions: dict[str, func.FuncOp] = {}
    for op in module.walk():
        if isinstance(op, func.FuncOp):
            functions.setdefault(op.sym_name.data, op)

    graph = CallGraph(functions, {}, {f: [] for f in functions.values()}, [])
    callees: dict[func.FuncOp, list[func.FuncOp]] = {}
    for function in functions.values():
        verify_arg_attrs(function)
        calls: list[func.CallOp] = []
        distinct: list[func.FuncOp] = []
        seen: set[func.FuncOp] = set()
        for op in function.body.walk():
            if isinstance(op, func.CallOp):
                callee = graph.callee(op)
                calls.append(op)
                graph.callers[callee].append(op)
                if callee not in seen:
                    seen.add(callee)
                    distinct.append(callee)
            elif _is_indirect_call(op) and (
                any(is_tensor_type(v.type) for v in op.operands)
                or any(is_tensor_type(r.type) for r in op.results)
            ):
                raise op_error(
                    ONE_SHOT_STAGE,
                    op,
                    f"{call_context(op)}cannot bufferize an indirect call with tensor "
                    "operands or results across function boundaries (callee unknown)",
                )
        graph.calls[function] = calls
        callees[function] = distinct

    order = callee_first_order(list(functions.values()), callees)
    if len(order) != len(functions):
        # Only a callee with tensors in its signature must be analysed first (its
        # summary): calls of the others impose no order, so recursion over
        # memrefs alone leaves nothing recursive.
        callees = {
            f: [c for c in targets if has_tensor_signature(c)]
            for f, targets in callees.items()
        }
        order = callee_first_order(list(functions.values()), callees)
    placed = set(order)
    graph.recursive = {f for f in functions.values() if f not in placed}
    graph.order = order + [f for f in functions.values() if f not in placed]
    return graph


# The memref passes: the scoped, tolerant call graph and the escaped symbols.


_LEAF_ATTRIBUTES: tuple[type[Attribute], ...] = (
    TypeAttribute,
    builtin.IntegerAttr,
    builtin.FloatAttr,
    builtin.DenseArrayBase,
    builtin.DenseIntOrFPElementsAttr,
    builtin.DenseResourceAttr,
    builtin.UnitAttr,
    builtin.StridedLayoutAttr,
    builtin.AffineMapAttr,
)
"""Parametrized attributes that never hold a symbol reference (skipped: reading the
parameters of a ParametrizedAttribute is slow in xDSL)."""


_LEAF, _SYMBOL, _ARRAY, _DICT, _PARAMETRIZED = range(5)
_ATTRIBUTE_KINDS: dict[type[Attribute], int] = {}
"""How `_symbol_names` looks into each attribute class (isinstance on xDSL's attribute
classes is slow, so it is asked once per class)."""


def _attribute_kind(attr: Attribute) -> int:
    kind = _ATTRIBUTE_KINDS.get(type(attr))
    if kind is None:
        if isinstance(attr, builtin.SymbolRefAttr):
            kind = _SYMBOL
        elif isinstance(attr, builtin.ArrayAttr):
            kind = _ARRAY
        elif isinstance(attr, builtin.DictionaryAttr):
            kind = _DICT
        elif isinstance(attr, ParametrizedAttribute) and not isinstance(
            attr, _LEAF_ATTRIBUTES
        ):
            kind = _PARAMETRIZED
        else:
            kind = _LEAF
        _ATTRIBUTE_KINDS[type(attr)] = kind
    return kind


def _symbol_names(attr: Attribute) -> Iterator[str]:
    """Every symbol name referenced (at any nesting level) inside `attr`."""
    work = [attr]
    while work:
        current = work.pop()
        kind = _attribute_kind(current)
        if kind == _SYMBOL:
            ref = cast(builtin.SymbolRefAttr, current)
            yield ref.root_reference.data
            yield from (nested.data for nested in ref.nested_references.data)
        elif kind == _ARRAY:
            work.extend(cast(builtin.ArrayAttr[Attribute], current).data)
        elif kind == _DICT:
            work.extend(cast(builtin.DictionaryAttr, current).data.values())
        elif kind == _PARAMETRIZED:
            current = cast(ParametrizedAttribute, current)
            work.extend(p for p in current.parameters if isinstance(p, Attribute))


def _symbols_used_by(op: Operation) -> Iterator[str]:
    """The symbols `op` refers to other than as the callee of a plain `func.call`."""
    plain = _is_plain_call(op)
    for name, attr in (*op.attributes.items(), *op.properties.items()):
        if not (plain and name == "callee"):
            yield from _symbol_names(attr)


def escaped_symbols(module: builtin.ModuleOp) -> set[str]:
    """The symbol names used anywhere in `module` other than as the callee of a
    plain `func.call` (a function whose name is among them may be called from
    places a rewrite of its calls cannot see)."""
    return {name for op in module.walk() for name in _symbols_used_by(op)}


def symbol_names(module: Operation) -> set[str]:
    """The names of every symbol in `module` (ops with a `sym_name`, also
    unregistered ones), to choose new symbol names that are not taken."""
    names: set[str] = set()
    for op in module.walk():
        sym_name = op.properties.get("sym_name") or op.attributes.get("sym_name")
        if isinstance(sym_name, StringAttr):
            names.add(sym_name.data)
    return names


def _function_and_symbol_table(
    op: Operation,
) -> tuple[func.FuncOp | None, Operation | None]:
    """The function around `op` and the nearest symbol table op around `op`."""
    function: func.FuncOp | None = None
    parent = op.parent_op()
    while parent is not None:
        if function is None and isinstance(parent, func.FuncOp):
            function = parent
        elif parent.has_trait(SymbolTable):
            return function, parent
        parent = parent.parent_op()
    return function, None


@dataclass
class ScopedCallGraph:
    """The functions of a module and its plain `func.call`s, each call resolved in the
    nearest symbol table around it; calls of symbols not in the module are left out
    (no error), and so are, from `callee_first`, the functions in or calling into a
    cycle (see `scoped_call_graph`; `CallGraph` is the strict, flat one)."""

    functions: list[func.FuncOp]
    calls: dict[func.FuncOp, list[func.CallOp]]
    """Function -> the plain calls in its body whose callee is in the module."""
    callee_of: dict[func.CallOp, func.FuncOp]
    escaped: set[str]
    """Symbol names used other than as the callee of a plain `func.call`."""
    _calls_by_callee: dict[func.FuncOp, list[func.CallOp]] = field(
        init=False, default_factory=dict[func.FuncOp, list[func.CallOp]]
    )

    def __post_init__(self) -> None:
        for call, callee in self.callee_of.items():
            self._calls_by_callee.setdefault(callee, []).append(call)

    def callee_first(self) -> list[func.FuncOp]:
        """Functions each after all the functions it calls (those in or calling into a
        call-graph cycle are left out)."""
        callees = {
            f: list(dict.fromkeys(self.callee_of[c] for c in self.calls[f]))
            for f in self.functions
        }
        return callee_first_order(self.functions, callees, last_ready_first=True)

    def calls_of(self, callee: func.FuncOp) -> list[func.CallOp]:
        """The plain calls of `callee` in the module."""
        return list(self._calls_by_callee.get(callee, ()))

    def only_called_here(self, function: func.FuncOp) -> bool:
        """Whether every call of `function` is a plain `func.call` in the module (a
        private function with a body whose symbol is used nowhere else)."""
        return (
            is_private_with_body(function)
            and function.sym_name.data not in self.escaped
        )


def scoped_call_graph(module: builtin.ModuleOp) -> ScopedCallGraph:
    """The scoped call graph of `module`: its functions, their plain calls whose
    callee is in the module (resolved in the nearest symbol table), the escaped
    symbols."""
    tables: dict[tuple[Operation | None, str], func.FuncOp] = {}
    functions: list[func.FuncOp] = []
    calls: dict[func.FuncOp, list[func.CallOp]] = {}
    escaped: set[str] = set()
    plain_calls: list[func.CallOp] = []
    callee_of: dict[func.CallOp, func.FuncOp] = {}
    for op in module.walk():
        if isinstance(op, func.FuncOp):
            tables[(_function_and_symbol_table(op)[1], op.sym_name.data)] = op
            functions.append(op)
            calls[op] = []
        if _is_plain_call(op):
            plain_calls.append(op)
        escaped.update(_symbols_used_by(op))
    for call in plain_calls:
        function, table = _function_and_symbol_table(call)
        callee = tables.get((table, call.callee.root_reference.data))
        if function is not None and callee is not None:
            callee_of[call] = callee
            calls[function].append(call)
    return ScopedCallGraph(functions, calls, callee_of, escaped)
