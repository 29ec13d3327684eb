"""A failure's reason leads with what the port does (items, files, exit code, end of stream,
error kind) before how it prints it (texts, extra keys, key order)."""

from __future__ import annotations

from typing import Any

import fake_adapters
import pytest

from codex_conformance.cases import Case
from codex_conformance.connection import InProcessConnection
from codex_conformance.leading_difference import leading_difference
from codex_conformance.runner import run_cases

CHAT_BODY = {
    "model": "gpt-5",
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "tool_calls": [{"id": "a"}]},
        {"role": "assistant", "tool_calls": [{"id": "b"}]},
    ],
}
# Two calls merged into one message, and an extra key before them: the merge leads.
MERGED = {
    "model": "gpt-5",
    "stream_options": {"include_usage": True},
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "tool_calls": [{"id": "a"}, {"id": "b"}]},
    ],
}
STREAM = {
    "events": [{"type": "output_item.done", "item": {"type": "message", "text": "Hello"}}],
    "end": {"kind": "failed", "message": "rate limited"},
}
# Keys reordered and a text changed first in the document, a failed stream read as completed last.
READ_AS_SUCCESS = {
    "events": [{"item": {"text": "Hello!", "type": "message"}, "type": "output_item.done"}],
    "end": {"kind": "completed", "message": "rate limited"},
}


@pytest.mark.parametrize(
    ("expected", "actual", "mode", "lead"),
    [
        (CHAT_BODY, MERGED, "json-pattern", "$.messages: expected 3 items got 2"),
        (STREAM, READ_AS_SUCCESS, "json-exact", '$.end.kind: expected "failed" got "completed"'),
        (
            {"safe": True, "why": "a"},
            {"why": "b", "safe": False},
            "json-exact",
            "$.safe: expected true got false",
        ),
        ({"a": "x", "b": 1}, {"a": "y", "c": 1}, "json-exact", '$: missing key "b"'),
        ({"a": "x", "b": "y"}, {"b": "y", "a": "z"}, "json-exact", '$.a: expected "x" got "z"'),
        (
            {"a": "x", "b": "y"},
            {"b": "y", "a": "x"},
            "json-exact",
            '$: key order differs: expected ["a", "b"] got ["b", "a"]',
        ),
        ({"a": "x", "b": "y"}, {"b": "y", "a": "x"}, "json-unordered", None),
    ],
    ids=["merged-calls", "end-of-stream", "boolean", "missing-key", "text", "key-order", "agree-unordered"],
)
def test_the_most_telling_difference_leads(
    expected: dict[str, Any], actual: dict[str, Any], mode: str, lead: str | None
) -> None:
    assert leading_difference(mode, expected, actual) == lead


def test_json_subset_and_text_exact_keep_their_comparators_summary() -> None:
    assert leading_difference("json-subset", CHAT_BODY, MERGED) is None
    assert leading_difference("text-exact", {"text": "a"}, {"text": "b"}) is None


def judged_reason(op: str, expected: dict[str, Any], answered: dict[str, Any]) -> str:
    """The reason the runner gives a case of ``op`` expecting ``expected`` answered ``answered``."""
    case = Case.model_validate(
        {
            "id": "demo/0.25.0/lead",
            "edition": "0.25.0",
            "op": op,
            "args": {},
            "expected": {"result": expected},
            "clauses": ["DEMO-ECHO-1"],
            "provenance": {"kind": "seed", "document": "test"},
        }
    )

    def handle(request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "hello":
            return {"result": fake_adapters.hello_result(ops=[op])}
        return {"result": answered}

    (outcome,) = run_cases(InProcessConnection(handle), [case])
    return outcome.reason


def test_the_runner_leads_with_the_behaviour_of_the_whole_result() -> None:
    reason = judged_reason("demo.echo", CHAT_BODY, MERGED)
    assert reason.startswith("$.messages: expected 3 items got 2")


def test_a_behaviour_facet_leads_before_printed_texts() -> None:
    # apply_patch's result prints stdout before the files: the lost file leads, not the message.
    expected = {"exit_code": 0, "stdout": "Success. A a.txt\n", "stderr": "", "files": {"a.txt": "x\n"}}
    answered = {"exit_code": 0, "stdout": "Done: a.txt\n", "stderr": "", "files": {"a.txt": "y\n"}}
    reason = judged_reason("apply_patch.apply", expected, answered)
    assert reason.startswith('$.files["a.txt"]: expected "x\\n" got "y\\n"')
    assert reason.endswith("[differs: files, stdout; agrees: exit_code, stderr]")
