"""How strong the conformance cases are: mutants of the reference model, and how many the cases kill.

    python conformance/workshop/benchmarks/mutate_reference.py [--count 250] [--seed 0] [--json PATH]
        [--equivalent conformance/workshop/benchmarks/mutation_equivalent.json] [--probe N]
        [--module PREFIX ...] [--site ID ...]

``--module rustlib/image_`` takes every site of the modules under that
prefix instead of a sample: a sample measures the rate, and each one draws
new survivors; working a module's survivors to none needs all of its sites.
``--site ID`` runs only the named mutants (the ids a report prints), to
check a survivor again after a case or a judgement was added for it.

Samples ``--count`` plausible mutants of ``reference/codex_reference`` (a
module drawn with weight its size, then one of its sites: comparison and
boolean swaps, a dropped ``not``, off-by-one integers and slice bounds,
statements dropped, strings changed; see mutation_sites.py) and runs each
against the conformance cases alone (not the kit's tests, not the property
checks) of the areas that reach the mutated line: the module's own area
(every area for a shared module: rustlib, editions, adapter, args, ...),
plus every area whose cases run the line in an unmutated run.  The cases that
run the line go first, and a mutant's run stops at its first failing case.

Each mutant runs in a forked child that imports ``codex_reference`` afresh
with the one module compiled from the mutated tree (an import hook: nothing
is written anywhere), under a time limit; a mutant still running then is
killed by the timeout.  A child answers:

- killed: a case failed, errored or was answered ``unsupported`` (what fails a run),
  or hello declares an op or edition the kit does not know (a renamed op: a run
  refuses to start on it);
- timeout: the child did not finish in time (a hang counts as a kill);
- undeclared: no case failed, but some became not applicable: the mutant's
  hello no longer declares their op or edition, which a run accepts from a port
  that implements a subset; counted as a survivor;
- survived: every case passed;
- invalid: the mutated module does not import; left out of every rate.

A survivor listed in the equivalent file (mutant id -> the reason no input
can tell it from the reference, and the source line it was judged on) is
counted as equivalent; an entry whose line has changed since is ignored and
named.  The sample follows the modules' sizes, so an edit of the reference
draws other mutants, and judgements are kept per line they were made on.

An entry with ``"kind": "invalid-args"`` is no equivalence: it names a survivor
of a check that answers ``invalid-args`` to args no release can be given (a
lone surrogate, args that are not an object, an arg of the wrong JSON type:
spec/adapter-protocol.md).  An input tells such a mutant from the reference,
but no conformance case can hold it: a case's args were given to a release
(or come from an upstream test of one), and such args cannot be, so the
cases alone can never kill it.  The entry names, under ``"test"``, the kit's
own test that does (reference/tests/test_invalid_args.py).  Those mutants are
counted apart ("args" column, an "Out of the cases' reach" section) and left
out of the kill rate, like the equivalent ones; an entry of this kind is
only for such a check, never for a behaviour a release could show.  A
survivor that drops a ``raise InvalidArgs(...)`` or ``raise
UnknownEdition(...)``, or an ``if`` whose whole body is one, is counted so
without an entry: it can only answer otherwise args such a check refuses.
An entry with ``"kind": "not-modelled"`` names a survivor that differs from
the reference only on inputs the reference answers ``unsupported`` (a call
of a check that only raises NotModelled, dropped; a bound that only moves
inputs into the declined set), with the reason; it is counted in the "n/m"
column like the survivors below.
A survivor that only drops a ``raise NotModelled(...)`` statement (or an
``if`` whose whole body it is), or changes its message, is counted apart too ("n/m" column, the same section),
without an entry: that statement runs only on an input the reference does
not model, where it answers ``unsupported``; the unmutated reference passes
every case, so no case holds such an input, and the mutant differs from it
nowhere a case can look.  (A case that did hold one would be a missing
piece of the reference, found by the kit's own tests, not by this tool.)

Prints per area (the mutated module's; "shared" for the modules every
area uses) the counts and the kill rate over non-equivalent mutants, then
each survivor with its line before and after.  Progress goes to stderr.

With ``--probe N`` each survivor also meets N generated inputs per explorer
and edition of the areas it reaches (mutation_probe.py), and the first one on
which it answers otherwise than the reference is printed under it: the input
to capture from the releases next.

Not a test and not in CI: it takes minutes (about 250 runs of up to the
whole suite), and its figures are for people deciding which cases to capture.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import multiprocessing
import os
import pkgutil
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection as Pipe
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import mutation_probe
import mutation_sites
from mutation_probe import ProbeInput
from mutation_sites import Site

from codex_conformance.areas import discover
from codex_conformance.cases import Case, load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.declaration import unknown_declaration
from codex_conformance.editions import EDITIONS
from codex_conformance.outcome import PROBLEM_STATUSES, Status
from codex_conformance.runner import run_case
from codex_workshop.checkout import fixtures_dir

EQUIVALENT_FILE = Path(__file__).with_name("mutation_equivalent.json")
AREA_PACKAGES = frozenset(
    path.name for path in fixtures_dir().iterdir() if path.is_dir() and not path.name.startswith("_")
)
SHARED = "shared"
MEMORY_LIMIT = 4 << 30  # a mutant that lifts an image's size limit must not take the machine
TIMEOUT_BASE, TIMEOUT_FACTOR = 20.0, 5.0  # seconds, and times the unmutated run of the same cases
PROBE_TIMEOUT = 120.0  # seconds for a survivor's answers to the generated inputs
# (the inputs, the unmutated reference's answers (None: ask for them), the areas whose inputs to send)
Probe = tuple[list[ProbeInput], list[str | None] | None, set[str]]
_FORK = multiprocessing.get_context("fork")


def reference_root() -> Path:
    # find_spec of a top-level package does not import it: the parent never
    # imports the reference, so that every child imports its own copy.
    spec = importlib.util.find_spec("codex_reference")
    assert spec is not None and spec.origin is not None, "codex_reference is not installed"
    return Path(spec.origin).parent


def snapshot(into: Path) -> Path:
    """A copy of the reference package in ``into``: every child imports it (put first on sys.path),
    so that edits made to the tree during the run cannot mix two versions in one run."""
    root = into / "codex_reference"
    shutil.copytree(reference_root(), root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def area_of(module: str) -> str:
    top = Path(module).parts[0]
    return top if top in AREA_PACKAGES else SHARED


@dataclass
class Baseline:
    """The unmutated reference on every case: what passes, how long it takes, which lines it runs."""

    passing: list[int]  # indices into the cases
    seconds: dict[int, float]
    lines: dict[str, dict[int, set[int]]]  # module -> line -> indices of the cases that ran it
    failing: list[str]  # ids of cases the unmutated reference does not pass (left out)
    # ids of cases whose op the reference does not declare (session.run: a client's
    # conversation, which only a release or a port with a client answers): left out too
    not_applicable: list[str] = field(default_factory=list)


@dataclass
class Verdict:
    status: str  # killed, timeout, undeclared, survived, equivalent, invalid-args, not-modelled, invalid
    detail: str = ""  # the killing case and why, the import error, or the reason for equivalence
    seconds: float = 0.0


@dataclass
class Result:
    site: Site
    area: str
    areas_run: list[str]
    reached_by: int  # cases that ran the line unmutated (for an import-time site: any line of the module)
    verdict: Verdict
    original: str = ""
    mutated: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


# --- the child: one fresh import of the reference, one run of some cases ------------------


class _MutatedLoader(importlib.machinery.SourceFileLoader):
    """The module's own file and package, but the code compiled from the mutated tree."""

    def __init__(self, fullname: str, path: str, code: CodeType) -> None:
        super().__init__(fullname, path)
        self._code = code

    def get_code(self, fullname: str) -> CodeType:
        return self._code


