"""Deliberately broken ports of the conversation ops (exec.format_output, items.serialize).

Each changes one rule of the reference model and names the clause whose
cases must catch it; ``test_broken_conversation_adapters`` runs them.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any

from broken_check import BrokenAdapter, with_edition

from codex_reference import editions
from codex_reference.adapter import Handler, handle
from codex_reference.exec_output import unified


def _output_as_object(request: Any) -> dict[str, Any]:
    """0.25.0's output sent as a JSON object instead of the JSON text of one."""
    response = handle(request)
    result = response.get("result")
    if request.get("op") == "exec.format_output" and isinstance(result, dict):
        # The timeout text is not JSON; it is left as it is.
        with contextlib.suppress(TypeError, ValueError):
            result["output"] = json.loads(result["output"])
    return response


def _ignore_token_budget(args: dict[str, Any]) -> str:
    """0.169.0 without max_output_tokens: always the model's byte budget."""
    kept = {key: value for key, value in args.items() if key != "max_output_tokens"}
    return unified.format_output(kept, unified.RULES_0_169)


def _with(version: str, **changes: Any) -> Handler:
    return with_edition(version, **changes)


BROKEN: tuple[BrokenAdapter, ...] = (
    BrokenAdapter(
        name="output-as-object",
        clause="EXEC-FORMAT-1",
        why="0.25.0's output is a JSON object instead of a string holding JSON",
        handle=_output_as_object,
    ),
    BrokenAdapter(
        name="generated-ids-classic",
        clause="ITEMS-ID-1",
        why="0.25.0 makes up ids for items without one (0.169.0 does; 0.25.0 writes null)",
        handle=_with("0.25.0", items=replace(editions.CLASSIC.items, generate_ids=True)),
    ),
    BrokenAdapter(
        name="ignores-token-budget",
        clause="EXEC-BUDGET-1",
        why="0.169.0 ignores max_output_tokens",
        handle=_with("0.169.0", exec_output={"exec_command": _ignore_token_budget}),
    ),
)
