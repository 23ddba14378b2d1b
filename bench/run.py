"""The benchmark: `python -m bench.run [--quick]`.

Speed of our passes against xDSL's parser and upstream MLIR on the five generated
families, then allocation / copy quality on examples, workloads, test inputs and
generated programs; writes bench/RESULTS.md and its plots.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

from bench import quality, speed, xdsl_side
from bench.generate import FAMILIES
from bench.report import write_results

DEFAULT_SIZES = (100, 300, 1000, 3000, 10000, 30000)
QUICK_SIZES = (100,)


def repeats_for(size: int, base: int) -> int:
    """Fewer repeats at the largest sizes (xDSL parses 30,000 ops in ~30-60 s)."""
    if size >= 10000:
        return min(base, 1)
    if size >= 3000:
        return min(base, 3)
    return base


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__)
    parser.add_argument(
        "--quick", action="store_true", help="smallest size of each family, 1 repeat"
    )
    parser.add_argument("--sizes", type=int, nargs="+", help="op counts to generate")
    parser.add_argument("--families", nargs="+", choices=FAMILIES, default=FAMILIES)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-mlir", action="store_true", help="skip upstream MLIR")
    parser.add_argument("--no-quality", action="store_true")
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument(
        "--max-pass-seconds",
        type=float,
        default=300.0,
        help="skip a pass whose quadratic extrapolation exceeds this",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="results file (default bench/RESULTS.md; --quick: none unless given)",
    )
    args = parser.parse_args(argv)
    command = "python -m bench.run " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    sizes: tuple[int, ...] = tuple(
        args.sizes or (QUICK_SIZES if args.quick else DEFAULT_SIZES)
    )
    base_repeats = 1 if args.quick else args.repeats
    out: Path | None = args.out
    if out is None and not args.quick:
        out = Path(__file__).resolve().parent / "RESULTS.md"

    start = time.perf_counter()
    ctx = xdsl_side.make_context()
    rows: list[speed.SpeedRow] = []
    if not args.no_speed:
        for family in args.families:
            previous: speed.SpeedRow | None = None
            for size in sizes:
                print(f"[speed] {family} {size}", flush=True)
                row = speed.measure(
                    family,
                    size,
                    repeats_for(size, base_repeats),
                    ctx,
                    previous,
                    args.max_pass_seconds,
                    with_mlir=not args.no_mlir,
                    log=lambda s: print(s, flush=True),
                )
                rows.append(row)
                previous = row
    qrows: list[quality.QualityRow] = []
    if not args.no_quality:
        # the examples, workloads and test inputs belong to a run of every family
        every_family = tuple(args.families) == FAMILIES
        cases = (
            quality.collect_cases(
                (100,), (0,), include_files=False, families=args.families
            )
            if args.quick
            else quality.collect_cases(
                include_files=every_family, families=args.families
            )
        )
        print(f"[quality] {len(cases)} cases", flush=True)
        qrows = quality.evaluate_all(
            cases, ctx, with_mlir=not args.no_mlir, log=lambda s: print(s, flush=True)
        )
    elapsed = time.perf_counter() - start
    note = (
        f"Repeats: {base_repeats} per size up to 1,000 ops, cut to "
        f"{repeats_for(3000, base_repeats)} at 3,000 and "
        f"{repeats_for(10000, base_repeats)} at 10,000 and 30,000 ops to fit the "
        "budget on 2 shared cores (xDSL's own parse takes tens of seconds there)."
    )
    if out is not None:
        write_results(out, command, rows, qrows, elapsed, note)
        print(f"wrote {out}")
    bad = [q.case.name for q in qrows if q.ours.correct is False]
    print(f"done in {elapsed:.0f} s; cases where our output is wrong: {bad or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
