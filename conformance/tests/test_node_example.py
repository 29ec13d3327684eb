"""The cross-language example: examples/node-adapter/ certified over the subprocess transport.

These tests need ``node`` (>= 18) on PATH and FAIL without it, on purpose: a
skip would hide a broken example on a machine that should have node (CI does).
"""

from __future__ import annotations

import functools
import json
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import TESTS_DIR

from codex_conformance import impl
from codex_conformance.cases import Case, load_cases
from codex_conformance.connection import SubprocessConnection
from codex_conformance.outcome import Outcome, Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.protocol import ErrorResponse, ResultResponse, UnsupportedResponse
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle as reference_handle

REPO = Path(__file__).resolve().parents[2]
ADAPTER = REPO / "examples" / "node-adapter" / "adapter.js"
BROKEN_LENGTH_LIMIT = TESTS_DIR / "data" / "node_adapter_broken.js"

OPS = ("mcp.tools_to_responses", "schema.sanitize")
DECLARED = "0.25.0"
UNDECLARED = "0.169.0"
TIMEOUT = 10.0


def node() -> str:
    """The node executable, or a test failure (never a skip) that says what is missing."""
    found = shutil.which("node")
    if found is None:
        pytest.fail(
            "`node` is not on PATH, so the Node.js example (examples/node-adapter/adapter.js) cannot be "
            "certified. Install Node.js >= 18. This test fails instead of skipping so that a broken "
            "cross-language example is never hidden.",
            pytrace=False,
        )
    return found


def connect(script: Path) -> SubprocessConnection:
    connection = impl.connect(f"cmd:{shlex.join([node(), str(script)])}", timeout=TIMEOUT)
    assert isinstance(connection, SubprocessConnection)
    return connection


@functools.cache
def example_cases() -> tuple[Case, ...]:
    return tuple(
        case
        for case in load_cases(fixtures_dir())
        if case.op in OPS and case.edition in (DECLARED, UNDECLARED)
    )


@functools.cache
def certify(script: Path) -> tuple[tuple[Outcome, ...], int]:
    """Run every case of both ops and both editions against ``script``: (outcomes, children started)."""
    connection = connect(script)
    with connection:
        outcomes = tuple(run_cases(connection, example_cases()))
        return outcomes, connection.starts


def describe(outcomes: list[Outcome]) -> str:
    return "\n".join(f"{o.id}: {o.status.value} {o.reason}" for o in outcomes)


def test_every_declared_case_passes() -> None:
    outcomes, starts = certify(ADAPTER)
    declared = [o for o in outcomes if o.edition == DECLARED]
    assert {o.op for o in declared} == set(OPS)
    not_passed = [o for o in declared if o.status is not Status.PASS]
    assert not not_passed, f"the Node example does not pass every {DECLARED} case:\n{describe(not_passed)}"
    assert starts == 1, "the Node example crashed or hung and had to be restarted"


def test_every_undeclared_edition_case_is_not_applicable() -> None:
    outcomes, _ = certify(ADAPTER)
    undeclared = [o for o in outcomes if o.edition == UNDECLARED]
    assert {o.op for o in undeclared} == set(OPS)
    wrong = [
        o
        for o in undeclared
        if o.status is not Status.NOT_APPLICABLE or f"edition {UNDECLARED!r}" not in o.reason
    ]
    assert not wrong, describe(wrong)


def test_hello_declares_only_what_it_implements() -> None:
    connection = connect(ADAPTER)
    with connection:
        hello = connection.hello()
    assert hello.protocol == 1
    assert hello.editions == [DECLARED]
    assert sorted(hello.ops) == sorted(OPS)
    assert hello.implementation.language == "javascript"


