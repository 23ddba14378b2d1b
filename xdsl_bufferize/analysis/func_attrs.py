"""Function argument attributes of bufferization: their names, how to read and write
them, and their checks.

`bufferization.writable` (older spelling `linalg.inplaceable`) declares whether the
function may write an argument's buffer; `bufferization.access` states or reports how
the function accesses it; `bufferization.buffer_layout` forces the layout of its
buffer; `__equivalent_func_args__` (on the return) is reported by
`test-analysis-only`.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
)
from xdsl.ir import Attribute, Operation

from xdsl_bufferize.interfaces.diagnostics import (
    ONE_SHOT_STAGE,
    BufferizationError,
    op_error,
)

WRITABLE_ATTR = "bufferization.writable"
"""Argument attribute (bool): whether the function may write the argument's buffer."""
LEGACY_WRITABLE_ATTR = "linalg.inplaceable"
"""The older spelling of `bufferization.writable`."""
ACCESS_ATTR = "bufferization.access"
"""Argument attribute (string) stating or reporting how the function accesses it."""
BUFFER_LAYOUT_ATTR = "bufferization.buffer_layout"
"""Argument attribute (affine map / layout) forcing the layout of the argument."""
EQUIVALENT_ARGS_ATTR = "__equivalent_func_args__"
"""Return attribute written by `test-analysis-only`: equivalent argument per result."""


_ACCESS_VALUES = ("read", "write", "read-write", "none")


WRITABLE_ATTRS = (WRITABLE_ATTR, LEGACY_WRITABLE_ATTR)
"""Argument attributes that make a function argument writable (MLIR's, then the
older spelling)."""


def arg_attr(function: func.FuncOp, index: int, name: str) -> Attribute | None:
    """The argument attribute `name` of argument `index`, if set."""
    if function.arg_attrs is None:
        return None
    attrs = function.arg_attrs.data
    if index >= len(attrs):
        return None
    return attrs[index].data.get(name)


def set_arg_attr(
    function: func.FuncOp, index: int, name: str, value: Attribute | None
) -> None:
    """Set (or remove, with None) the argument attribute `name` of argument `index`."""
    count = len(function.function_type.inputs.data)
    current: list[dict[str, Attribute]] = [{} for _ in range(count)]
    if function.arg_attrs is not None:
        for i, dictionary in enumerate(function.arg_attrs.data[:count]):
            current[i] = dict(dictionary.data)
    if value is None:
        current[index].pop(name, None)
    else:
        current[index][name] = value
    if all(not d for d in current):
        function.arg_attrs = None
    else:
        function.arg_attrs = ArrayAttr([DictionaryAttr(d) for d in current])


def _bool_value(attr: Attribute) -> bool | None:
    """The value of a boolean attribute (an i1 integer attribute), else None."""
    if isinstance(attr, IntegerAttr) and attr.type == IntegerType(1):
        return bool(attr.value.data)
    return None


def verify_arg_attrs(function: func.FuncOp) -> None:
    """Reject bufferization argument attributes of the wrong type."""
    for index in range(len(function.function_type.inputs.data)):
        problem = _writable_arg_problem(function, index)
        if problem is not None:
            raise op_error(ONE_SHOT_STAGE, function, problem)
        access = arg_attr(function, index, ACCESS_ATTR)
        if access is not None and (
            not isinstance(access, StringAttr) or access.data not in _ACCESS_VALUES
        ):
            raise op_error(
                ONE_SHOT_STAGE,
                function,
                f"argument #{index}: '{ACCESS_ATTR}' must be one of "
                f'"read", "write", "read-write", "none", got {access}',
            )


def argument_writable(function: func.FuncOp, index: int) -> bool | None:
    """The writability the user declared for argument `index`
    (`bufferization.writable`, else `linalg.inplaceable`), or None (absent, or not
    a boolean: `verify_arg_attrs` / `verify_writable_attributes` reject those)."""
    for name in WRITABLE_ATTRS:
        attr = arg_attr(function, index, name)
        if attr is not None:
            return _bool_value(attr)
    return None


def verify_writable_attributes(root: Operation) -> None:
    """Reject writable attributes that are not bool, or not on a function argument."""
    for op in root.walk():
        error = writable_attribute_error(op)
        if error is not None:
            raise error


def writable_attribute_error(op: Operation) -> BufferizationError | None:
    """The error `verify_writable_attributes` reports at `op`, if any (for walks
    that check more than this)."""
    for name in WRITABLE_ATTRS:
        if name in op.attributes:
            return op_error(
                ONE_SHOT_STAGE,
                op,
                f"'{name}' is only valid as a function argument attribute",
            )
    if isinstance(op, func.FuncOp) and op.arg_attrs is not None:
        for index in range(len(op.arg_attrs.data)):
            problem = _writable_arg_problem(op, index)
            if problem is not None:
                return op_error(ONE_SHOT_STAGE, op, problem)
    return None


def _writable_arg_problem(function: func.FuncOp, index: int) -> str | None:
    """Why the writable attribute of argument `index` is invalid (not a boolean),
    or None."""
    for name in WRITABLE_ATTRS:
        attr = arg_attr(function, index, name)
        if attr is not None and _bool_value(attr) is None:
            return (
                f"argument #{index}: '{name}' must be a boolean attribute "
                f"(true or false), got {attr}"
            )
    return None
