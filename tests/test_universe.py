"""The xdsl.universe entry point is installed and exposes our universe."""

from importlib.metadata import entry_points

from xdsl.universe import Universe

from xdsl_bufferize.universe import XDSL_BUFFERIZE_UNIVERSE


def test_entry_point_is_registered() -> None:
    names = {ep.name: ep.value for ep in entry_points(group="xdsl.universe")}
    assert (
        names.get("xdsl_bufferize") == "xdsl_bufferize.universe:XDSL_BUFFERIZE_UNIVERSE"
    )


def test_multiverse_contains_our_passes() -> None:
    multiverse = Universe.get_multiverse()
    for name in XDSL_BUFFERIZE_UNIVERSE.all_passes:
        assert name in multiverse.all_passes
    for name in XDSL_BUFFERIZE_UNIVERSE.all_dialects:
        assert name in multiverse.all_dialects
