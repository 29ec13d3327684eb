"""What an area's ``capture.py`` builds its cases with: a captured case from a release run.

The expected value is always what the release answered; the reference model
is never asked.  Provenance names the release and the command that
re-creates the case.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from typing import Any, TypeVar

from codex_conformance.cases import Case
from codex_conformance.credentials import redact_case
from codex_workshop.areas.scenarios import OpScenario, Scenario
from codex_workshop.drive.errors import ReleaseRejectedError

S = TypeVar("S", bound=Scenario)


def capture_command(area: str, version: str, slug: str) -> str:
    return f"codex-conformance capture {area} --edition {version} --only {slug}"


def wanted(slug: str, version: str, editions: list[str] | None, only: set[str] | None) -> bool:
    return (editions is None or version in editions) and (not only or slug in only)


def captured_case(
    area: str,
    version: str,
    scenario: Any,
    *,
    op: str,
    args: dict[str, Any],
    run: Callable[[], dict[str, Any]],
    repeat: int = 1,
    compare: str = "json-exact",
) -> Case:
    """A case whose expected value is what ``run`` (a real release) answers now.

    With ``repeat`` > 1 the release is run that many times: where it gives
    more than one result, the case expects any one of those it gave
    (``any_of``, ordered by their JSON text so a recapture writes the same
    file).  A rejection in any run is the expected value, as with one run.
    ``compare`` is ``json-pattern`` where the expected value holds patterns
    for what the release makes up per run (ids, durations).  Credentials are
    redacted before the case exists (codex_conformance.credentials).
    """
    expected: dict[str, Any]
    try:
        results = {_canonical(result): result for result in (run() for _ in range(repeat))}
    except ReleaseRejectedError as rejected:
        expected = {"error": {"kind": rejected.kind, "message": rejected.message}}
    else:
        if len(results) == 1:
            expected = {"result": next(iter(results.values()))}
        else:
            expected = {"any_of": [{"result": results[text]} for text in sorted(results)]}
    # Nothing a release read from this machine's environment reaches a fixture.
    args, expected = redact_case(args, expected)
    return Case.model_validate(
        {
            "id": f"{area}/{version}/{scenario.slug}",
            "edition": version,
            "op": op,
            "args": args,
            "expected": expected,
            "compare": compare,
            "clauses": scenario.clauses,
            "description": scenario.description,
            "provenance": {
                "kind": "captured",
                "release": version,
                "command": capture_command(area, version, scenario.slug),
            },
        }
    )


def _canonical(result: dict[str, Any]) -> str:
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


def wanted_scenarios(scenarios: Iterable[S], version: str, only: set[str] | None) -> Iterator[S]:
    """The scenarios to capture for ``version`` (``only``: these slugs)."""
    return (scenario for scenario in scenarios if wanted(scenario.slug, version, scenario.editions, only))


def release_cases(
    area: str,
    op: str,
    version: str,
    scenarios: Iterable[S],
    only: set[str] | None,
    *,
    args_of: Callable[[S], dict[str, Any]],
    run: Callable[[str, dict[str, Any]], dict[str, Any]],
    repeat_of: Callable[[S], int] = lambda _scenario: 1,
) -> Iterator[Case]:
    """A case per wanted scenario: its args (edition first) and what ``run``, a release op, answers."""
    for scenario in wanted_scenarios(scenarios, version, only):
        args = {"edition": version, **args_of(scenario)}
        yield captured_case(
            area,
            version,
            scenario,
            op=op,
            args=args,
            run=partial(run, version, args),
            repeat=repeat_of(scenario),
        )


def patterned_case(  # noqa: PLR0917 - where, what, then how
    area: str,
    version: str,
    scenario: Scenario,
    op: str,
    args: dict[str, Any],
    run: Callable[[str, dict[str, Any]], dict[str, Any]],
    patterns: Callable[[dict[str, Any]], dict[str, Any]] | None,
) -> Case:
    """A captured case; ``patterns`` turns what the release makes up per run into patterns of its form."""
    if patterns is None:
        return captured_case(area, version, scenario, op=op, args=args, run=partial(run, version, args))
    return captured_case(
        area,
        version,
        scenario,
        op=op,
        args=args,
        run=lambda: patterns(run(version, args)),
        compare="json-pattern",
    )


def op_cases(
    area: str,
    scenarios: Iterable[OpScenario],
    version: str,
    only: set[str] | None,
    *,
    ops: Mapping[str, Callable[[str, dict[str, Any]], dict[str, Any]]],
    patterns: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]],
) -> Iterator[Case]:
    """A case per wanted scenario, answered by ``ops[op]``, the release op of the op it names;
    ``patterns``: for the ops whose answers hold what the release makes up per run."""
    for scenario in wanted_scenarios(scenarios, version, only):
        op = scenario.op
        yield patterned_case(area, version, scenario, op, scenario.args(version), ops[op], patterns.get(op))


def observed_case(  # noqa: PLR0917 - where, what, then the answer
    area: str, version: str, scenario: Scenario, op: str, args: dict[str, Any], expected: dict[str, Any]
) -> Case:
    """A captured case whose expected result the capture already took from the release and made
    patterns of what the release makes up per run (its args may carry what that run observed)."""
    return captured_case(
        area, version, scenario, op=op, args=args, run=lambda: expected, compare="json-pattern"
    )