def test_off_by_one_length_limit_is_caught_on_mcp_name_2() -> None:
    outcomes, starts = certify(BROKEN_LENGTH_LIMIT)
    failed = [o for o in outcomes if o.status is Status.FAIL]
    assert not [o for o in outcomes if o.status is Status.ERROR]
    assert starts == 1
    assert failed, "a 64-byte limit changed to 63 passed every case"
    assert all(o.edition == DECLARED and o.op == "mcp.tools_to_responses" for o in failed)
    assert any("MCP-NAME-2" in o.clauses for o in failed), describe(failed)
    exact_64 = next(o for o in failed if o.id == "mcp/0.25.0/name-exactly-64-bytes")
    assert exact_64.clauses == ["MCP-NAME-2"]
    assert exact_64.reason.startswith("$.tools[0].name: ")


def wire(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def test_integer_like_property_names_keep_byte_order() -> None:
    # No captured fixture has an integer-like property name yet; the reference
    # model is the oracle.  A plain JavaScript object would send "1","9","10","a".
    schema = {"type": "object", "properties": {"a": {}, "10": {"type": "integer"}, "9": True, "1": {}}}
    args = {"edition": DECLARED, "schema": schema}
    expected = reference_handle({"op": "schema.sanitize", "args": args})
    connection = connect(ADAPTER)
    with connection:
        response = connection.request("schema.sanitize", args)
    assert isinstance(response, ResultResponse)
    assert list(response.result["schema"]["properties"]) == ["1", "10", "9", "a"]
    assert wire({"result": response.result}) == wire(expected)


@pytest.mark.parametrize(
    ("op", "args", "kind"),
    [
        ("mcp.tools_to_responses", {"edition": DECLARED}, "invalid-args"),
        ("mcp.tools_to_responses", {"edition": DECLARED, "servers": {"s": []}}, "invalid-args"),
        (
            "mcp.tools_to_responses",
            {"edition": DECLARED, "servers": [{"name": 5, "tools": []}]},
            "invalid-args",
        ),
        ("mcp.tools_to_responses", {"servers": []}, "invalid-args"),
        ("schema.sanitize", {"edition": DECLARED}, "invalid-args"),
        ("schema.sanitize", {"edition": DECLARED, "schema": [1]}, "schema-rejected"),
        (
            "schema.sanitize",
            {"edition": DECLARED, "schema": {"type": "object", "properties": {"x": None}}},
            "schema-rejected",
        ),
    ],
)
def test_bad_args_are_rejections_not_crashes(op: str, args: dict[str, object], kind: str) -> None:
    connection = connect(ADAPTER)
    with connection:
        response = connection.request(op, args)
        assert isinstance(response, ErrorResponse)
        assert response.error.kind == kind
        assert connection.starts == 1


def test_unknown_ops_and_editions_are_unsupported() -> None:
    connection = connect(ADAPTER)
    with connection:
        unknown_op = connection.request("mcp.tool_name", {"edition": DECLARED})
        other_edition = connection.request("schema.sanitize", {"edition": UNDECLARED, "schema": {}})
        assert connection.starts == 1
    assert isinstance(unknown_op, UnsupportedResponse)
    assert isinstance(other_edition, UnsupportedResponse)
    assert UNDECLARED in other_edition.unsupported


def test_garbage_and_deep_input_get_one_answer_per_line_and_no_crash() -> None:
    # Raw lines the kit itself never sends (it cannot even encode this depth).  The
    # nesting is below a property: 0.25.0 ignores a top-level `items` altogether.
    depth = 200_000
    deep = '{"type":"array","items":' * depth + "{}" + "}" * depth
    deep_schema = '{"type": "object", "properties": {"a": ' + deep + "}}"
    lines = [
        "not json",
        "[1, 2]",
        '{"id": 7, "op": "schema.sanitize", "args": {"edition": "0.25.0", "schema": ' + deep_schema + "}}",
        '{"id": 8, "op": "schema.sanitize", "args": 5}',
        '{"id": 9, "op": "hello", "args": {}}',
    ]
    done = subprocess.run(
        [node(), str(ADAPTER)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [reply["id"] for reply in replies] == [None, None, 7, 8, 9]
    assert [next(key for key in reply if key != "id") for reply in replies] == [
        "error",
        "error",
        "error",
        "error",
        "result",
    ]
    assert all(reply["error"]["kind"] == "invalid-args" for reply in replies[:4])
    assert "not a JSON line" in done.stderr
