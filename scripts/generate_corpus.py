"""Regenerate the model corpus (tests/corpus/models/): small ONNX models built here,
imported by a real frontend, with the framework's own numbers stored beside them.

Needs the frontends, which the test suite does not: make a throwaway venv and run
the script with it (the project's venv is not needed for this step)::

    python3 -m venv /tmp/venv-frontends
    /tmp/venv-frontends/bin/pip install iree-base-compiler onnx numpy jax jaxlib
    /tmp/venv-frontends/bin/python scripts/generate_corpus.py

For each model:

1. The graph is built with `onnx.helper` (weights drawn from a seeded generator) and
   evaluated by ONNX's own `onnx.reference.ReferenceEvaluator` on seeded inputs: those
   outputs are the expected numbers (`<name>.json`).
2. `iree-import-onnx` imports it (torch dialect); `iree-compile --compile-to=input`
   converts it to linalg on tensors. The module is taken just before IREE's ABI
   conversion (`--mlir-print-ir-before=torch-iree-func-conversion`), the last stage
   where functions still take tensors; torch-mlir's own backend type conversion
   (`torch-func-backend-type-conversion`, `torch-finalizing-backend-type-conversion`,
   run with `iree-opt`) then removes the `!torch.vtensor` boundary types and their
   `torch_c` casts, and `canonicalize` tidies. The result holds only func, linalg,
   tensor, arith and math ops: no IREE dialect (`util`, `hal`, `flow`) is left.
   Large constants are printed as decimal lists, not hex blobs.
3. The script appends an `@main` that builds the inputs as `arith.constant`s, calls the
   model function and returns its outputs, so the reference executor can run it.

Everything is deterministic: running the script again rewrites the same files.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

ROOT = Path(__file__).resolve().parents[1]
MODELS = ROOT / "tests" / "corpus" / "models"
BIN = Path(sys.executable).parent
OPSET = 20
FLOAT = TensorProto.FLOAT


@dataclass
class Model:
    """One ONNX graph and the inputs it is run on."""

    name: str
    summary: str
    graph: onnx.GraphProto
    inputs: dict[str, np.ndarray]


def _w(rng: np.random.Generator, name: str, *shape: int, scale: float = 0.5) -> Any:
    return numpy_helper.from_array(
        (rng.standard_normal(shape) * scale).astype(np.float32), name
    )


def _in(name: str, shape: list[int], elem: int = FLOAT) -> Any:
    return helper.make_tensor_value_info(name, elem, shape)


def _x(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.standard_normal(shape).astype(np.float32)


def mlp() -> Model:
    rng = np.random.default_rng(1)
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["h"]),
        helper.make_node("Add", ["h", "b1"], ["h1"]),
        helper.make_node("Relu", ["h1"], ["a1"]),
        helper.make_node("Gemm", ["a1", "w2", "b2"], ["y"], transB=1),
    ]
    graph = helper.make_graph(
        nodes,
        "mlp",
        [_in("x", [4, 8])],
        [_in("y", [4, 6])],
        [
            _w(rng, "w1", 8, 16),
            _w(rng, "b1", 16),
            _w(rng, "w2", 6, 16),
            _w(rng, "b2", 6),
        ],
    )
    return Model(
        "mlp", "MatMul + Add + Relu, then Gemm (transB)", graph, {"x": _x(rng, 4, 8)}
    )


def mlp_vector() -> Model:
    rng = np.random.default_rng(2)
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["h"]),
        helper.make_node("Add", ["h", "b1"], ["h1"]),
        helper.make_node("Relu", ["h1"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "mlp_vector",
        [_in("x", [8])],
        [_in("y", [16])],
        [_w(rng, "w1", 8, 16), _w(rng, "b1", 16)],
    )
    return Model(
        "mlp_vector",
        "MatMul of a vector (one sample) + Add + Relu",
        graph,
        {"x": _x(rng, 8)},
    )


def _conv_block(name: str, pool: str, seed: int) -> Model:
    rng = np.random.default_rng(seed)
    pool_attrs: dict[str, Any] = {"kernel_shape": [2, 2], "strides": [2, 2]}
    nodes = [
        helper.make_node(
            "Conv", ["x", "w", "b"], ["c"], pads=[1, 1, 1, 1], kernel_shape=[3, 3]
        ),
        helper.make_node("Relu", ["c"], ["r"]),
        helper.make_node(pool, ["r"], ["y"], **pool_attrs),
    ]
    graph = helper.make_graph(
        nodes,
        name,
        [_in("x", [1, 2, 8, 8])],
        [_in("y", [1, 4, 4, 4])],
        [_w(rng, "w", 4, 2, 3, 3), _w(rng, "b", 4)],
    )
    return Model(
        name,
        f"Conv (3x3, padded) + Relu + {pool} (2x2)",
        graph,
        {"x": _x(rng, 1, 2, 8, 8)},
    )


def conv_maxpool() -> Model:
    return _conv_block("conv_maxpool", "MaxPool", 3)


def conv_avgpool() -> Model:
    return _conv_block("conv_avgpool", "AveragePool", 4)


def layernorm() -> Model:
    rng = np.random.default_rng(5)
    nodes = [
        helper.make_node(
            "LayerNormalization", ["x", "g", "b"], ["y"], axis=-1, epsilon=1e-5
        )
    ]
    graph = helper.make_graph(
        nodes,
        "layernorm",
        [_in("x", [4, 16])],
        [_in("y", [4, 16])],
        [_w(rng, "g", 16), _w(rng, "b", 16)],
    )
    return Model(
        "layernorm",
        "LayerNormalization over the last axis",
        graph,
        {"x": _x(rng, 4, 16)},
    )


def _attention(name: str, shape: list[int], seed: int) -> Model:
    rng = np.random.default_rng(seed)
    d = shape[-1]
    perm = list(range(len(shape)))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    nodes = [
        helper.make_node("MatMul", ["x", "wq"], ["q"]),
        helper.make_node("MatMul", ["x", "wk"], ["k"]),
        helper.make_node("MatMul", ["x", "wv"], ["v"]),
        helper.make_node("Transpose", ["k"], ["kt"], perm=perm),
        helper.make_node("MatMul", ["q", "kt"], ["s"]),
        helper.make_node("Div", ["s", "scale"], ["ss"]),
        helper.make_node("Softmax", ["ss"], ["p"], axis=-1),
        helper.make_node("MatMul", ["p", "v"], ["y"]),
    ]
    scale = numpy_helper.from_array(np.array(np.sqrt(d), dtype=np.float32), "scale")
    graph = helper.make_graph(
        nodes,
        name,
        [_in("x", shape)],
        [_in("y", shape)],
        [_w(rng, "wq", d, d), _w(rng, "wk", d, d), _w(rng, "wv", d, d), scale],
    )
    what = "batched " if len(shape) == 3 else ""
    return Model(
        name,
        f"{what}single-head self-attention: projections, QK^T/sqrt(d), Softmax, PV",
        graph,
        {"x": _x(rng, *shape)},
    )


def attention() -> Model:
    return _attention("attention", [8, 8], 6)


def attention_batched() -> Model:
    return _attention("attention_batched", [2, 4, 8], 7)


def embedding() -> Model:
    rng = np.random.default_rng(8)
    nodes = [
        helper.make_node("Gather", ["table", "ids"], ["e"], axis=0),
        helper.make_node("Add", ["e", "pos"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "embedding",
        [_in("ids", [6], TensorProto.INT64)],
        [_in("y", [6, 8])],
        [_w(rng, "table", 16, 8), _w(rng, "pos", 6, 8)],
    )
    ids = np.array([3, 0, 15, 7, 7, 9], dtype=np.int64)
    return Model(
        "embedding", "Gather of embedding rows + positional Add", graph, {"ids": ids}
    )


def gelu() -> Model:
    rng = np.random.default_rng(9)
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["h"]),
        helper.make_node("Gelu", ["h"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes, "gelu", [_in("x", [4, 8])], [_in("y", [4, 8])], [_w(rng, "w", 8, 8)]
    )
    return Model("gelu", "MatMul + Gelu (erf form)", graph, {"x": _x(rng, 4, 8)})


def gelu_tanh() -> Model:
    rng = np.random.default_rng(10)
    nodes = [helper.make_node("Gelu", ["x"], ["y"], approximate="tanh")]
    graph = helper.make_graph(
        nodes, "gelu_tanh", [_in("x", [4, 8])], [_in("y", [4, 8])]
    )
    return Model("gelu_tanh", "Gelu (tanh approximation)", graph, {"x": _x(rng, 4, 8)})


def lstm() -> Model:
    rng = np.random.default_rng(11)
    hidden, inp, steps = 4, 3, 2
    nodes = [
        helper.make_node("LSTM", ["x", "w", "r", "b"], ["", "y_h"], hidden_size=hidden)
    ]
    graph = helper.make_graph(
        nodes,
        "lstm",
        [_in("x", [steps, 1, inp])],
        [_in("y_h", [1, 1, hidden])],
        [
            _w(rng, "w", 1, 4 * hidden, inp),
            _w(rng, "r", 1, 4 * hidden, hidden),
            _w(rng, "b", 1, 8 * hidden),
        ],
    )
    return Model(
        "lstm",
        "LSTM, 2 steps, hidden 4 (final hidden state)",
        graph,
        {"x": _x(rng, steps, 1, inp)},
    )


def rnn() -> Model:
    rng = np.random.default_rng(12)
    hidden, inp, steps = 4, 3, 3
    nodes = [
        helper.make_node("RNN", ["x", "w", "r", "b"], ["y", "y_h"], hidden_size=hidden)
    ]
    graph = helper.make_graph(
        nodes,
        "rnn",
        [_in("x", [steps, 1, inp])],
        [_in("y", [steps, 1, 1, hidden]), _in("y_h", [1, 1, hidden])],
        [
            _w(rng, "w", 1, hidden, inp),
            _w(rng, "r", 1, hidden, hidden),
            _w(rng, "b", 1, 2 * hidden),
        ],
    )
    return Model(
        "rnn",
        "RNN (tanh), 3 steps, hidden 4 (every state and the last)",
        graph,
        {"x": _x(rng, steps, 1, inp)},
    )


BUILDERS: list[Callable[[], Model]] = [
    mlp,
    mlp_vector,
    conv_maxpool,
    conv_avgpool,
    layernorm,
    attention,
    attention_batched,
    embedding,
    gelu,
    gelu_tanh,
    lstm,
    rnn,
]


def _run(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{done.stderr[-4000:]}")
    return done


def _tool_version() -> str:
    from importlib.metadata import version

    return f"onnx {version('onnx')}, iree-base-compiler {version('iree-base-compiler')}"


def convert(model: onnx.ModelProto, tmp: Path) -> str:
    """The model as linalg on tensors (func, linalg, tensor, arith, math ops only)."""
    onnx_path = tmp / "model.onnx"
    onnx.save(model, str(onnx_path))
    torch_path = tmp / "model.torch.mlir"
    _run([str(BIN / "iree-import-onnx"), str(onnx_path), "-o", str(torch_path)])
    dumped = _run(
        [
            str(BIN / "iree-compile"),
            "--compile-to=input",
            "--mlir-print-ir-before=torch-iree-func-conversion",
            "--mlir-print-ir-module-scope",
            "--mlir-disable-threading",
            str(torch_path),
            "-o",
            "/dev/null",
        ]
    ).stderr
    body = dumped[dumped.index("\n") + 1 :]
    before_abi = tmp / "model.input.mlir"
    before_abi.write_text(body)
    clean = _run(
        [
            str(BIN / "iree-opt"),
            "--pass-pipeline=builtin.module(torch-func-backend-type-conversion, "
            "func.func(torch-finalizing-backend-type-conversion), canonicalize)",
            "--mlir-print-elementsattrs-with-hex-if-larger=1000000",
            str(before_abi),
        ]
    ).stdout
    for dialect in ("torch", "torch_c", "util.", "hal.", "flow.", "iree_"):
        if re.search(rf"\b{re.escape(dialect)}", clean.replace("torch.onnx_meta", "")):
            raise RuntimeError(f"{dialect} left in the converted module:\n{clean}")
    return re.sub(r"\s*attributes \{torch\.[^\n]*\}(?= \{\n)", "", clean)


def _literal(array: np.ndarray) -> str:
    """`array` as the text of a `dense<...>` attribute."""

    def item(x: Any) -> str:
        if array.dtype == np.float32:
            return np.format_float_scientific(np.float32(x), unique=True, trim="0")
        return str(int(x))

    def nest(a: np.ndarray) -> str:
        if a.ndim == 0:
            return item(a)
        return "[" + ", ".join(nest(sub) for sub in a) + "]"

    return nest(array)


def _type(array: np.ndarray) -> str:
    elem = {np.dtype(np.float32): "f32", np.dtype(np.int64): "i64"}[array.dtype]
    return "tensor<" + "".join(f"{d}x" for d in array.shape) + elem + ">"


def wrap(
    text: str, name: str, inputs: list[np.ndarray], outputs: list[np.ndarray]
) -> str:
    """`text` with an `@main` that passes the concrete inputs to `@name` and returns
    its outputs."""
    out_types = ", ".join(_type(o) for o in outputs)
    lines = [f"  func.func @main() -> ({out_types}) {{"]
    args: list[str] = []
    for i, array in enumerate(inputs):
        lines.append(
            f"    %in{i} = arith.constant dense<{_literal(array)}> : {_type(array)}"
        )
        args.append(f"%in{i}")
    in_types = ", ".join(_type(a) for a in inputs)
    call = f"func.call @{name}({', '.join(args)}) : ({in_types})"
    if len(outputs) == 1:
        lines.append(f"    %out = {call} -> {out_types}")
        results = "%out"
    else:
        lines.append(f"    %out:{len(outputs)} = {call} -> ({out_types})")
        results = ", ".join(f"%out#{i}" for i in range(len(outputs)))
    lines.append(f"    return {results} : {out_types}")
    lines.append("  }")
    body = text.rstrip()
    assert body.endswith("}")
    return body[:-1].rstrip() + "\n" + "\n".join(lines) + "\n}\n"


def _write(
    name: str,
    summary: str,
    header: str,
    frontend: str,
    reference: str,
    module: str,
    outputs: list[np.ndarray],
    versions: str,
) -> None:
    (MODELS / f"{name}.mlir").write_text(header + module)
    expected = {
        "model": name,
        "summary": summary,
        "frontend": frontend,
        "versions": versions,
        "reference": reference,
        "outputs": [
            {"shape": list(o.shape), "dtype": str(o.dtype), "data": o.ravel().tolist()}
            for o in outputs
        ],
    }
    (MODELS / f"{name}.json").write_text(json.dumps(expected, indent=1) + "\n")


def generate(model: Model, versions: str) -> None:
    proto = helper.make_model(
        model.graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=9
    )
    onnx.checker.check_model(proto)
    outputs = [np.asarray(o) for o in ReferenceEvaluator(proto).run(None, model.inputs)]
    with tempfile.TemporaryDirectory() as tmp:
        text = convert(proto, Path(tmp))
    header = (
        f"// Model `{model.name}`: {model.summary}.\n"
        f"// Generated by scripts/generate_corpus.py from an ONNX graph (opset {OPSET}):\n"
        "// iree-import-onnx, iree-compile --compile-to=input (before the ABI conversion),\n"
        f"// torch-mlir's backend type conversion; {versions}. Do not edit.\n"
    )
    inputs = [model.inputs[i.name] for i in model.graph.input]
    _write(
        model.name,
        model.summary,
        header,
        f"ONNX (opset {OPSET}) via IREE's importer and input conversion",
        "onnx.reference.ReferenceEvaluator",
        wrap(text, model.graph.name, inputs, outputs),
        outputs,
        versions,
    )


@dataclass
class JaxModel:
    """A JAX function and the inputs it is run on."""

    name: str
    summary: str
    fn: Callable[..., Any]
    inputs: list[np.ndarray]


def jax_models() -> list[JaxModel]:
    """The JAX models (empty when JAX is not installed)."""
    try:
        import jax
        import jax.numpy as jnp
        from jax import lax
    except ImportError:
        return []
    rng = np.random.default_rng(21)

    def weights(*shape: int) -> Any:
        return jnp.asarray((rng.standard_normal(shape) * 0.5).astype(np.float32))

    u, w, b = weights(3, 4), weights(4, 4), weights(4)

    def rnn_scan(xs: Any) -> Any:
        def step(h: Any, x: Any) -> tuple[Any, Any]:
            h2 = jnp.tanh(x @ u + h @ w + b)
            return h2, h2

        h, hs = lax.scan(step, jnp.zeros((2, 4), jnp.float32), xs)
        return h, hs

    w1, b1, w2, b2 = weights(8, 16), weights(16), weights(16, 6), weights(6)

    def mlp_softmax(x: Any) -> Any:
        return jax.nn.softmax(jax.nn.relu(x @ w1 + b1) @ w2 + b2, axis=-1)

    g, beta = weights(16), weights(16)

    def layernorm_gelu(x: Any) -> Any:
        mean = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
        y = (x - mean) / jnp.sqrt(var + 1e-5) * g + beta
        return jax.nn.gelu(y, approximate=False)

    def data(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32)

    return [
        JaxModel(
            "jax_rnn_scan",
            "lax.scan over 5 steps of a tanh RNN cell, batch 2, hidden 4 "
            "(final state and every state)",
            rnn_scan,
            [data(5, 2, 3)],
        ),
        JaxModel(
            "jax_mlp_softmax",
            "dense + relu, dense, softmax (jax.nn)",
            mlp_softmax,
            [data(4, 8)],
        ),
        JaxModel(
            "jax_layernorm_gelu",
            "layer normalization written with jnp, then exact (erf) GELU",
            layernorm_gelu,
            [data(4, 16)],
        ),
    ]


def convert_jax(model: JaxModel, tmp: Path) -> str:
    """The JAX function as linalg on tensors: StableHLO from `jax.jit(...).lower`,
    converted by `iree-compile --compile-to=input` (StableHLO input needs no ABI
    step there: functions keep tensor types, only spelled as IREE's `util.func` /
    `util.return`, which are renamed to func's)."""
    import jax

    source = tmp / "model.stablehlo.mlir"
    source.write_text(jax.jit(model.fn).lower(*model.inputs).as_text())
    converted = _run(
        [
            str(BIN / "iree-compile"),
            "--compile-to=input",
            "--iree-input-type=stablehlo",
            str(source),
            "-o",
            "-",
        ]
    ).stdout
    converted = re.sub(r"\butil\.func (public )?", "func.func ", converted)
    converted = re.sub(r"\butil\.return\b", "return", converted)
    converted = re.sub(r"\butil\.call\b", "func.call", converted)
    converted = converted.replace("func.func @main(", f"func.func @{model.name}(")
    converted = re.sub(
        r"^module @\S+ (attributes \{[^\n]*\} )?\{", "module {", converted
    )
    plain = tmp / "model.input.mlir"
    plain.write_text(converted)
    clean = _run(
        [
            str(BIN / "iree-opt"),
            "--mlir-print-elementsattrs-with-hex-if-larger=1000000",
            str(plain),
        ]
    ).stdout
    for dialect in ("util.", "hal.", "flow.", "iree_", "stablehlo.", "chlo."):
        if dialect in clean:
            raise RuntimeError(f"{dialect} left in the converted module:\n{clean}")
    return clean


def generate_jax(model: JaxModel, versions: str) -> None:
    import jax

    result = jax.jit(model.fn)(*model.inputs)
    parts = result if isinstance(result, tuple) else (result,)
    outputs = [np.asarray(o) for o in parts]
    with tempfile.TemporaryDirectory() as tmp:
        text = convert_jax(model, Path(tmp))
    full = f"{versions}, jax {jax.__version__}"
    header = (
        f"// Model `{model.name}`: {model.summary}.\n"
        "// Generated by scripts/generate_corpus.py from a JAX function: StableHLO\n"
        "// (jax.jit(...).lower), iree-compile --compile-to=input;\n"
        f"// {full}. Do not edit.\n"
    )
    _write(
        model.name,
        model.summary,
        header,
        "JAX via StableHLO and IREE's input conversion",
        "jax.jit on CPU",
        wrap(text, model.name, model.inputs, outputs),
        outputs,
        full,
    )


def main(argv: list[str]) -> int:
    MODELS.mkdir(exist_ok=True)
    versions = _tool_version()
    wanted = set(argv)
    failed = 0
    for build in BUILDERS:
        model = build()
        if wanted and model.name not in wanted:
            continue
        try:
            generate(model, versions)
            print(f"{model.name}: ok")
        except Exception as exc:  # noqa: BLE001 - report and go on with the others
            failed += 1
            print(f"{model.name}: FAILED {exc}"[:2000])
    for jax_model in jax_models():
        if wanted and jax_model.name not in wanted:
            continue
        try:
            generate_jax(jax_model, versions)
            print(f"{jax_model.name}: ok")
        except Exception as exc:  # noqa: BLE001 - report and go on with the others
            failed += 1
            print(f"{jax_model.name}: FAILED {exc}"[:2000])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
