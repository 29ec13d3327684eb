"""Explorer throughput against each release, next to the release answering the same inputs alone.

    python conformance/workshop/benchmarks/explore_throughput.py [--edition V ...] [--area A ...]
        [--apply-patch-budget 20000] [--budget 200] [--seed bench]

For every area that declares explorers and every edition it exists in, the
explorer runs ``--budget`` inputs (``--apply-patch-budget`` for apply_patch,
whose figure of merit is the time for 20,000 inputs: target under 5 minutes
on 2 cores) and prints inputs per second.  Its peer, measured in the same
run on the first ``--peer`` of the same inputs with the same number of
workers, is the release op alone: no reference, no comparison, no
clustering.  ``explorer / release alone`` near 1 means the release is the
cost; well below 1 means the explorer's own work is.  Nothing here asserts a
time: figures are printed, the target is read by people.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from concurrent.futures import ThreadPoolExecutor

from codex_conformance.areas import Area, discover
from codex_workshop.areas import parts_of
from codex_workshop.drive.cache import release_binary
from codex_workshop.explore.answers import HarnessFailure, release_response
from codex_workshop.explore.run import explore, explorer_inputs, release_runs
from codex_workshop.explorer import Args, Explorer

APPLY_PATCH_TARGET_SECONDS = 300.0


def release_alone_rate(area: Area, explorer: Explorer, version: str, count: int, seed: str) -> float:
    """Inputs per second of the release op on the explorer's first ``count`` inputs, batched as it batches."""
    run = parts_of(area).release_ops()[explorer.op]
    inputs = explorer_inputs(explorer, version, count, seed)

    def answer(chunk: list[Args]) -> None:
        if explorer.batch is not None:
            explorer.batch(version, chunk)
            return
        for args in chunk:
            with contextlib.suppress(HarnessFailure):  # a failed run still took its time
                release_response(run, version, args)

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=explorer.workers) as pool:
        list(pool.map(answer, release_runs(explorer, inputs)))
    return len(inputs) / max(time.monotonic() - started, 1e-9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--edition", action="append", help="default: every edition of each area")
    parser.add_argument("--area", action="append", help="default: every area with explorers")
    parser.add_argument("--apply-patch-budget", type=int, default=20_000)
    parser.add_argument("--budget", type=int, default=200, help="inputs per op for the other areas")
    parser.add_argument("--peer", type=int, default=200, help="inputs the release answers alone")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args(argv)

    areas = {name: area for name, area in discover().items() if parts_of(area).explorers()}
    chosen = args.area or sorted(areas)
    unknown = sorted(set(chosen) - set(areas))
    if unknown:
        parser.error(f"no explorers in {unknown}; areas with explorers: {sorted(areas)}")
    header = ("area", "edition", "inputs", "seconds", "explorer/s", "alone/s", "ratio")
    print("{:<12} {:<9} {:>7} {:>8} {:>11} {:>8} {:>6}".format(*header))
    for name in chosen:
        area = areas[name]
        for version in args.edition or area.editions:
            if version not in area.editions:
                continue
            release_binary(version)  # fetched before anything is timed
            for explorer in parts_of(area).explorers():
                budget = args.apply_patch_budget if name == "apply_patch" else args.budget
                found = explore(
                    name,
                    parts_of(area).release_ops()[explorer.op],
                    explorer,
                    version,
                    budget=budget,
                    seed=args.seed,
                )
                alone = release_alone_rate(area, explorer, version, min(args.peer, budget), args.seed)
                print(
                    f"{name:<12} {version:<9} {found.tried:>7} {found.seconds:>8.1f} {found.rate:>11.1f}"
                    f" {alone:>8.1f} {found.rate / alone:>6.2f}"
                    + (f"  ({found.disagreed} disagreed, {len(found.harness_failures)} harness failures)")
                )
                if name == "apply_patch":
                    per_20k = 20_000 / found.rate if found.rate else float("inf")
                    verdict = "within" if per_20k <= APPLY_PATCH_TARGET_SECONDS else "over"
                    print(
                        f"{'':<12} 20,000 apply_patch inputs: {per_20k:.0f} s"
                        f" ({verdict} the {APPLY_PATCH_TARGET_SECONDS:.0f} s target)"
                    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
