"""read_file's indentation mode: the block of lines around an anchor line (HOST-INDENT-1, -2).

Each line has an indent (spaces count 1, tabs ``tab_width``); a blank line
takes the indent of the last non-blank line above it (0 at the top).  The
block grows from the anchor one line up and one line down per round while
lines are at least ``min_indent`` deep (the anchor's indent less
``max_levels`` tab widths; 0 when max_levels is 0), until it has
``final_limit`` lines or neither side can grow.  Without siblings, a side
takes at most one line at exactly ``min_indent`` (upwards, comment lines
there also pass when headers are included); the line that would be the
second ends that side.  Blank lines at either end are dropped last.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from codex_reference.host_tools.rules import HostToolsRules
from codex_reference.rustlib.strings import trim, trim_start

__all__ = ["BlockOptions", "indented_block"]


@dataclass(frozen=True)
class BlockOptions:
    anchor_line: int | None
    max_levels: int
    include_siblings: bool
    include_header: bool
    max_lines: int | None


def _indent(text: str, tab_width: int) -> int:
    width = 0
    for char in text:
        if char == " ":
            width += 1
        elif char == "\t":
            width += tab_width
        else:
            break
    return width


def _effective_indents(texts: list[str], tab_width: int) -> list[int]:
    indents: list[int] = []
    previous = 0
    for text in texts:
        if trim_start(text):
            previous = _indent(text, tab_width)
        indents.append(previous)
    return indents


def _is_comment(rules: HostToolsRules, text: str) -> bool:
    return any(trim(text).startswith(prefix) for prefix in rules.comment_prefixes)


def _grow(  # noqa: PLR0917 - the walk's whole state, kept together
    rules: HostToolsRules,
    texts: list[str],
    indents: list[int],
    anchor: int,
    final_limit: int,
    min_indent: int,
    options: BlockOptions,
) -> deque[int]:
    block = deque([anchor])
    up, down = anchor - 1, anchor + 1
    # Whether each side has taken a line at min_indent: a second one ends it.
    up_at_min = down_at_min = False
    # A round ends a side for good or takes a line from it: the walk goes on while a side is open.
    while len(block) < final_limit and (up >= 0 or down < len(texts)):
        if up >= 0:
            if indents[up] < min_indent:
                up = -1
            else:
                block.appendleft(up)
                if indents[up] == min_indent and not options.include_siblings:
                    header = options.include_header and _is_comment(rules, texts[up])
                    if header or not up_at_min:
                        up_at_min = True
                    else:  # a second line at min_indent: not taken, and the upward side ends
                        block.popleft()
                        up = 0
                up -= 1
                if len(block) >= final_limit:
                    break
        if down < len(texts):
            if indents[down] < min_indent:
                down = len(texts)
            else:
                block.append(down)
                down += 1
                if indents[down - 1] == min_indent and not options.include_siblings:
                    if down_at_min:  # likewise downwards
                        block.pop()
                        down = len(texts)
                    down_at_min = True
    return block


def indented_block(
    rules: HostToolsRules, texts: list[str], anchor: int, final_limit: int, options: BlockOptions
) -> list[int]:
    """The 0-based numbers of the block's lines, in order."""
    if final_limit == 1:
        return [anchor]
    indents = _effective_indents(texts, rules.tab_width)
    min_indent = (
        0 if options.max_levels == 0 else max(0, indents[anchor] - options.max_levels * rules.tab_width)
    )
    block = _grow(rules, texts, indents, anchor, final_limit, min_indent, options)
    while block and not trim(texts[block[0]]):
        block.popleft()
    while block and not trim(texts[block[-1]]):
        block.pop()
    return list(block)
