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

_OPS = ("skills.tools", "skills.list", "skills.read")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in _OPS]


def test_reference_passes_every_case(cases):
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    assert len(outcomes) == len(cases) >= 40
    assert [(o.id, o.reason, o.diff[:200]) for o in outcomes if o.status is not Status.PASS] == []


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)


def _skill(name: str, contents: str = "# Demo") -> dict:
    package = f"skill://cloud/{name}"
    main = f"{package}/SKILL.md"
    return {
        "package": package,
        "name": name,
        "description": "Demo.",
        "alias_root": "skill://cloud",
        "main_resource": main,
        "resources": {main: contents},
    }


def _outputs(op: str, calls: list, skills: list) -> list:
    args = {"edition": "0.169.0", "snapshot": {"skills": skills}, "calls": calls}
    return handle({"op": op, "args": args})["result"]["outputs"]


@pytest.mark.parametrize(
    ("cursor", "message"),
    [
        ("nocolon", "skills.list cursor is invalid"),
        ("0000000000000000:1", "skills.list cursor is stale; restart from the first page"),
    ],
)
def test_list_cursor_errors(cursor, message):
    calls = [{"authority": {"kind": "cloud"}, "cursor": cursor}]
    assert _outputs("skills.list", calls, [_skill("p0")]) == [{"text": message}]


def test_read_pages_follow_one_another():
    contents = "é" * 20_000  # two bytes each: pages end on characters
    first = {"package": "c0/big"}
    calls = [first, *({**first, "cursor": {"$next_cursor": index}} for index in range(3))]
    outputs = _outputs("skills.read", calls, [_skill("big", contents)])
    assert "".join(output["json"]["contents"] for output in outputs) == contents
    assert outputs[-1]["json"]["next_cursor"] is None


def test_0_25_has_no_skills_and_bad_args_are_clear():
    assert "unsupported" in handle({"op": "skills.list", "args": {"edition": "0.25.0"}})
    error = handle({"op": "skills.read", "args": {"edition": "0.169.0", "snapshot": {"skills": []}}})
    assert error["error"]["kind"] == "invalid-args"
    refused = handle(
        {
            "op": "skills.tools",
            "args": {"edition": "0.169.0", "snapshot": {"skills": [{**_skill("a"), "package": "x"}]}},
        }
    )
    assert refused["error"] == {"kind": "invalid-snapshot", "message": "invalid skill package or resource"}
