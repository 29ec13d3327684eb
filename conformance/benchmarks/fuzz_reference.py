"""The reference model on hostile input: millions of mutated requests, every op, counted by outcome.

    python conformance/benchmarks/fuzz_reference.py [--calls N] [--seed S] [--workers W]

Requests are the fixtures' own cases with one to three things broken
(codex_conformance.fuzz).  Prints the calls made, the outcomes by kind
(result, each error kind, unsupported), the rate, and every call that
answered ``internal`` (a bug in the model), let an exception escape
``handle``, or took longer than 2 s, with the request that did it.  Exit
status 1 if there was any.  Not a test: it takes minutes (the issue's target
is 1,000,000 calls); ``reference/tests/test_fuzz_reference.py`` runs a
seeded sample of the same stream.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import sys
import time
from collections import Counter
from typing import Any

from codex_conformance.cases import load_cases
from codex_conformance.fuzz import mutated_requests
from codex_conformance.paths import fixtures_dir
from codex_reference.adapter import handle

SLOW_SECONDS = 2.0


def _kind(response: Any) -> str:
    if not isinstance(response, dict):
        return "not-a-response"
    if "result" in response:
        return "result"
    if "error" in response:
        return f"error:{response['error'].get('kind')}"
    if "unsupported" in response:
        return "unsupported"
    return "not-a-response"


def _shallow(value: Any, depth: int = 30) -> Any:
    """The value with whatever lies deeper than ``depth`` replaced by "…" (json cannot write it all)."""
    if depth == 0:
        return "…"
    if isinstance(value, dict):
        return {key: _shallow(item, depth - 1) for key, item in list(value.items())[:20]}
    if isinstance(value, list):
        return [_shallow(item, depth - 1) for item in value[:20]]
    return value[:200] if isinstance(value, str) else value


def _show(request: dict[str, Any]) -> str:
    return json.dumps(_shallow(request), ensure_ascii=True)[:600]


def _work(job: tuple[int, int]) -> tuple[Counter[str], list[str], float]:
    seed, calls = job
    cases = load_cases(fixtures_dir())
    counts: Counter[str] = Counter()
    problems: list[str] = []
    slowest = 0.0
    for request in itertools.islice(mutated_requests(cases, seed), calls):
        started = time.perf_counter()
        try:
            response = handle(request)
        except BaseException as escaped:
            counts["escaped"] += 1
            problems.append(f"escaped {type(escaped).__name__}: {escaped}  {_show(request)}")
            continue
        took = time.perf_counter() - started
        slowest = max(slowest, took)
        kind = _kind(response)
        counts[kind] += 1
        if kind in ("error:internal", "not-a-response"):
            problems.append(f"{kind}: {str(response)[:300]}  {_show(request)}")
        if took > SLOW_SECONDS:
            counts["slow"] += 1
            problems.append(f"slow ({took:.1f} s): {_show(request)}")
    return counts, problems, slowest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    per_worker = -(-args.calls // args.workers)
    jobs = [(args.seed * 1000 + worker, per_worker) for worker in range(args.workers)]
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(_work, jobs)
    seconds = time.perf_counter() - started
    counts: Counter[str] = Counter()
    problems: list[str] = []
    for worker_counts, worker_problems, _ in results:
        counts.update(worker_counts)
        problems += worker_problems
    total = sum(value for key, value in counts.items() if key != "slow")
    slowest = max(result[2] for result in results)
    print(f"{total} calls in {seconds:.0f} s ({total / seconds:.0f} calls/s), slowest {slowest:.2f} s")
    for kind, count in sorted(counts.items(), key=lambda item: -item[1]):
        print(f"  {count:9d}  {kind}")
    bad = counts["error:internal"] + counts["escaped"] + counts["slow"] + counts["not-a-response"]
    print(f"internal: {counts['error:internal']}, escaped: {counts['escaped']}, ", end="")
    print(f"over {SLOW_SECONDS:.0f} s: {counts['slow']}")
    for problem in problems[:50]:
        print("  " + problem)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
