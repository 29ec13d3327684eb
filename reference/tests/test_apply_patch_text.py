"""0.169.0's line splitting: the \\n-only fast path gives what the general split gives."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codex_reference.apply_patch.text import EndingText, Replacement

# Generated inputs are cheap but a loaded CI machine is slow: no deadline, no slowness check,
# the same examples every run.
LOADED_MACHINE = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True, database=None
)


LINE_BREAK = re.compile(r"(\r\n|\n|\r)")


def oracle(content: str, replacements: list[Replacement]) -> tuple[list[str], str]:
    """The general algorithm, written out: texts, then the rendered file."""
    parts = LINE_BREAK.split(content)
    texts, endings = parts[0::2], list(parts[1::2])
    if texts[-1]:
        endings.append("")
    else:
        texts.pop()
    preferred = endings[0] if endings and endings[0] else "\n"
    if endings and not endings[-1]:
        endings[-1] = preferred
    out, position = [], 0
    for start, removed, inserted in replacements:
        out += [
            text + ending for text, ending in zip(texts[position:start], endings[position:start], strict=True)
        ]
        out += [text + preferred for text in inserted]
        position = max(position, start + removed)
    out += [text + ending for text, ending in zip(texts[position:], endings[position:], strict=True)]
    return texts, "".join(out)


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, list[Replacement]]:
    lines = draw(st.lists(st.text(st.sampled_from("ab \t"), max_size=4), max_size=8))
    content = "\n".join(lines) + draw(st.sampled_from(["", "\n"]))
    count = len(content.split("\n")) - (1 if content.endswith("\n") or not content else 0)
    starts = sorted(draw(st.lists(st.integers(0, count), max_size=3)))
    replacements = [
        (
            start,
            draw(st.integers(0, max(0, count - start))),
            draw(st.lists(st.sampled_from(["x", ""]), max_size=2)),
        )
        for start in starts
    ]
    return content, replacements


@LOADED_MACHINE
@given(documents())
def test_lf_only_files_split_and_render_as_the_general_path(document: tuple[str, list[Replacement]]) -> None:
    content, replacements = document
    text = EndingText(content)
    assert text.lf_only
    texts, rendered = oracle(content, replacements)
    assert text.texts == texts
    assert text.render(replacements) == rendered


def test_a_file_with_cr_takes_the_general_path() -> None:
    text = EndingText("a\r\nb\rc")
    assert not text.lf_only
    assert text.render([(1, 1, ["x"])]) == "a\r\nx\r\nc\r\n"
