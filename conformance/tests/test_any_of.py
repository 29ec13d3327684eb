"""An ``any_of`` expectation: any one of the results a release was seen to give passes; nothing else does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import fake_adapters
import pytest
from pydantic import ValidationError

from codex_conformance.cases import Case
from codex_conformance.connection import InProcessConnection
from codex_conformance.runner import run_cases

WINNERS = [
    {"tools": [{"name": "a__b__c", "description": "from a"}]},
    {"tools": [{"name": "a__b__c", "description": "from a__b"}]},
]


def either_case(alternatives: list[dict[str, Any]] = WINNERS) -> Case:
    return Case.model_validate(
        {
            "id": "demo/0.25.0/either-wins",
            "edition": "0.25.0",
            "op": "demo.echo",
            "args": {"value": None},
            "expected": {"any_of": [{"result": result} for result in alternatives]},
            "clauses": ["DEMO-ECHO-1"],
            "provenance": {"kind": "seed", "document": "this test"},
        }
    )


def answering(
    result: dict[str, Any] | None, error: bool = False
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def adapter(request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "hello":
            return {"result": fake_adapters.hello_result()}
        if error:
            return {"error": {"kind": "rejected", "message": "no"}}
        return {"result": result}

    return adapter


@pytest.mark.parametrize("winner", WINNERS)
def test_each_alternative_passes(winner: dict[str, Any]) -> None:
    [outcome] = run_cases(InProcessConnection(answering(winner)), [either_case()])
    assert outcome.status.value == "pass"


def test_a_third_result_fails_naming_the_closest_alternative() -> None:
    both = {
        "tools": [
            {"name": "a__b__c", "description": "from a"},
            {"name": "a__b__c", "description": "from a__b"},
        ]
    }
    [outcome] = run_cases(InProcessConnection(answering(both)), [either_case()])
    assert outcome.status.value == "fail"
    assert outcome.reason == (
        "matches none of the 2 results the release gives; "
        "closest (alternative 1): $.tools: expected 1 items got 2"
    )
    assert '"from a__b"' in outcome.diff


def test_an_error_fails() -> None:
    [outcome] = run_cases(InProcessConnection(answering(None, error=True)), [either_case()])
    assert outcome.status.value == "fail"
    assert outcome.reason.startswith("expected a result, got an error 'rejected'")


def test_one_alternative_is_no_any_of() -> None:
    with pytest.raises(ValidationError):
        either_case(WINNERS[:1])
