"""The `xdsl.universe` entry point: our passes and dialects, loaded lazily by xdsl-opt."""

from collections.abc import Callable

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe


def _get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Map each pass name to a function importing the pass class."""

    return {}


def _get_all_dialects() -> dict[str, Callable[[], Dialect]]:
    """Map each dialect name to a function importing the dialect."""

    def get_tensor_ext() -> Dialect:
        from xdsl_bufferize.dialects.tensor_ext import TensorExt

        return TensorExt

    return {"tensor_ext": get_tensor_ext}


XDSL_BUFFERIZE_UNIVERSE = Universe(
    all_dialects=_get_all_dialects(),
    all_passes=_get_all_passes(),
)
