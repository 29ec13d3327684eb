"""The middle cut of exec and tool output: whole characters, cut on bytes.

``unified._split`` cuts the UTF-8 bytes and moves each end to a character
boundary (a walk by character cost seconds on megabytes, issue #31).  The
definition it must keep (spec/exec_output.md): the head is the characters
that end within the first ``head`` bytes, the tail those that start within
the last ``tail`` bytes, and the count is of the characters between.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from codex_reference.exec_output import unified


def _by_character(content: str, head_bytes: int, tail_bytes: int) -> tuple[str, int, str]:
    tail_start = len(content.encode("utf-8")) - tail_bytes
    head, tail, removed, offset = "", "", 0, 0
    for char in content:
        end = offset + len(char.encode("utf-8"))
        if end <= head_bytes:
            head += char
        elif offset >= tail_start:
            tail += char
        else:
            removed += 1
        offset = end
    return head, removed, tail


# One character of each UTF-8 length, and a line break.
TEXTS = st.text(alphabet="a\n\u00e9\u20ac\U0001f600", min_size=1, max_size=40)


@given(TEXTS, st.data())
def test_the_cut_keeps_whole_characters_as_the_definition_does(content: str, data: st.DataObject) -> None:
    size = len(content.encode("utf-8"))
    budget = data.draw(st.integers(0, size - 1))  # only a text over its budget is cut
    head_bytes = budget // 2
    cut = unified._split(content, head_bytes, budget - head_bytes)
    assert cut == _by_character(content, head_bytes, budget - head_bytes)


def test_a_cut_inside_a_character_leaves_it_out_of_both_ends() -> None:
    # "€" is three bytes: a head of 2 bytes and a tail of 2 bytes each fall inside one.
    assert unified._split("€a€", 2, 2) == ("", 3, "")
    assert unified._split("a€€b", 2, 4) == ("a", 1, "€b")
