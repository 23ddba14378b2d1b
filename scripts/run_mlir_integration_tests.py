"""Run MLIR's CPU integration tests with our bufferization in place of MLIR's.

    python scripts/run_mlir_integration_tests.py DIR [--ours PIPELINE] [--only NAME]
        [--json FILE]

DIR is a copy of `mlir/test/Integration` from llvm-project (or any folder holding its
`Dialect/Linalg/CPU/*.mlir` and `Dialect/Tosa/CPU/*.mlir`); the tests are not part of
this repository. Needs the finch-mlir wheel (`mlir_finch`) and the `filecheck` package.

For each test whose RUN lines bufferize (a `*-bufferize` pass: one-shot-bufferize or the
older per-dialect passes), two sides run the same program:

* **ours**: the test's passes before bufferization (run by upstream MLIR; a
  `test-transform-dialect-erase-schedule` is done here by dropping the transform ops;
  other `test-*` passes, absent from the wheel, are skipped), then our pipeline
  (default `comprehensive-bufferize`) with xDSL, then upstream MLIR's lowering to LLVM;
* **mlir**: the same, with upstream's `one-shot-bufferize{bufferize-function-boundaries}`
  and `buffer-deallocation-pipeline` in place of ours (today's spelling of what the
  test's RUN line asks for; older texts name passes the wheel no longer has).

Both lowerings are the same fixed pipeline (`LOWERING`), the program is JIT-compiled by
`mlir_finch.execution_engine`, and the runner-utils functions it calls
(`printMemrefF32`, ...) are provided by this script (the wheel ships no runner-utils
library) with the output format of MLIR's runner utils. The output is checked against
the test's own CHECK lines with the `filecheck` package. Each side runs in a child
process, so a crash in the JIT'd code is a failure of that side, not of the run.

Prints one line per test: ours pass/fail, MLIR's pass/fail, and why ours failed.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import shlex
import subprocess
import sys
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path and not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(ROOT))  # this checkout's package, unless PYTHONPATH says

SUBDIRS = ("Dialect/Linalg/CPU", "Dialect/Tosa/CPU")
OURS = "comprehensive-bufferize"
MLIR_BUFFERIZE = (
    "one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline"
)
LOWERING = (
    "builtin.module(canonicalize,convert-bufferization-to-memref,"
    "func.func(convert-linalg-to-loops,lower-vector-mask),convert-vector-to-scf,"
    "expand-strided-metadata,lower-affine,convert-scf-to-cf,convert-vector-to-llvm,"
    "convert-math-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,"
    "finalize-memref-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,"
    "convert-ub-to-llvm,reconcile-unrealized-casts)"
)
"""Upstream's lowering of a bufferized program to the LLVM dialect (what the tests'
`-test-lower-to-llvm` and their spelled-out lists do)."""

BUFFERIZE_PASS = re.compile(r"^[a-z-]*bufferize$")
"""Pass names that bufferize (`one-shot-bufferize`, `linalg-bufferize`, ...)."""
AFTER_BUFFERIZE = re.compile(
    r"^(buffer-|convert-|finalize-|expand-|lower-|reconcile-|canonicalize|cse|"
    r"test-lower-to-llvm|test-cf-assert|naive-)"
)


@dataclass
class Plan:
    """What a test asks for, as far as this script needs it."""

    bufferizes: bool
    pre: list[str] = field(default_factory=lambda: list[str]())
    """Pipeline elements before bufferization (upstream's spelling)."""
    entry: str = "main"
    prefixes: list[str] = field(default_factory=lambda: ["CHECK"])
    skipped: list[str] = field(default_factory=lambda: list[str]())
    """Pre-bufferization passes the wheel lacks (test passes), left out."""


def _logical_lines(text: str, tag: str) -> list[str]:
    """The `// TAG:` lines of `text`, continuation lines (ending in `\\`) joined."""
    out: list[str] = []
    current = ""
    for line in text.splitlines():
        match = re.match(rf"^\s*//\s*{tag}:(.*)$", line)
        if not match:
            if current:
                out.append(current)
                current = ""
            continue
        part = match.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
        else:
            out.append(current + part)
            current = ""
    if current:
        out.append(current)
    return out


def _defines(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in _logical_lines(text, "DEFINE"):
        name, _, value = line.partition("=")
        found[name.strip()] = value.strip()
    return found


def _substitute(command: str, defines: dict[str, str]) -> str:
    for _ in range(5):
        for name, value in defines.items():
            command = command.replace(name, value)
    return command


def _split_pipeline(text: str) -> list[str]:
    """Top-level elements of a pass-pipeline string (commas outside brackets)."""
    items: list[str] = []
    depth = 0
    current = ""
    for char in text:
        if char in "({":
            depth += 1
        elif char in ")}":
            depth -= 1
        if char == "," and depth == 0:
            items.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        items.append(current.strip())
    return items


def _pass_name(item: str) -> str:
    return re.split(r"[({=]", item, maxsplit=1)[0].strip()


def _leaf_names(item: str) -> list[str]:
    """The pass names inside a pipeline element (anchors opened)."""
    match = re.match(r"^([\w.]+)\((.*)\)$", item, re.S)
    if match and "." in match.group(1) or item.startswith("builtin.module("):
        inner = item[item.index("(") + 1 : -1]
        return [n for sub in _split_pipeline(inner) for n in _leaf_names(sub)]
    return [_pass_name(item)]


def _opt_elements(command: str) -> list[str]:
    """The pipeline elements of every `mlir-opt` in a shell command, in order."""
    elements: list[str] = []
    for stage in command.split("|"):
        words = shlex.split(stage)
        if not words or not words[0].endswith("mlir-opt"):
            continue
        for word in words[1:]:
            if word.startswith("--"):
                word = word[1:]
            if not word.startswith("-") or word in ("-o",):
                continue
            if word.startswith("-pass-pipeline="):
                pipeline = word.split("=", 1)[1].strip("\"'")
                if pipeline.startswith("builtin.module("):
                    pipeline = pipeline[len("builtin.module(") : -1]
                elements += _split_pipeline(pipeline)
                continue
            name, _, options = word[1:].partition("=")
            options = options.strip("\"'")
            if options and name.endswith("pipeline"):
                elements.append(f"{name}{{{options}}}")
            elif options:
                elements.append(f"{name}{{{options.replace(',', ' ')}}}")
            else:
                elements.append(name)
    return elements


def plan(text: str, available: set[str]) -> Plan:
    defines = _defines(text)
    runs = [_substitute(run, defines) for run in _logical_lines(text, "RUN")]

    def bufferizes(run: str) -> bool:
        return any(
            BUFFERIZE_PASS.match(n) for e in _opt_elements(run) for n in _leaf_names(e)
        )

    first = next((i for i, run in enumerate(runs) if bufferizes(run)), 0)
    command = " | ".join(runs[first:])
    elements = _opt_elements(runs[first] if runs else "")
    index = next(
        (
            i
            for i, element in enumerate(elements)
            if any(BUFFERIZE_PASS.match(n) for n in _leaf_names(element))
        ),
        None,
    )
    if index is None:
        return Plan(False)
    result = Plan(True)
    for element in elements[:index]:
        names = _leaf_names(element)
        if all(n in available for n in names):
            result.pre.append(element)
        else:
            result.skipped.append(element)
    entry = re.search(r"mlir-(?:cpu-)?runner[^|]*?\s-e\s+(\S+)", command)
    if entry:
        result.entry = entry.group(1)
    prefix = re.search(r"--?check-prefix(?:es)?[= ](\S+)", command)
    if prefix:
        result.prefixes = prefix.group(1).split(",")
    return result


# ---------------------------------------------------------------- the child side


def _format_element(value: float | int, is_float: bool) -> str:
    if is_float:
        text = f"{value:g}"
        return "-nan" if text == "nan" and str(value).startswith("-") else text
    return str(int(value))


_CTYPES: dict[str, tuple[Any, bool]] = {
    "F32": (ctypes.c_float, True),
    "F64": (ctypes.c_double, True),
    "I32": (ctypes.c_int32, False),
    "I64": (ctypes.c_int64, False),
    "I8": (ctypes.c_int8, False),
    "I16": (ctypes.c_int16, False),
}


def format_memref(rank: int, descriptor: int, kind: str) -> str:
    """An unranked memref's text as MLIR's runner utils print it (`printMemrefF32`):
    a header with the base address, rank, offset, sizes and strides, then the
    elements as nested bracketed rows."""
    elem_type, is_float = _CTYPES[kind]
    aligned, offset, sizes, strides = _descriptor(rank, descriptor)
    size = ctypes.sizeof(elem_type)

    def element(index: int) -> str:
        value = elem_type.from_address(aligned + index * size).value
        return _format_element(value, is_float)

    def rows(dim: int, start: int) -> str:
        # dim counts the dimensions left; a row of the last one is "[a, b, c]".
        if dim == 0:
            return element(start)
        axis = rank - dim
        parts = [rows(dim - 1, start + i * strides[axis]) for i in range(sizes[axis])]
        glue = ", \n" + " " * (axis + 1) if dim > 1 else ", " + ""
        return "[" + glue.join(parts) + "]"

    header = (
        f"Unranked Memref base@ = {hex(aligned)} rank = {rank} offset = {offset} "
        f"sizes = [{', '.join(map(str, sizes))}] "
        f"strides = [{', '.join(map(str, strides))}] data = \n"
    )
    data = f"[{element(offset)}]" if rank == 0 else rows(rank, offset)
    return header + data + "\n"


def _descriptor(rank: int, descriptor: int) -> tuple[int, int, list[int], list[int]]:
    """(aligned pointer, offset, sizes, strides) of a ranked memref descriptor."""
    words = (ctypes.c_int64 * (3 + 2 * rank)).from_address(descriptor)
    sizes = [words[3 + i] for i in range(rank)]
    return words[1], words[2], sizes, [words[3 + rank + i] for i in range(rank)]


def memref_copy(elem_size: int, source: int, target: int) -> None:
    """`memrefCopy` of MLIR's C runner utils: copy every element of the unranked
    memref `source` into `target` (same shape, any strides)."""
    src_rank, src_desc = (ctypes.c_int64 * 2).from_address(source)
    dst_rank, dst_desc = (ctypes.c_int64 * 2).from_address(target)
    src, src_offset, sizes, src_strides = _descriptor(src_rank, src_desc)
    dst, dst_offset, _, dst_strides = _descriptor(dst_rank, dst_desc)
    if any(size == 0 for size in sizes):
        return

    def walk(dim: int, s: int, d: int) -> None:
        if dim == src_rank:
            ctypes.memmove(dst + d * elem_size, src + s * elem_size, elem_size)
            return
        for i in range(sizes[dim]):
            walk(dim + 1, s + i * src_strides[dim], d + i * dst_strides[dim])

    walk(0, src_offset, dst_offset)


def _jit(module_text: str, entry: str) -> str:
    """JIT-compile an LLVM-dialect module and run `@entry`; what it printed."""
    import mlir_finch.execution_engine as ee
    import mlir_finch.ir as ir

    printed: list[str] = []
    keep: list[Any] = []
    with ir.Context():
        module = ir.Module.parse(module_text)
        engine = ee.ExecutionEngine(module, opt_level=2)

        def add(name: str, restype: Any, argtypes: list[Any], body: Any) -> None:
            callback = ctypes.CFUNCTYPE(restype, *argtypes)(body)
            keep.append(callback)
            engine.raw_register_runtime(name, ctypes.cast(callback, ctypes.c_void_p))

        for kind in _CTYPES:

            def ranked(rank: int, ptr: int, kind: str = kind) -> None:
                printed.append(format_memref(rank, ptr, kind))

            def c_interface(ptr: int, kind: str = kind) -> None:
                words = (ctypes.c_int64 * 2).from_address(ptr)
                printed.append(format_memref(words[0], words[1], kind))

            add(f"printMemref{kind}", None, [ctypes.c_int64, ctypes.c_void_p], ranked)
            add(f"_mlir_ciface_printMemref{kind}", None, [ctypes.c_void_p], c_interface)
        add(
            "memrefCopy",
            None,
            [ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p],
            memref_copy,
        )
        add("printNewline", None, [], lambda: printed.append("\n"))
        add("printComma", None, [], lambda: printed.append(", "))
        add("printOpen", None, [], lambda: printed.append("( "))
        add("printClose", None, [], lambda: printed.append(" )"))
        for name, ctype, is_float in (
            ("printF32", ctypes.c_float, True),
            ("printF64", ctypes.c_double, True),
            ("printI64", ctypes.c_int64, False),
            ("printU64", ctypes.c_uint64, False),
        ):
            add(
                name,
                None,
                [ctype],
                lambda v, f=is_float: printed.append(_format_element(v, f)),
            )
        engine.invoke(entry)
    return "".join(printed)


def strip_schedule_text(text: str) -> str:
    """`text` without its top-level transform schedule (a `transform.sequence` or a
    `module attributes {transform.with_named_sequence}`), removed as text so a
    schedule in an older spelling the wheel cannot parse does not stop a run that
    erases it anyway."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    depth = 0
    skipping = False
    for line in lines:
        code = line.split("//", 1)[0]
        starts = re.match(
            r"^(transform\.|module\b.*transform\.with_named_sequence)", line
        )
        if not skipping and depth == 0 and starts:
            skipping = True
        if skipping:
            depth += code.count("{") - code.count("}")
            if depth <= 0 and "}" in code:
                skipping = False
                depth = 0
            continue
        out.append(line)
    return "".join(out)


def to_wheel_spelling(text: str) -> str:
    """Spell `bufferization.to_buffer` (MLIR since 2025, and xDSL) as the wheel's
    `bufferization.to_memref`; generic forms just rename, custom forms keep the
    buffer type only."""
    text = text.replace('"bufferization.to_buffer"', '"bufferization.to_memref"')
    return re.sub(
        r"bufferization\.to_(?:buffer|memref) (%[\w#]+)\s*:\s*(\S+)\s+to\s+(\S+)",
        r"bufferization.to_memref \1 : \3",
        text,
    )


def to_xdsl_spelling(text: str) -> str:
    """`text` with `bufferization.to_memref` spelled as xDSL 0.75 does
    (`bufferization.to_buffer`, MLIR's name since 2025)."""
    text = text.replace('"bufferization.to_memref"', '"bufferization.to_buffer"')
    return re.sub(
        r"bufferization\.to_memref (%[\w#]+)\s*:", r"bufferization.to_buffer \1 :", text
    )


def _erase_schedule(module: Any) -> None:
    """Drop the transform ops (`test-transform-dialect-erase-schedule`)."""
    for op in list(module.body.operations):
        operation = op.operation
        if operation.name.startswith("transform.") or (
            operation.name == "builtin.module"
            and "transform.with_named_sequence" in operation.attributes
        ):
            operation.erase()


def _mark_entry(module: Any, entry: str) -> None:
    import mlir_finch.ir as ir

    for op in module.body.operations:
        operation = op.operation
        if operation.name in ("func.func", "llvm.func") and (
            str(operation.attributes["sym_name"]).strip('"') == entry
        ):
            operation.attributes["llvm.emit_c_interface"] = ir.UnitAttr.get()


def _upstream(
    text: str, pipeline: str | None, erase: bool, generic: bool = False
) -> str:
    import mlir_finch.ir as ir
    import mlir_finch.passmanager as pm

    with ir.Context():
        module = ir.Module.parse(to_wheel_spelling(text))
        if pipeline:
            pm.PassManager.parse(pipeline).run(module.operation)
        if erase:
            _erase_schedule(module)
        return str(module.operation.get_asm(print_generic_op_form=generic))


def child(
    path: Path, side: str, ours: str, generic_handoff: bool = False
) -> dict[str, Any]:
    """Run one side of one test; the stage reached, an error and the output.

    Our side reads the program as MLIR writes it: the test's own text when no pass
    runs before bufferization, else the wheel's printed output (custom form, or the
    generic form with `generic_handoff`)."""
    text = path.read_text()
    the_plan = plan(text, available_passes())
    stage = "pre-bufferization passes (upstream)"
    try:
        pre = f"builtin.module({','.join(the_plan.pre)})" if the_plan.pre else None
        if not any("transform-interpreter" in p for p in the_plan.pre):
            text = strip_schedule_text(text)
        if side == "ours" and pre is None and not generic_handoff:
            program = text
        else:
            program = _upstream(text, pre, True, generic=generic_handoff)
        if side == "ours":
            stage = "xDSL reading the program"
            from xdsl_bufferize.execution import apply_pipeline, parse_module

            module = parse_module(to_xdsl_spelling(program), path.name)
            stage = "xDSL's verifier on the program"
            module.verify()
            stage = "our bufferization (xDSL)"
            program = str(apply_pipeline(module, ours))
        else:
            stage = "upstream bufferization"
            program = _upstream(program, f"builtin.module({MLIR_BUFFERIZE})", False)
        stage = "upstream lowering"
        import mlir_finch.ir as ir
        import mlir_finch.passmanager as pm

        with ir.Context():
            module = ir.Module.parse(to_wheel_spelling(program))
            _mark_entry(module, the_plan.entry)
            pm.PassManager.parse(LOWERING).run(module.operation)
            lowered = str(module)
        stage = "JIT"
        output = _jit(lowered, the_plan.entry)
    except Exception as exc:  # noqa: BLE001 - reported per stage
        lines = str(exc).strip().splitlines()
        first = " | ".join(line.strip() for line in lines[:3])[:500]
        if not first:
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            where = Path(frame.filename)
            first = f"at {where.parent.name}/{where.name}:{frame.lineno} `{frame.line}`"
        return {"stage": stage, "error": f"{type(exc).__name__}: {first}"}
    return {"stage": "done", "error": None, "output": output}


def available_passes() -> set[str]:
    """Pass names the wheel registers, among those the tests use."""
    import mlir_finch.ir as ir
    import mlir_finch.passmanager as pm

    names = {
        "canonicalize",
        "cse",
        "tosa-to-linalg",
        "tosa-to-linalg-named",
        "tosa-to-arith",
        "tosa-infer-shapes",
        "transform-interpreter",
        "convert-elementwise-to-linalg",
        "empty-tensor-to-alloc-tensor",
        "generate-runtime-verification",
        "func.func",
    }
    found: set[str] = {"func.func"}
    with ir.Context():
        for name in names - {"func.func"}:
            for anchor in ("builtin.module({})", "builtin.module(func.func({}))"):
                try:
                    pm.PassManager.parse(anchor.format(name))
                except Exception:  # noqa: BLE001, S112 - not registered here
                    continue
                found.add(name)
                break
    return found


# --------------------------------------------------------------- the parent side


@dataclass
class SideResult:
    passed: bool
    reason: str


@dataclass
class TestResult:
    name: str
    ours: SideResult
    mlir: SideResult
    skipped_passes: list[str]


def filecheck_command() -> list[str]:
    """LLVM's FileCheck if one is installed (`$FILECHECK`, or a Debian llvm-*-tools
    package), else the `filecheck` Python package. The Python port places the match
    position one column late after a `CHECK-NEXT` on a line's first character, so a
    `CHECK-SAME` of the following text fails there (MLIR's tests use that pattern)."""
    import glob

    if os.environ.get("FILECHECK"):
        return [os.environ["FILECHECK"]]
    found = sorted(glob.glob("/usr/lib/llvm-*/bin/FileCheck"))
    return [found[-1]] if found else ["filecheck"]


def _filecheck(path: Path, output: str, prefixes: list[str]) -> tuple[bool, str]:
    command = [
        *filecheck_command(),
        str(path),
        "--check-prefixes",
        ",".join(prefixes),
    ]
    done = subprocess.run(command, input=output, capture_output=True, text=True)
    message = (done.stderr or done.stdout).strip().splitlines()
    return done.returncode == 0, " | ".join(message[:2])[:300]


def run_side(
    path: Path, side: str, ours: str, prefixes: list[str], generic: bool = False
) -> SideResult:
    command = [sys.executable, __file__, "--child", side, "--ours", ours, str(path)]
    if generic:
        command.append("--generic-handoff")
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return SideResult(False, "timed out")
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
        return SideResult(False, f"crashed (exit {done.returncode}): {tail[0][:300]}")
    answer = json.loads(done.stdout)
    if answer["error"]:
        return SideResult(False, f"{answer['stage']}: {answer['error']}")
    ok, message = _filecheck(path, answer["output"], prefixes)
    return SideResult(ok, "" if ok else f"wrong output: {message}")


def run_test(
    path: Path, ours: str, available: set[str], generic: bool = False
) -> TestResult | None:
    the_plan = plan(path.read_text(), available)
    if not the_plan.bufferizes:
        return None
    return TestResult(
        path.name,
        run_side(path, "ours", ours, the_plan.prefixes, generic),
        run_side(path, "mlir", ours, the_plan.prefixes),
        the_plan.skipped,
    )


def find_tests(root: Path) -> list[Path]:
    found: list[Path] = []
    for sub in SUBDIRS:
        found += sorted((root / sub).glob("*.mlir"))
    if not found:
        found = sorted(root.glob("*.mlir"))
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--ours", default=OURS, help="our bufferization pipeline")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--generic-handoff",
        action="store_true",
        help="give xDSL the wheel's generic form instead of the text as MLIR writes it",
    )
    parser.add_argument("--child", choices=("ours", "mlir"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        answer = child(args.dir, args.child, args.ours, args.generic_handoff)
        json.dump(answer, sys.stdout)
        return 0
    available = available_passes()
    print(f"FileCheck: {' '.join(filecheck_command())}")
    results: list[TestResult] = []
    for path in find_tests(args.dir):
        if args.only and path.stem not in args.only and path.name not in args.only:
            continue
        result = run_test(path, args.ours, available, args.generic_handoff)
        if result is None:
            print(f"{path.name}: does not bufferize, skipped")
            continue
        results.append(result)
        ours = "pass" if result.ours.passed else "FAIL"
        mlir = "pass" if result.mlir.passed else "FAIL"
        print(f"{path.name}: ours {ours}, MLIR {mlir}", flush=True)
        for side, res in (("ours", result.ours), ("MLIR", result.mlir)):
            if not res.passed:
                print(f"    {side}: {res.reason}")
        if result.skipped_passes:
            print(f"    skipped (not in the wheel): {', '.join(result.skipped_passes)}")
    ours_pass = sum(r.ours.passed for r in results)
    mlir_pass = sum(r.mlir.passed for r in results)
    regressions = [r.name for r in results if r.mlir.passed and not r.ours.passed]
    print(
        f"{len(results)} tests: ours {ours_pass} passed, MLIR {mlir_pass} passed; "
        f"MLIR passes but ours fails: {', '.join(regressions) or 'none'}"
    )
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=1))
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