class _MutatedFinder(importlib.abc.MetaPathFinder):
    def __init__(self, name: str, code: CodeType) -> None:
        self._name, self._code = name, code

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self._name:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None:
            return None
        spec.loader = _MutatedLoader(fullname, spec.origin, self._code)
        return spec


def _run_child(
    out: Pipe,
    root: Path,
    cases: list[Case],
    order: list[int],
    mutant: tuple[str, CodeType] | None,
    *,
    trace: bool,
    probe: Probe | None = None,
) -> None:
    """Import the reference at ``root`` (with ``mutant`` = (module name, code) in place) and run
    ``order``'s cases."""
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)  # a mutant's prints and tracebacks; the parent reports what matters
    sys.path.insert(0, str(root.parent))
    if mutant is not None:
        sys.meta_path.insert(0, _MutatedFinder(*mutant))
    try:
        from codex_reference.adapter import handle
    except BaseException as exc:
        out.send(("invalid", f"import failed: {type(exc).__name__}: {exc}"[:300]))
        return
    if trace:
        out.send(("traced", _traced_run(handle, root, cases, order)))
        return
    if probe is not None:
        items, expected, areas = probe
        if expected is None:
            out.send(("answers", mutation_probe.stable_answers(handle, items)))
        else:
            out.send(("probed", mutation_probe.first_difference(handle, items, expected, areas)))
        return
    undeclared = ""
    with InProcessConnection(handle, timeout=None) as connection:
        hello = connection.hello()
        # A run refuses to start on a hello declaring an op or edition the kit does not
        # know (a renamed op): that fails certification, as a failing case does.
        refused = unknown_declaration(hello, list(EDITIONS), _known_ops(cases))
        if refused is not None:
            out.send(("killed", f"hello refused: {refused}"[:300]))
            return
        for index in order:
            outcome = run_case(connection, hello, cases[index])
            if outcome.status in PROBLEM_STATUSES:
                out.send(("killed", f"{outcome.id}: {outcome.status.value}: {outcome.reason}"[:300]))
                return
            if outcome.status is Status.NOT_APPLICABLE and not undeclared:
                undeclared = f"{outcome.id}: {outcome.reason}"[:300]
    out.send(("undeclared", undeclared) if undeclared else ("survived", ""))


