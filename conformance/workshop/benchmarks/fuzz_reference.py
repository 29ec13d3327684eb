"""The reference model on hostile input: millions of mutated requests, every op, counted by outcome.

    python conformance/workshop/benchmarks/fuzz_reference.py [--calls N] [--seed S] [--workers W] \
        [--max-seconds T]

``--max-seconds T`` stops the workers after T seconds and prints the totals
of the calls they made (a run that must end by a deadline).

Requests are the fixtures' own cases with one to three things broken
(codex_workshop.fuzz).  Prints the calls made, the outcomes by kind
(result, each error kind, unsupported), the rate, and every call that
answered ``internal`` (a bug in the model), let an exception escape
``handle``, answered with a reply that breaks the protocol's limits (a line
past 64 MiB, nesting past 200 levels, an integer past 1,000 digits: what
``serve`` could not send), or took longer than 2 s, with the request that
did it.  Exit
status 1 if there was any.

A call's time is the CPU time its worker spent on it (``time.thread_time``),
freeing its reply included: the model's cost, the same on a busy machine.
The fixtures the harness holds are frozen out of the cycle collector's
passes (the model serving the wire holds none).  On a machine shared with
other work a call can also wait for a CPU; calls over 2 s of wall time
that used less than 2 s of CPU are counted apart ("waited"), with the
slowest wall time, and do not fail the run.  Not a test: it takes minutes (the issue's target
is 1,000,000 calls); ``reference/tests/test_fuzz_reference.py`` runs a
seeded sample of the same stream.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from typing import Any

from codex_conformance.cases import load_cases
from codex_conformance.connection.jsonline import decode_line, encode_line
from codex_conformance.protocol import ProtocolError
from codex_reference.adapter import handle
from codex_workshop.checkout import fixtures_dir
from codex_workshop.fuzz import mutated_requests

SLOW_SECONDS = 2.0
PROGRESS_EVERY = 50_000


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
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1_000:
        # Python writes no integer past 4,300 digits; the size is what matters.
        return f"<an integer of about {int(value.bit_length() * math.log10(2)) + 1} digits>"
    return value[:200] if isinstance(value, str) else value


def _show(request: dict[str, Any]) -> str:
    return json.dumps(_shallow(request), ensure_ascii=True)[:600]


def _over_limits(response: Any) -> str | None:
    """The protocol limit (spec/adapter-protocol.md, "Limits") the reply line would break, or None.

    The reply is written as ``serve`` writes it and read back as the kit
    reads it: past 64 MiB, nested past 200 levels, an integer past 1,000
    digits, a number that is not finite.
    """
    try:
        line = encode_line({"id": 1, **response} if isinstance(response, dict) else response)
        decode_line(line[:-1])
    except ProtocolError as exc:
        return str(exc)[:200]
    return None


def _work(job: tuple[int, int, float]) -> tuple[Counter[str], list[str], tuple[float, float]]:
    seed, calls, stop_at = job
    cases = load_cases(fixtures_dir())
    counts: Counter[str] = Counter()
    problems: list[str] = []
    slowest_cpu = slowest_wall = 0.0
    # The cases stay alive all run long and hold no garbage: frozen, the cycle collector
    # no longer walks them on every full pass, a cost of this harness that the model
    # serving the wire (`serve`, which holds no cases) never pays.
    gc.freeze()
    for number, request in enumerate(itertools.islice(mutated_requests(cases, seed), calls), 1):
        if time.time() > stop_at:  # --max-seconds: the totals of the calls made so far
            break
        if number % PROGRESS_EVERY == 0:  # on stderr, so a long run shows where it is
            bad = {key: counts[key] for key in ("error:internal", "escaped", "over-limits", "slow")}
            print(f"worker {seed}: {number} calls, {bad}", file=sys.stderr, flush=True)
        started, started_cpu = time.perf_counter(), time.thread_time()
        try:
            response = handle(request)
        except BaseException as escaped:
            counts["escaped"] += 1
            problems.append(f"escaped {type(escaped).__name__}: {escaped}  {_show(request)}")
            continue
        wall, cpu = time.perf_counter() - started, time.thread_time() - started_cpu
        kind = _kind(response)
        counts[kind] += 1
        if kind in ("error:internal", "not-a-response"):
            problems.append(f"{kind}: {str(response)[:300]}  {_show(request)}")
        broken = _over_limits(response)
        if broken is not None:
            counts["over-limits"] += 1
            problems.append(f"over the protocol's limits ({broken}): {_show(request)}")
        # Freeing the reply is the call's cost too, charged here and not to the next call
        # (when `response` is bound again, a reply of millions of values is freed in its span).
        freeing, freeing_cpu = time.perf_counter(), time.thread_time()
        del response
        wall += time.perf_counter() - freeing
        cpu += time.thread_time() - freeing_cpu
        slowest_cpu, slowest_wall = max(slowest_cpu, cpu), max(slowest_wall, wall)
        if cpu > SLOW_SECONDS:
            counts["slow"] += 1
            problems.append(f"slow ({cpu:.1f} s of CPU, {wall:.1f} s): {_show(request)}")
        elif wall > SLOW_SECONDS:
            counts["waited"] += 1
    return counts, problems, (slowest_cpu, slowest_wall)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-seconds", type=float, default=math.inf, help="stop the workers after this")
    args = parser.parse_args(argv)
    per_worker = -(-args.calls // args.workers)
    stop_at = time.time() + args.max_seconds
    jobs = [(args.seed * 1000 + worker, per_worker, stop_at) for worker in range(args.workers)]
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(_work, jobs)
    seconds = time.perf_counter() - started
    counts: Counter[str] = Counter()
    problems: list[str] = []
    for worker_counts, worker_problems, _ in results:
        counts.update(worker_counts)
        problems += worker_problems
    timing = ("slow", "waited", "over-limits")
    total = sum(value for key, value in counts.items() if key not in timing)
    slowest_cpu = max(result[2][0] for result in results)
    slowest_wall = max(result[2][1] for result in results)
    print(
        f"{total} calls in {seconds:.0f} s ({total / seconds:.0f} calls/s), "
        f"slowest {slowest_cpu:.2f} s of CPU ({slowest_wall:.2f} s of wall time)"
    )
    for kind, count in sorted(counts.items(), key=lambda item: -item[1]):
        if kind not in timing:
            print(f"  {count:9d}  {kind}")
    bad = (
        counts["error:internal"]
        + counts["escaped"]
        + counts["slow"]
        + counts["not-a-response"]
        + counts["over-limits"]
    )
    print(f"internal: {counts['error:internal']}, escaped: {counts['escaped']}, ", end="")
    print(f"over the protocol's limits: {counts['over-limits']}, ", end="")
    print(f"over {SLOW_SECONDS:.0f} s: {counts['slow']} ", end="")
    print(f"(waited for a CPU past {SLOW_SECONDS:.0f} s of wall time: {counts['waited']})")
    for problem in problems[:50]:
        print("  " + problem)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
