"""A case of the demo op (``demo.echo``) for the workshop's tests of writing and comparing fixtures."""

from __future__ import annotations

from typing import Any

from codex_conformance.cases import Case


def demo_case(slug: str, args: dict[str, Any], result: Any, *, compare: str | None = None) -> Case:
    """``demo/0.25.0/<slug>`` expecting ``result``, seeded by the test (no release wrote it)."""
    fields: dict[str, Any] = {
        "id": f"demo/0.25.0/{slug}",
        "edition": "0.25.0",
        "op": "demo.echo",
        "args": args,
        "expected": {"result": result},
        "clauses": ["DEMO-ECHO-1"],
        "provenance": {"kind": "seed", "document": "this test"},
    }
    if compare is not None:
        fields["compare"] = compare
    return Case.model_validate(fields)
