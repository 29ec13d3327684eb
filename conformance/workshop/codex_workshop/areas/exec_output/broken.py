"""Broken ports of ``exec.format_output``: one rule of the output format changed, caught on its clause."""

from __future__ import annotations

import contextlib
import json
from typing import Any
from unittest import mock

from codex_reference.editions import V0_25_0, V0_169_0
from codex_reference.exec_output import FORMATTERS_0_25_0, pty_session, unified
from codex_workshop.broken import adapters, measures_own_time, rewrites, with_edition


def _output_as_object(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """0.25.0's output sent as a JSON object instead of the JSON text of one."""
    # The timeout text is not JSON; it is left as it is.
    with contextlib.suppress(TypeError, ValueError):
        result["output"] = json.loads(result["output"])


def _ignore_token_budget(args: dict[str, Any]) -> str:
    """0.169.0 without max_output_tokens: always the model's byte budget."""
    kept = {key: value for key, value in args.items() if key != "max_output_tokens"}
    return unified.format_output(kept, unified.TRUNCATION_0_169_0)


def _no_terminal_newlines(args: dict[str, Any]) -> str:
    """0.25.0's exec_command written as the process wrote it, without the terminal's CR before each LF."""
    return pty_session.format_output(args).replace("\r\n", "\n")


def _cut_without_lines(args: dict[str, Any]) -> str:
    """0.25.0's exec_command cut at character boundaries only, never at a line end."""
    with mock.patch.object(pty_session, "_prefix_end", _char_end):
        return pty_session.format_output(args)


def _char_end(data: bytes, budget: int) -> int:
    end = min(budget, len(data))
    while end > 0 and end < len(data) and (data[end] & 0xC0) == 0x80:
        end -= 1
    return end


BROKEN = adapters(
    {
        "output-as-object": rewrites("EXEC-FORMAT-1", "exec.format_output", _output_as_object),
        "own-wall-time": measures_own_time("EXEC-FORMAT-1", "exec.format_output"),
        "ignores-token-budget": (
            "EXEC-BUDGET-1",
            "0.169.0 ignores max_output_tokens",
            with_edition(V0_169_0, exec_output={"exec_command": _ignore_token_budget}),
        ),
        "pty-without-cr": (
            "EXEC-PTY-1",
            "0.25.0's exec_command output without the terminal's CR LF line ends",
            with_edition(V0_25_0, exec_output={**FORMATTERS_0_25_0, "exec_command": _no_terminal_newlines}),
        ),
        "pty-cut-ignores-lines": (
            "EXEC-PTY-3",
            "0.25.0's exec_command cut keeps a partial first line instead of ending the head at a line feed",
            with_edition(V0_25_0, exec_output={**FORMATTERS_0_25_0, "exec_command": _cut_without_lines}),
        ),
    }
)