def _known_ops(cases: list[Case]) -> set[str]:
    """The ops a run knows (session.py): every area's, and every case's."""
    return {op for area in discover().values() for op in area.ops} | {case.op for case in cases}


def _traced_run(
    handle: Callable[[Any], dict[str, Any]], root: Path, cases: list[Case], order: list[int]
) -> tuple[dict[int, str], dict[int, float], dict[str, dict[int, list[int]]]]:
    """Every case once with a line tracer on the reference's files: statuses, times, lines run."""
    prefix = str(root) + os.sep
    statuses: dict[int, str] = {}
    seconds: dict[int, float] = {}
    lines: dict[str, dict[int, list[int]]] = {}
    current: set[tuple[str, int]] = set()

    def on_line(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            current.add((frame.f_code.co_filename, frame.f_lineno))
        return on_line

    def on_call(frame: FrameType, event: str, arg: object) -> Any:
        return on_line if frame.f_code.co_filename.startswith(prefix) else None

    with InProcessConnection(handle, timeout=None) as connection:
        hello = connection.hello()
        for index in order:
            current.clear()
            started = time.perf_counter()
            sys.settrace(on_call)
            try:
                outcome = run_case(connection, hello, cases[index])
            finally:
                sys.settrace(None)
            seconds[index] = time.perf_counter() - started
            statuses[index] = outcome.status.value
            for filename, line in current:
                lines.setdefault(filename[len(prefix) :], {}).setdefault(line, []).append(index)
    return statuses, seconds, lines


def run_in_child(
    root: Path,
    cases: list[Case],
    order: list[int],
    mutant: tuple[str, CodeType] | None,
    *,
    timeout: float,
    trace: bool = False,
    probe: Probe | None = None,
) -> tuple[str, Any]:
    """(kind, payload) from a forked child; ("timeout", "") if it overran, ("killed", why) if it died."""
    receive, send = _FORK.Pipe(duplex=False)
    child = _FORK.Process(
        target=_run_child,
        args=(send, root, cases, order, mutant),
        kwargs={"trace": trace, "probe": probe},
        daemon=True,
    )
    child.start()
    send.close()
    try:
        if not receive.poll(timeout):
            return "timeout", f"still running after {timeout:.0f} s"
        try:
            answer: tuple[str, Any] = receive.recv()
        except EOFError:
            child.join(5)
            return "killed", f"the process died (exit code {child.exitcode})"
        return answer
    finally:
        receive.close()
        if child.is_alive():
            child.kill()
        child.join()


# --- the parent ---------------------------------------------------------------------------


def baseline(root: Path, cases: list[Case]) -> Baseline:
    """One traced run of every case on the unmutated reference (a line tracer makes it slower,
    so the times are scaled by one untraced run of the whole suite)."""
    everything = list(range(len(cases)))
    started = time.perf_counter()
    kind, _ = run_in_child(root, cases, everything, None, timeout=600)
    untraced = time.perf_counter() - started
    kind, payload = run_in_child(root, cases, everything, None, timeout=3600, trace=True)
    if kind != "traced":
        raise SystemExit(f"the unmutated reference did not run: {kind} {payload}")
    statuses, traced_seconds, raw_lines = payload
    scale = untraced / max(sum(traced_seconds.values()), 1e-9)
    return Baseline(
        passing=[index for index in everything if statuses[index] == Status.PASS.value],
        seconds={index: seconds * scale for index, seconds in traced_seconds.items()},
        lines={
            module: {line: set(indices) for line, indices in by_line.items()}
            for module, by_line in raw_lines.items()
        },
        failing=[
            cases[index].id
            for index in everything
            if statuses[index] not in (Status.PASS.value, Status.NOT_APPLICABLE.value)
        ],
        not_applicable=[
            cases[index].id for index in everything if statuses[index] == Status.NOT_APPLICABLE.value
        ],
    )


def plan(site: Site, cases: list[Case], base: Baseline) -> tuple[list[int], list[str], int]:
    """The cases to run for ``site`` (those that run its lines first), their areas, how many run its lines."""
    by_line = base.lines.get(site.module, {})
    if site.at_import:
        # Runs once on import: every case that uses the module depends on it.
        span = range(min(by_line, default=0), max(by_line, default=-1) + 1)
    else:
        span = range(site.line, site.end_line + 1)
    reaching = set().union(*(by_line.get(line, set()) for line in span))
    reaching &= set(base.passing)
    own = area_of(site.module)
    areas = {case.area for case in cases} if own == SHARED else {own}
    areas |= {cases[index].area for index in reaching}
    order = sorted(reaching) + [
        index for index in base.passing if index not in reaching and cases[index].area in areas
    ]
    return order, sorted(areas), len(reaching)


def load_equivalent(path: Path) -> dict[str, dict[str, str]]:
    if not path.exists():
        return {}
    raw: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return raw


def judge(
    site: Site,
    cases: list[Case],
    base: Baseline,
    root: Path,
    equivalent: dict[str, dict[str, str]],
    *,
    probe: tuple[list[ProbeInput], list[str | None]] | None = None,
) -> Result:
    order, areas, reached_by = plan(site, cases, base)
    original, mutated = mutation_sites.shown_lines(root, site)
    result = Result(site, area_of(site.module), areas, reached_by, Verdict("invalid"), original, mutated)
    started = time.perf_counter()
    try:
        code = mutation_sites.mutated_code(root, site)
    except (SyntaxError, ValueError) as exc:
        result.verdict = Verdict("invalid", f"does not compile: {exc}")
        return result
    expected = sum(base.seconds.get(index, 0.0) for index in order)
    timeout = TIMEOUT_BASE + TIMEOUT_FACTOR * expected
    kind, detail = run_in_child(
        root, cases, order, (mutation_sites.module_name(site.module), code), timeout=timeout
    )
    result.verdict = Verdict(kind, detail, round(time.perf_counter() - started, 2))
    listed = equivalent.get(site.id)
    if kind == "survived" and listed is None and _only_not_modelled(site, original):
        result.verdict = Verdict("not-modelled", NOT_MODELLED_REASON, result.verdict.seconds)
    elif kind == "survived" and listed is None and site.operator == "drop" and site.guards_invalid_args:
        result.verdict = Verdict("invalid-args", ARGS_CHECK_DROPPED_REASON, result.verdict.seconds)
    elif kind in ("survived",) and listed is not None:
        if listed.get("source", "").strip() == original.strip():
            kind_listed = listed.get("kind", "")
            status = kind_listed if kind_listed in ("invalid-args", "not-modelled") else "equivalent"
            detail = listed["reason"] + (f" (killed by {listed['test']})" if "test" in listed else "")
            result.verdict = Verdict(status, detail, result.verdict.seconds)
        else:
            result.extra["stale_equivalent"] = listed.get("source", "")
    elif kind in ("killed", "timeout") and listed is not None:
        result.extra["listed_equivalent_but_killed"] = True
    if result.verdict.status in ("survived", "undeclared") and probe is not None:
        probe_items, answers = probe
        found_kind, found = run_in_child(
            root, cases, [], (mutation_sites.module_name(site.module), code), timeout=PROBE_TIMEOUT,
            probe=(probe_items, answers, set(areas_of_reach(site, result))),
        )  # fmt: skip
        if found_kind == "probed" and found is not None:
            result.extra["told_apart_by"] = found
        elif found_kind != "probed":
            result.extra["probe_failed"] = f"{found_kind}: {found}"[:200]
    return result


def areas_of_reach(site: Site, result: Result) -> list[str]:
    """The areas whose generated inputs a survivor meets: its own, or for a shared module those
    whose cases reach the line."""
    own = area_of(site.module)
    return result.areas_run if own == SHARED else [own]


ARGS_CHECK_DROPPED_REASON = (
    "drops a check that refuses the args themselves (InvalidArgs, UnknownEdition): only args no "
    "release can be given are answered otherwise (reference/tests/test_invalid_args.py tests them)"
)
NOT_MODELLED_REASON = (
    "changes only a `raise NotModelled(...)`, drops the `if` that only raises it, or changes a key "
    "given as `declined=`: it changes "
    "only answers to inputs the reference does not model (answered unsupported), which no case holds"
)


def _only_not_modelled(site: Site, original: str) -> bool:
    """Whether the mutant drops a ``raise NotModelled(...)`` statement or changes its message,
    drops an ``if`` that only raises it, or changes a key given as ``declined=``."""
    if site.operator in ("drop", "str") and site.guards_not_modelled:
        return True
    return site.operator in ("drop", "str") and original.strip().startswith("raise NotModelled(")


# --- the report ---------------------------------------------------------------------------

_COLUMNS = (
    "killed", "timeout", "undeclared", "survived", "equivalent", "invalid-args", "not-modelled", "invalid",
)  # fmt: skip


def rates(results: list[Result]) -> dict[str, Any]:
    counts = Counter(result.verdict.status for result in results)
    killed = counts["killed"] + counts["timeout"]
    valid = len(results) - counts["invalid"]
    meaningful = valid - counts["equivalent"] - counts["invalid-args"] - counts["not-modelled"]
    return {
        "mutants": len(results),
        **{column: counts[column] for column in _COLUMNS},
        "killed_of_valid": killed / valid if valid else None,
        "killed_of_non_equivalent": killed / meaningful if meaningful else None,
    }


def _percent(value: float | None) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def print_report(results: list[Result], header: str) -> None:
    print(header)
    print(
        f"{'area':<13}{'mutants':>8}{'killed':>8}{'timeout':>8}{'undecl':>8}"
        f"{'survived':>9}{'equiv':>7}{'args':>6}{'n/m':>5}{'invalid':>8}   kill rate (non-equiv / all valid)"
    )
    areas = sorted({result.area for result in results})
    groups = [(area, [r for r in results if r.area == area]) for area in areas]
    for name, group in [*groups, ("all", results)]:
        row = rates(group)
        print(
            f"{name:<13}{row['mutants']:>8}{row['killed']:>8}{row['timeout']:>8}{row['undeclared']:>8}"
            f"{row['survived']:>9}{row['equivalent']:>7}{row['invalid-args']:>6}{row['not-modelled']:>5}"
            f"{row['invalid']:>8}   "
            f"{_percent(row['killed_of_non_equivalent'])} / {_percent(row['killed_of_valid'])}"
        )
    sections = [
        ("Survivors", "survived"),
        ("Survivors by leaving an op or edition out of hello (cases not applicable)", "undeclared"),
    ]
    for title, status in sections:
        chosen = [result for result in results if result.verdict.status == status]
        if chosen:
            print(f"\n{title} ({len(chosen)}):")
        for result in sorted(chosen, key=lambda r: (r.area, r.site.module, r.site.line)):
            _print_site(result)
    for status, title in (
        ("equivalent", f"Equivalent, by the judgement in {EQUIVALENT_FILE.name}"),
        ("invalid-args", "Out of the cases' reach: invalid-args checks (args no release can be given)"),
        ("not-modelled", "Out of the cases' reach: what the reference does on inputs it does not model"),
    ):
        chosen = [result for result in results if result.verdict.status == status]
        if chosen:
            print(f"\n{title} ({len(chosen)}):")
        for result in sorted(chosen, key=lambda r: r.site.id):
            print(f"  {result.site.id}\n      {result.verdict.detail}")
    for key, what in (
        (
            "stale_equivalent",
            "listed as equivalent for a line that has changed since"
            " (re-judge; rekey_judgements.py moves one whose line only moved)",
        ),
        ("listed_equivalent_but_killed", "listed as equivalent but killed (remove the entry)"),
    ):
        named = [result.site.id for result in results if key in result.extra]
        if named:
            print(f"\n{what}:\n  " + "\n  ".join(named))


def _print_site(result: Result) -> None:
    site = result.site
    reach = f"run by {result.reached_by} case(s)" if result.reached_by else "run by no case"
    when = "on import, " if site.at_import else ""
    areas = ", ".join(result.areas_run)
    print(f"  {site.module}:{site.line}  {site.operator}  ({when}{reach}; areas run: {areas})")
    print(f"      id: {site.id}")
    for sign, text in (("-", result.original), ("+", result.mutated)):
        lines = text.strip().splitlines()
        shown = lines[0][:160] + (f"  (… {len(lines) - 1} more lines)" if len(lines) > 1 else "")
        print(f"    {sign} {shown}")
    if result.verdict.detail:
        print(f"      {result.verdict.detail[:200]}")
    found = result.extra.get("told_apart_by")
    if found is not None:
        shown = json.dumps(found["args"], ensure_ascii=False)
        print(f"      told apart by a generated {found['op']} input: {shown[:400]}")
        print(f"        reference: {found['reference'][:200]}")
        print(f"        mutant:    {found['mutant'][:200]}")
    if "probe_failed" in result.extra:
        print(f"      the probe did not finish: {result.extra['probe_failed']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=250)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="write every mutant and verdict here")
    parser.add_argument(
        "--module",
        action="append",
        default=[],
        metavar="PREFIX",
        help="every site of the reference modules whose path starts with PREFIX (e.g. rustlib/image_), "
        "instead of --count sampled ones",
    )
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        metavar="ID",
        help="only the mutant with this id (as the report prints it, e.g. "
        "apply_patch/applier.py:177:21:int:-1); repeatable, instead of --count",
    )
    parser.add_argument("--equivalent", type=Path, default=EQUIVALENT_FILE)
    parser.add_argument(
        "--probe",
        type=int,
        default=0,
        metavar="N",
        help="send each survivor N generated inputs per explorer and edition; show one telling it apart",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mutate-reference-") as temporary:
        return _run(args, snapshot(Path(temporary)))


def import_the_kit() -> None:
    """Import every module of the kit now, in the parent.  A child imports what
    a case needs lazily, from the working tree: edited during a run (a merge), it
    mixed two versions, and the import errors were counted as kills.  Loaded
    here, every forked child shares this one version (the reference is
    snapshotted for the same reason).  Some kit modules (broken adapters,
    explorers' answers) import the reference: it is dropped again, so that each
    child imports its own copy, from the snapshot, with its mutant in place;
    the modules that hold the dropped copy are none a case runs."""
    import codex_conformance

    for module in pkgutil.walk_packages(codex_conformance.__path__, "codex_conformance."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    for name in [name for name in sys.modules if name.split(".")[0] == "codex_reference"]:
        del sys.modules[name]


def named_sites(root: Path, wanted: list[str]) -> list[mutation_sites.Site]:
    """The sites the ids name; an id that names none is a usage error (the line moved, or a typo)."""
    modules = sorted({identifier.split(":", 1)[0] for identifier in wanted})
    by_id = {site.id: site for site in mutation_sites.every(root, modules)}
    unknown = [identifier for identifier in wanted if identifier not in by_id]
    if unknown:
        raise SystemExit(f"no mutant has the id {', '.join(unknown)} (a run with --module prints the ids)")
    return [by_id[identifier] for identifier in wanted]


def _run(args: argparse.Namespace, root: Path) -> int:
    started = time.perf_counter()
    import_the_kit()
    cases = load_cases(fixtures_dir())
    if args.site:
        sites = named_sites(root, args.site)
    elif args.module:
        sites = mutation_sites.every(root, args.module)
    else:
        sites = mutation_sites.sample(root, args.count, args.seed)
    print(f"{len(sites)} mutants, {len(cases)} cases; unmutated run (traced)…", file=sys.stderr)
    base = baseline(root, cases)
    cases_by_id = {case.id: case for case in cases}
    if base.failing:
        print(f"left out, the unmutated reference does not pass them: {base.failing}", file=sys.stderr)
    if base.not_applicable:
        print(
            f"left out, the reference does not declare their op: {len(base.not_applicable)} cases "
            f"({', '.join(sorted({cases_by_id[name].op for name in base.not_applicable}))})",
            file=sys.stderr,
        )
    equivalent = load_equivalent(args.equivalent)
    probe = None
    if args.probe > 0:
        items = mutation_probe.probe_inputs(args.probe, args.seed)
        kind, answers = run_in_child(root, cases, [], None, timeout=3600, probe=(items, None, set()))
        if kind != "answers":
            raise SystemExit(f"the unmutated reference did not answer the generated inputs: {kind} {answers}")
        probe = (items, answers)
        print(f"{len(items)} generated inputs for the survivors", file=sys.stderr)
    results: list[Result] = []
    for number, site in enumerate(sites, start=1):
        result = judge(site, cases, base, root, equivalent, probe=probe)
        results.append(result)
        verdict = result.verdict
        print(
            f"[{number:>4}/{len(sites)}] {verdict.status:<11} {verdict.seconds:6.1f} s  {site.id}",
            file=sys.stderr,
        )
    seconds = time.perf_counter() - started
    header = (
        f"Mutation run over codex_reference: {len(results)} mutants (seed {args.seed}), "
        f"{len(base.passing)} cases the unmutated reference passes, {seconds / 60:.1f} min"
    )
    print_report(results, header)
    if args.json is not None:
        areas = sorted({result.area for result in results})
        document = {
            "seed": args.seed,
            "count": args.count,
            "cases": len(base.passing),
            "seconds": round(seconds, 1),
            "areas": {area: rates([r for r in results if r.area == area]) for area in areas},
            "overall": rates(results),
            "mutants": [
                {"id": result.site.id, **asdict(result), "site": asdict(result.site)} for result in results
            ],
        }
        args.json.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
