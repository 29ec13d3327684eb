"""The published schemas equal the code's, and real messages validate against them."""

from __future__ import annotations

import json

import fake_adapters
import jsonschema  # type: ignore[import-untyped]  # no stubs in the project's lint extra
import pytest
from conftest import DEMO_FIXTURES

from codex_conformance import paths, schemas
from codex_conformance.report import Report
from codex_conformance.session import ConformanceSession, SessionOptions


def test_committed_schemas_equal_the_generated_ones() -> None:
    stale = schemas.stale(paths.spec_dir() / "schemas")
    assert stale == [], "run 'codex-conformance schemas --write' and commit spec/schemas/"


@pytest.mark.parametrize("name", sorted(schemas.generate()))
def test_each_schema_is_a_valid_draft_2020_12_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schemas.schema(name))


def test_demo_fixture_files_validate_against_the_fixture_schema() -> None:
    validator = jsonschema.Draft202012Validator(schemas.schema("fixture-file.schema.json"))
    for path in DEMO_FIXTURES.rglob("*.json"):
        validator.validate(json.loads(path.read_text(encoding="utf-8")))


def test_fake_adapter_messages_validate_against_the_protocol_schemas() -> None:
    request = {"id": 1, "op": "demo.echo", "args": {"value": 1}}
    jsonschema.validate(request, schemas.schema("request.schema.json"))
    response_schema = schemas.schema("response.schema.json")
    for op, args in [("demo.echo", {"value": 1}), ("demo.reject", {}), ("demo.maybe", {"feature": "x"})]:
        jsonschema.validate(fake_adapters.correct({"op": op, "args": args}), response_schema)
    hello = fake_adapters.correct({"op": "hello", "args": {}})["result"]
    jsonschema.validate(hello, schemas.schema("hello.schema.json"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"result": {}, "error": {"kind": "x", "message": ""}}, response_schema)


def run_report(adapter: str) -> Report:
    session = ConformanceSession(SessionOptions(impl=f"fake_adapters:{adapter}", fixtures_dir=DEMO_FIXTURES))
    session.start()
    for case in session.cases:
        session.run(case)
    session.close()
    return session.report()


@pytest.mark.parametrize("adapter", ["correct", "wrong_bytes", "raises"])
def test_reports_validate_against_the_published_report_schema(adapter: str) -> None:
    report = json.loads(run_report(adapter).model_dump_json())
    jsonschema.validate(report, schemas.schema("report.schema.json"))


def test_report_totals_are_per_op_and_edition_in_release_order() -> None:
    report = run_report("wrong_bytes")
    cells = [(cell.op, cell.edition, cell.failed, cell.not_applicable) for cell in report.totals]
    assert cells[:3] == [
        ("demo.bag", "0.169.0", 1, 0),
        ("demo.echo", "0.25.0", 1, 0),
        ("demo.echo", "0.169.0", 1, 0),
    ]
    assert report.ok is False
    assert report.implementation.name == "fake"
