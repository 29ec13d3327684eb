"""Broken ports of ``exec.format_output``: one rule of the output format changed, caught on its clause."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from codex_conformance.broken import BrokenAdapter, rewrites, with_edition
from codex_reference.editions import V0_169_0
from codex_reference.exec_output import unified


def _output_as_object(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """0.25.0's output sent as a JSON object instead of the JSON text of one."""
    # The timeout text is not JSON; it is left as it is.
    with contextlib.suppress(TypeError, ValueError):
        result["output"] = json.loads(result["output"])


def _ignore_token_budget(args: dict[str, Any]) -> str:
    """0.169.0 without max_output_tokens: always the model's byte budget."""
    kept = {key: value for key, value in args.items() if key != "max_output_tokens"}
    return unified.format_output(kept, unified.TRUNCATION_0_169_0)


BROKEN: tuple[BrokenAdapter, ...] = (
    rewrites("output-as-object", "EXEC-FORMAT-1", "exec.format_output", _output_as_object),
    BrokenAdapter(
        name="ignores-token-budget",
        clause="EXEC-BUDGET-1",
        why="0.169.0 ignores max_output_tokens",
        handle=with_edition(V0_169_0, exec_output={"exec_command": _ignore_token_budget}),
    ),
)
