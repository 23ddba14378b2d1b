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


def test_loading_the_universe_imports_no_pass_or_dialect() -> None:
    """The plugin is cheap: building the multiverse imports none of our passes,
    models or dialects and none of the xDSL dialects our ops join (measured in
    bench/plugin_startup.py)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from xdsl.universe import Universe\n"
        "Universe.get_multiverse()\n"
        "loaded = [m for m in sys.modules if m.startswith('xdsl_bufferize.')\n"
        "          or m in ('xdsl.dialects.linalg', 'xdsl.dialects.tensor')]\n"
        "print(sorted(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout == (
        "['xdsl_bufferize.universe', 'xdsl_bufferize.utils', "
        "'xdsl_bufferize.utils.cli_errors']\n"
    )


def test_ops_join_xdsl_dialects_when_loaded() -> None:
    """A context made from the multiverse parses ops in MLIR's spelling that xDSL's
    dialects lack (`scf.forall`): they join when the dialect is first loaded."""
    from xdsl.context import Context
    from xdsl.parser import Parser

    ctx = Context()
    for name, factory in Universe.get_multiverse().all_dialects.items():
        ctx.register_dialect(name, factory)
    text = """
    func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
      %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
        scf.forall.in_parallel {
        }
      }
      return %r : tensor<4xf32>
    }
    """
    module = Parser(ctx, text).parse_module()
    assert any(op.name == "scf.forall" for op in module.walk())
