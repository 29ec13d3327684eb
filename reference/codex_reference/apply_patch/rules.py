"""The apply_patch part of an edition's table: which variant of each step applies.

0.94.0 and 0.169.0 are derived from 0.25.0 with ``dataclasses.replace`` so the
differences read as a list (see spec/apply_patch.md for each clause).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from codex_reference.apply_patch import grammar, messages, parser
from codex_reference.apply_patch.applier import ApplyRules
from codex_reference.apply_patch.matching import SeekRules, seek_passes
from codex_reference.apply_patch.text import EndingText, LfSplitText, TextRules


@dataclass(frozen=True)
class ApplyPatchRules:
    grammar: str
    parser: parser.ParserRules
    apply: ApplyRules


APPLY_PATCH_0_25_0 = ApplyPatchRules(
    grammar=grammar.GRAMMAR_0_25_0,
    parser=parser.PARSER_0_25_0,
    apply=ApplyRules(
        text=TextRules(document=LfSplitText, sort_replacements=False),
        seek=SeekRules(passes=seek_passes(), end_of_file="last"),
        messages=messages.MESSAGES_0_25_0,
        write_strategy="parents-first",
        keep_trailing_slash=True,
    ),
)

# 0.94.0: 0.25.0's applier with the boundary markers trimmed, replacements
# applied in file order, and not-found lines printed as a block.
APPLY_PATCH_0_94_0 = replace(
    APPLY_PATCH_0_25_0,
    # The tool's grammar is 0.169.0's (captured: tools/0.94.0/apply-patch-freeform).
    grammar=grammar.GRAMMAR_0_169_0,
    parser=parser.PARSER_0_94_0,
    apply=replace(
        APPLY_PATCH_0_25_0.apply,
        text=TextRules(document=LfSplitText, sort_replacements=True),
        messages=messages.MESSAGES_0_94_0,
    ),
)

# 0.169.0: 0.94.0's grammar and file-order replacements, with its own parser,
# line endings kept, End of File matched only after the chunk's start, files
# written before the old ones are removed, and changed runs replaced whole.
APPLY_PATCH_0_169_0 = replace(
    APPLY_PATCH_0_94_0,
    parser=parser.PARSER_0_169_0,
    apply=replace(
        APPLY_PATCH_0_94_0.apply,
        text=TextRules(document=EndingText, sort_replacements=True),
        seek=replace(APPLY_PATCH_0_94_0.apply.seek, end_of_file="last-not-before-start"),
        messages=messages.MESSAGES_0_169_0,
        write_strategy="write-first",
        keep_trailing_slash=False,
        replace_changed_runs=True,
    ),
)
