"""The kit catches broken ports of the skills namespace, each on its clause."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_skills_adapters import BROKEN, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle

_OPS = ("skills.list", "skills.read")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in _OPS]


def test_reference_passes_every_case(cases):
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    assert len(outcomes) == len(cases) >= 15
    assert [(o.id, o.diff[:200]) for o in outcomes if o.status is not Status.PASS] == []


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)


def _list(arguments: dict, truncation: int = 10_000, skills: list | None = None) -> dict:
    catalog = {"skills": skills if skills is not None else [_skill("p0")], "warnings": []}
    request = {
        "edition": "0.169.0",
        "catalog": catalog,
        "truncation_bytes": truncation,
        "arguments": arguments,
    }
    return handle({"op": "skills.list", "args": request})


def _skill(package: str, contents: str = "# Demo") -> dict:
    main = f"skill://{package}/SKILL.md"
    return {
        "authority": {"kind": "orchestrator", "id": "codex_apps"},
        "package": package,
        "name": package,
        "description": "Demo.",
        "main_resource": main,
        "resources": {main: contents},
    }


@pytest.mark.parametrize(
    ("cursor", "message"),
    [
        ("nocolon", "skills.list cursor is invalid"),
        ("0000000000000000:1", "skills.list cursor is stale; restart from the first page"),
        ({"offset": 2}, "skills.list cursor is invalid"),  # past the end of a one-skill listing
        ({"offset": 0, "issued_at_truncation_bytes": 100}, None),
    ],
)
def test_list_cursor_errors(cursor, message):
    response = _list({"authority": {"kind": "orchestrator"}, "cursor": cursor})
    if message is None:
        assert "response" in response["result"], response
    else:
        assert response == {"result": {"respond_to_model": message}}


def test_read_pages_follow_one_another():
    contents = "é" * 3000  # two bytes each: pages end on characters
    skill = _skill("big", contents)
    request = {"edition": "0.169.0", "catalog": {"skills": [skill], "warnings": []}, "truncation_bytes": 1000}
    pages, cursor = [], None
    while True:
        arguments = {"package": "big"} if cursor is None else {"package": "big", "cursor": cursor}
        answer = handle({"op": "skills.read", "args": {**request, "arguments": arguments}})
        result = answer["result"]["response"]
        pages.append(result["contents"])
        cursor = result["next_cursor"]
        if cursor is None:
            break
    assert "".join(pages) == contents
    assert len(pages) > 1


def test_0_25_has_no_skills_and_bad_args_are_clear():
    assert "unsupported" in handle({"op": "skills.list", "args": {"edition": "0.25.0"}})
    error = handle({"op": "skills.read", "args": {"edition": "0.169.0", "catalog": {}}})
    assert error["error"]["kind"] == "invalid-args"
