"""Property checks in the conformance run: they catch subtle ports, shrink, and keep outcomes apart."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no stubs in the project's lint extra
import pytest

from codex_conformance import schemas
from codex_conformance.areas import property_sets, select_properties
from codex_conformance.connection import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.properties import PropertyRunner
from codex_conformance.session import ConformanceSession, SessionOptions
from codex_reference.adapter import handle as reference

PROPERTY_SETS = property_sets()

OFF_BY_ONE_ID = "property/mcp.tools_to_responses/0.25.0/differential"


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-p", "no:cacheprovider", *args)


def counterexample_request(output: str) -> dict[str, Any]:
    lines = output.splitlines()
    at = lines.index("counterexample (adapter request):")
    request: dict[str, Any] = json.loads(lines[at + 1])
    return request


def test_off_by_one_length_limit_is_caught_with_a_shrunk_counterexample(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=tests.property_adapters:length_off_by_one", "-k", OFF_BY_ONE_ID)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            f"FAIL {OFF_BY_ONE_ID}: $.tools?0?.name: expected * (counterexample shrunk by Hypothesis;*",
            "clauses: PROP-DIFF-1",
            "reference response:",
            "implementation response:",
            "--- expected",
        ]
    )
    request = counterexample_request(result.stdout.str())
    assert request["op"] == "mcp.tools_to_responses"
    # Shrunk: one server, one tool, and the qualified name exactly on the 64-byte limit.
    (server,) = request["args"]["servers"]
    (tool,) = server["tools"]
    assert len(f"{server['name']}__{tool['name']}".encode()) == 64
    # Ready to paste: the reference answers it, and differently from the port.
    from tests.property_adapters import length_off_by_one

    assert reference(request) != length_off_by_one(request)


def test_integer_kept_in_classic_schemas_fails_differential_and_invariant(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    session = ConformanceSession(
        SessionOptions(
            impl="tests.property_adapters:integer_kept_classic", editions=["0.25.0"], report=report_path
        )
    )
    session.start()
    try:
        for prop in session.properties:
            if prop.op == "schema.sanitize":
                session.run(prop)
        report = session.report()
        session.write_report(report)
    finally:
        session.close()
    by_id = {outcome.id: outcome for outcome in report.outcomes}
    differential = by_id["property/schema.sanitize/0.25.0/differential"]
    assert differential.status is Status.FAIL
    assert differential.kind == "property"
    assert differential.counterexample is not None
    assert '"integer"' in json.dumps(differential.counterexample.request)
    assert by_id["property/schema.sanitize/0.25.0/number-types"].status is Status.FAIL
    assert by_id["property/schema.sanitize/0.25.0/shape"].status is Status.PASS
    assert not report.ok
    raw = json.loads(report_path.read_text(encoding="utf-8"))
    jsonschema.validate(raw, schemas.schema("report.schema.json"))
    markdown = report_path.with_suffix(".md").read_text(encoding="utf-8")
    assert "## Property counterexamples" in markdown
    assert "property checks: up to 100 generated examples each" in markdown


def test_counterexamples_are_reproducible() -> None:
    """derandomize=True: the same run gives the same shrunk counterexample."""
    from tests.property_adapters import integer_kept_classic

    (prop,) = [p for p in select_properties({("schema.sanitize", "0.25.0")}) if p.name == "differential"]
    found = []
    for _ in range(2):
        runner = PropertyRunner(InProcessConnection(integer_kept_classic), InProcessConnection(reference))
        found.append(runner.run(prop, None).counterexample)
    assert found[0] is not None and found[0] == found[1]


def test_reference_over_the_subprocess_transport_passes_the_differential(
    pytester: pytest.Pytester, child_env: None
) -> None:
    impl = f"--impl=cmd:{sys.executable} -m codex_conformance serve reference"
    result = run(pytester, impl, "-k", "property/ and differential", "-v")
    # One differential a property set: MCP, schema and apply_patch in each edition that has
    # them, over the kit's strategy and the explorer's.
    result.assert_outcomes(passed=len(PROPERTY_SETS))
    result.stdout.fnmatch_lines([f"{OFF_BY_ONE_ID} PASSED*"])


def test_reference_in_process_marks_the_differential_not_applicable(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=reference", "-k", "property/", "-rs", "--conformance-examples=5")
    # Every invariant of every set is checked; each set's differential is not applicable.
    invariants = sum(len(group.invariants) for group in PROPERTY_SETS)
    result.assert_outcomes(passed=invariants, skipped=len(PROPERTY_SETS))
    result.stdout.fnmatch_lines(["*not applicable: *comparing it with itself proves nothing*"])


def test_zero_examples_disables_property_items_visibly(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=reference", "--conformance-examples=0", "--collect-only", "-q")
    result.stdout.no_fnmatch_line("property/*")
    result = run(pytester, "--impl=reference", "--conformance-examples=0", "-k", "basic-one-tool")
    result.stdout.fnmatch_lines(["property checks: disabled (--conformance-examples=0)"])


def test_negative_examples_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=reference", "--conformance-examples=-1")
    result.stderr.fnmatch_lines(["*--conformance-examples must be 0 or more*"])


def test_a_crash_during_a_property_is_an_error_not_a_fail() -> None:
    from tests.property_adapters import crashes_on_two_servers

    runner = PropertyRunner(InProcessConnection(crashes_on_two_servers), InProcessConnection(reference))
    for prop in select_properties({("mcp.tools_to_responses", "0.169.0")}):
        outcome = runner.run(prop, None)
        assert outcome.status is Status.ERROR, (prop.id, outcome.reason)
        assert "implementation failed on a generated input" in outcome.reason
        assert outcome.counterexample is not None  # the request it crashed on


def test_unsupported_during_a_property_is_unsupported_never_not_applicable() -> None:
    # The op is declared: declining a generated input would otherwise hide what it gets wrong.
    from tests.property_adapters import declines_schemas

    runner = PropertyRunner(InProcessConnection(declines_schemas), InProcessConnection(reference))
    for prop in select_properties({("schema.sanitize", "0.169.0")}):
        outcome = runner.run(prop, None)
        assert outcome.status is Status.UNSUPPORTED
        assert outcome.is_unexpected_problem
        assert outcome.reason.endswith("answered unsupported to a declared op: schemas are not ported yet")
        assert outcome.counterexample is not None  # the request it declined


def test_property_ids_are_stable_and_unique() -> None:
    ids = [prop.id for group in PROPERTY_SETS for prop in group.properties()]
    assert len(ids) == len(set(ids))
    assert OFF_BY_ONE_ID in ids
    assert "property/mcp.tools_to_responses/0.25.0/name-length" in ids
    name_length = next(
        p for g in PROPERTY_SETS for p in g.properties() if p.id.endswith("0.25.0/name-length")
    )
    assert name_length.clauses == ("MCP-NAME-2",)
