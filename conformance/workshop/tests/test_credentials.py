"""Credentials: redacted before a capture is written, and none that looks live in fixtures/ or docs/."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex_conformance import credentials
from codex_conformance.editions import EDITIONS
from codex_conformance.paths import fixtures_dir

# Shaped like live credentials, made up here (built by concatenation so this file is not a finding).
LIVE = {
    "openai-key": "sk-" + "proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z",
    "github-token": "ghp" + "_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "jwt": "eyJ"
    + "hbGciOiJIUzI1NiJ9.eyJ"
    + "zdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "aws-access-key": "AKIA" + "IOSFODNN7EXAMPLE",
}


@pytest.mark.parametrize("kind", sorted(LIVE))
def test_token_shapes_are_redacted_anywhere(kind: str) -> None:
    text = f"prefix {LIVE[kind]} suffix"
    assert credentials.redact_text(text) == f"prefix <redacted:{kind}> suffix"


@pytest.mark.parametrize("placeholder", ["sk-conformance", "Bearer sk-conformance", "sk-test", "eyJhbGciOi"])
def test_placeholders_are_not_live(placeholder: str) -> None:
    assert credentials.redact_text(placeholder) == placeholder


def test_sensitive_headers_not_given_by_the_case_are_redacted() -> None:
    args = {"provider": {"http_headers": {"Authorization": "Bearer override"}}, "env": {"K": "from-case"}}
    expected = {
        "result": {
            "headers": [
                ["authorization", "Bearer override"],
                ["x-api-key", "machine-secret"],
                ["cookie", "session=abc"],
                ["x-session-token", "from-case"],
                ["openai-beta", "responses=experimental"],
                ["authorization", "Bearer sk-conformance"],
            ]
        }
    }
    _, redacted = credentials.redact_case(args, expected)
    assert redacted["result"]["headers"] == [
        ["authorization", "Bearer override"],
        ["x-api-key", "<redacted>"],
        ["cookie", "<redacted>"],
        ["x-session-token", "from-case"],
        ["openai-beta", "responses=experimental"],
        ["authorization", "Bearer sk-conformance"],
    ]


def test_header_objects_and_token_shapes_in_args_are_redacted() -> None:
    args = {"prompt": f"use {LIVE['openai-key']}"}
    expected = {"result": {"headers": {"Authorization": "Bearer " + LIVE["github-token"]}}}
    redacted_args, redacted = credentials.redact_case(args, expected)
    assert redacted_args == {"prompt": "use <redacted:openai-key>"}
    assert redacted == {"result": {"headers": {"Authorization": "<redacted>"}}}


def test_a_captured_case_is_redacted_before_it_exists() -> None:
    from types import SimpleNamespace

    from codex_workshop.areas.capturing import captured_case

    version = next(iter(EDITIONS))
    scenario = SimpleNamespace(slug="s", clauses=["REQ-X-1"], description="d")
    case = captured_case(
        "request",
        version,
        scenario,
        op="request.build",
        args={"edition": version},
        run=lambda: {"headers": [["authorization", "Bearer " + LIVE["openai-key"]]]},
    )
    assert case.expected.model_dump(exclude_none=True) == {
        "result": {"headers": [["authorization", "<redacted>"]]}
    }


def test_the_scanner_finds_what_redaction_removes(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "page.md").write_text(f"line one\nkey: {LIVE['aws-access-key']}\n", encoding="utf-8")
    fixture = tmp_path / "docs" / "case.json"
    fixture.write_text(
        '{"cases": [{"id": "a/v/x", "args": {}, "expected": {"result": {"headers": [["cookie", "s=1"]]}}}]}',
        encoding="utf-8",
    )
    found = [str(finding) for finding in credentials.scan([tmp_path / "docs"])]
    assert found == [
        "docs/case.json a/v/x: header 'cookie' holds a value the case does not give",
        "docs/page.md:2: looks like a live credential (aws-access-key)",
    ]


def test_nothing_in_fixtures_or_docs_looks_live() -> None:
    fixtures = fixtures_dir()
    roots = [fixtures, fixtures.parent / "docs", fixtures.parent / "spec"]
    assert [str(finding) for finding in credentials.scan(roots)] == []
