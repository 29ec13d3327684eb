"""Broken ports of ``apply_patch.apply``: one edition's patch rules changed, each caught on its clause."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from codex_reference.adapter import Handler
from codex_reference.apply_patch import matching, parser
from codex_reference.apply_patch.text import LfSplitText
from codex_reference.editions import V0_25_0, V0_169_0, Edition
from codex_workshop.broken import adapters, declines, with_edition


def _with_apply_patch(edition: Edition, **changes: Any) -> Handler:
    """One edition whose apply_patch rules differ: ``parser=...`` or fields of ``apply``."""
    rules = edition.apply_patch
    parser_rules = changes.pop("parser", rules.parser)
    rules = replace(rules, parser=parser_rules, apply=replace(rules.apply, **changes))
    return with_edition(edition, apply_patch=rules)


def _no_final_newline(content: str) -> LfSplitText:
    return LfSplitText(content, add_final_newline=False)


def _moves(args: dict[str, Any]) -> bool:
    """patches that move a file (`*** Move to:`), as a port without renames would"""
    return "*** Move to:" in str(args.get("patch", ""))


def _every_patch(args: dict[str, Any]) -> bool:
    """every patch, as a port that declares the op and implements none of it would"""
    return True


BROKEN = adapters(
    {
        # Declining is not "not applicable" for a declared op: these must count against the port.
        "declines-moves": declines("AP-MOVE-1", "apply_patch.apply", _moves),
        "declines-every-patch": declines("AP-GRAMMAR-1", "apply_patch.apply", _every_patch),
        "end-of-file-first-match": (
            "AP-EOF-1",
            "0.169.0 looks for an End of File chunk from the search position, taking the first match",
            _with_apply_patch(V0_169_0, seek=replace(V0_169_0.apply_patch.apply.seek, end_of_file="first")),
        ),
        "no-final-newline": (
            "AP-NEWLINE-1",
            "0.25.0 writes an updated file without adding the final newline",
            _with_apply_patch(
                V0_25_0, text=replace(V0_25_0.apply_patch.apply.text, document=_no_final_newline)
            ),
        ),
        "no-punctuation-folding": (
            "AP-MATCH-4",
            "0.169.0 without the pass that folds Unicode punctuation to ASCII",
            _with_apply_patch(
                V0_169_0,
                seek=matching.SeekRules(passes=matching.seek_passes()[:3], end_of_file="last"),
            ),
        ),
        "strict-heredoc": (
            "AP-LENIENT-1",
            "0.25.0 refuses a patch wrapped in a heredoc",
            _with_apply_patch(V0_25_0, parser=replace(parser.PARSER_0_25_0, heredoc_openers=())),
        ),
    }
)
