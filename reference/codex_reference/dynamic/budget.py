"""How long a dynamic tool's text output may be once written back (DYN-OUT-TRUNC-1).

The cut is the history's, not the dynamic layer's: the same as an MCP JSON
text of the same release (spec/mcp_output.md, MCPOUT-TRUNC-1), whose budget
for gpt-5 is 10,000 bytes times 1.2.
"""

from __future__ import annotations

from codex_reference.errors import NotModelled
from codex_reference.exec_output import unified

_BUDGET_BYTES = 12_000


def middle_cut_to_budget(text: str) -> str:
    """Over the budget: cut once in the middle, marker `…N chars truncated…`
    (captured: output-12001-bytes, output-large, output-large-multibyte)."""
    return unified.truncate_middle(text, "bytes", _BUDGET_BYTES, unified.TRUNCATION_0_169_0)


def uncut_within_captured_sizes(text: str) -> str:
    """No output over the budget is captured for the edition: declined, not guessed."""
    if len(text.encode("utf-8")) > _BUDGET_BYTES:
        raise NotModelled("a dynamic tool text output over 12,000 bytes is not captured for this edition")
    return text
