"""An exploration: inputs through the release and the reference, disagreements clustered and shrunk."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from itertools import islice
from typing import Any, TextIO

from codex_conformance.generators import generating
from codex_workshop.areas import ReleaseOp
from codex_workshop.explore.answers import Answers, HarnessFailure, ask, same_response
from codex_workshop.explore.recorded import recorded_inputs
from codex_workshop.explore.shrink import shrink
from codex_workshop.explore.signature import signature
from codex_workshop.explorer import Args, Explorer, Response

# What ``steady`` answers for an input the release answers differently each time.
VARIES = "the release answered differently on a second run"


@dataclass
class Cluster:
    signature: str
    count: int
    first: Answers
    shrunk: Answers | None = None


@dataclass
class Exploration:
    area: str
    op: str
    version: str
    seed: str
    tried: int = 0
    recorded: int = 0  # of those tried, how many were recorded gateway traffic, replayed first
    agreed: int = 0
    varied: int = 0  # the release answered differently on a second run
    # Those inputs, with the two answers: a rule that varies is still looked into (#33).
    varied_inputs: list[dict[str, Any]] = field(default_factory=list)
    declined: int = 0  # the reference answered `unsupported`: it does not model the input
    # What the reference said each time it declined an input the release answered (issue #33: a kit
    # gap to drive to zero), with the count of such inputs and the first of them.
    declines: dict[str, Cluster] = field(default_factory=dict)
    harness_failures: list[str] = field(default_factory=list)
    clusters: dict[str, Cluster] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def disagreed(self) -> int:
        return sum(cluster.count for cluster in self.clusters.values())

    @property
    def rate(self) -> float:
        return self.tried / self.seconds if self.seconds else 0.0


class Progress:
    """A one-line progress bar on a terminal, and a line every 10% elsewhere."""

    def __init__(self, total: int, out: TextIO = sys.stderr) -> None:
        self.total, self.out, self.started = total, out, time.monotonic()
        self.tty = out.isatty()
        self.next_line = 0

    def show(self, done: int, disagreed: int) -> None:
        rate = done / max(time.monotonic() - self.started, 1e-9)
        text = f"{done}/{self.total} inputs, {disagreed} disagreements, {rate:.0f}/s"
        if self.tty:
            filled = 30 * done // max(self.total, 1)
            print(f"\r[{'#' * filled}{' ' * (30 - filled)}] {text}", end="", file=self.out, flush=True)
            if done == self.total:
                print(file=self.out)
        elif done >= self.next_line or done == self.total:
            print(text, file=self.out, flush=True)
            self.next_line = done + max(self.total // 10, 1)

    def shrinking(self, cluster: int, clusters: int, runs: int, most: int) -> None:
        """Shrinking asks the release again and again (minutes for a slow one): say how far it is."""
        text = f"shrinking cluster {cluster}/{clusters}: {runs}/{most} release runs"
        if self.tty:
            print(f"\r{text}", end="", file=self.out, flush=True)
        elif runs == 1 or runs % max(most // 10, 1) == 0:
            print(text, file=self.out, flush=True)


def explorer_inputs(
    explorer: Explorer, version: str, count: int, seed: str, *, recorded: bool = True
) -> list[Args]:
    """The explorer's first ``count`` inputs for ``version``: the recorded ones it replays (unless
    ``recorded`` is off), then those it generates from ``seed``."""
    return list(_inputs(explorer, version, count, seed, recorded=recorded))


def replayed(explorer: Explorer, version: str, *, recorded: bool = True) -> list[Args]:
    """The recorded gateway traffic the explorer replays for ``version`` (none unless it says so,
    and none when ``recorded`` is off)."""
    if not (recorded and explorer.replays_recorded):
        return []
    return [recorded.args for recorded in recorded_inputs(explorer.op, version)]


def _inputs(explorer: Explorer, version: str, count: int, seed: str, *, recorded: bool) -> Iterator[Args]:
    replays = replayed(explorer, version, recorded=recorded)[:count]
    yield from replays
    yield from _drawing(explorer, version, count - len(replays), seed)


def _drawing(explorer: Explorer, version: str, count: int, seed: str) -> Iterator[Args]:
    return generating(lambda draw: explorer.generate(draw, version), count, f"{seed}:{explorer.op}:{version}")


def release_runs(explorer: Explorer, inputs: Iterable[Args]) -> Iterator[list[Args]]:
    """``inputs`` grouped as the release answers them: a batch per run, or one input per run."""
    size = explorer.batch_size if explorer.batch is not None else 1
    remaining = iter(inputs)
    while group := list(islice(remaining, size)):
        yield group


def explore(
    area: str,
    run: ReleaseOp,
    explorer: Explorer,
    version: str,
    *,
    budget: int,
    seed: str,
    shrink_runs: int = 300,
    progress: Progress | None = None,
    recorded: bool = True,
) -> Exploration:
    """Ask ``run`` (a release op) and the reference the same ``budget`` inputs; cluster and shrink."""
    result = Exploration(area, explorer.op, version, seed)
    started = time.monotonic()

    def one(args: Args, release: Response | None = None) -> Answers | str:
        try:
            return ask(
                run,
                version,
                explorer.op,
                args,
                release,
                settle=explorer.settle,
                settle_given=explorer.settle_given,
            )
        except HarnessFailure as failure:
            # With its input, so that a harness gap can be run again and looked into.
            return f"{failure} (input: {json.dumps(args, ensure_ascii=False)})"

    def chunk(inputs: list[Args]) -> list[Answers | str]:
        if explorer.batch is None:
            return [one(args) for args in inputs]
        try:
            releases = explorer.batch(version, inputs)
        except Exception:  # a failed batch run says nothing about any one input: each is asked alone
            releases = [None] * len(inputs)
        answered = [one(args, release) for args, release in zip(inputs, releases, strict=True)]
        # What a batch shows counts only once a run of that input alone shows it too.
        return [
            one(args) if release is not None and _shows_disagreement(answer) else answer
            for args, release, answer in zip(inputs, releases, answered, strict=True)
        ]

    def steady(answered: Answers | str) -> Answers | str:
        """A disagreement whose release answer changes from one run to the next is no rule to pin."""
        if isinstance(answered, str) or answered.agree or answered.declined:
            return answered
        again = one(answered.args)
        form = explorer.steady_form or (lambda response: response)
        if isinstance(again, Answers) and not same_response(form(again.release), form(answered.release)):
            seen = {"input": answered.args, "release": [answered.release, again.release]}
            result.varied_inputs.append({**seen, "reference": answered.reference})
            return VARIES
        return answered

    describe = explorer.describe or signature
    # Drawn as the pool takes them: the first release runs start while later inputs
    # are still being generated (20,000 apply_patch inputs take about a minute to draw).
    result.recorded = min(len(replayed(explorer, version, recorded=recorded)), budget)
    chunks = release_runs(explorer, _inputs(explorer, version, budget, seed, recorded=recorded))
    done = 0
    with ThreadPoolExecutor(max_workers=explorer.workers) as pool:
        for answers in pool.map(lambda inputs: [steady(a) for a in chunk(inputs)], chunks):
            for answered in answers:
                done += 1
                result.tried += 1
                if answered is VARIES:
                    result.varied += 1
                elif isinstance(answered, str):
                    result.harness_failures.append(answered)
                elif answered.agree:
                    result.agreed += 1
                elif answered.declined:
                    result.declined += 1
                    reason = str(answered.reference.get("unsupported"))
                    result.declines.setdefault(reason, Cluster(reason, 0, answered)).count += 1
                else:
                    key = describe(answered.release, answered.reference)
                    cluster = result.clusters.setdefault(key, Cluster(key, 0, answered))
                    cluster.count += 1
            if progress is not None:
                progress.show(done, result.disagreed)
    for index, cluster in enumerate(result.clusters.values(), 1):
        report = (
            None
            if progress is None
            else partial(progress.shrinking, index, len(result.clusters), most=shrink_runs)
        )
        cluster.shrunk = _shrunk(cluster, one, describe, shrink_runs, report, kept=explorer.kept)
    if progress is not None and progress.tty and result.clusters:
        print(file=progress.out)
    result.seconds = time.monotonic() - started
    return result


def _shows_disagreement(answer: Answers | str) -> bool:
    return isinstance(answer, Answers) and not answer.agree and not answer.declined


def _shrunk(
    cluster: Cluster,
    one: Callable[[Args], Answers | str],
    describe: Callable[[Response, Response], str],
    runs: int,
    report: Callable[[int], None] | None = None,
    *,
    kept: frozenset[str] = frozenset(),
) -> Answers:
    asked = 0

    def still(args: Any) -> bool:
        nonlocal asked
        asked += 1
        if report is not None:
            report(asked)
        answered = one(args)
        return (
            isinstance(answered, Answers)
            and not answered.agree
            and describe(answered.release, answered.reference) == cluster.signature
        )

    smaller = shrink(cluster.first.args, still, runs, kept)
    answered = one(smaller)
    return answered if isinstance(answered, Answers) else cluster.first
