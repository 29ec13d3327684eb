"""The apply_patch part of an edition's table: which variant of each step applies.

0.169.0 is derived from 0.25.0 with ``dataclasses.replace`` so the
differences read as a list (see spec/apply_patch.md for each clause).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from codex_reference.apply_patch import grammar, messages, parser
from codex_reference.apply_patch.applier import ApplyRules
from codex_reference.apply_patch.matching import SeekRules, classic_passes
from codex_reference.apply_patch.text import ClassicText, EndingText, TextRules


@dataclass(frozen=True)
class ApplyPatchRules:
    grammar: str
    parser: parser.ParserRules
    apply: ApplyRules


CLASSIC = ApplyPatchRules(
    grammar=grammar.GRAMMAR_0_25,
    parser=parser.CLASSIC,
    apply=ApplyRules(
        text=TextRules(document=ClassicText, sort_replacements=False),
        seek=SeekRules(passes=classic_passes(), end_of_file="last"),
        messages=messages.CLASSIC,
        write_strategy="parents-first",
        keep_trailing_slash=True,
    ),
)

CURRENT = replace(
    CLASSIC,
    grammar=grammar.GRAMMAR_0_169,
    parser=parser.CURRENT,
    apply=replace(
        CLASSIC.apply,
        text=TextRules(document=EndingText, sort_replacements=True),
        messages=messages.CURRENT,
        write_strategy="write-first",
        keep_trailing_slash=False,
        keep_context_lines=True,
    ),
)
