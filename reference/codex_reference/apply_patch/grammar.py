"""The Lark grammar each edition sends as the apply_patch tool's ``format.definition``.

Provenance (upstream commit ids, read from the mylinyuzhi/codex mirror of
openai/codex):

- 0.25.0: ``codex-rs/core/src/tool_apply_patch.rs`` at
  236c4f76a6fd49799ec148b2bb37495a8fc5c1f5 (2025-08-22, #2576), the raw string
  passed as ``definition``; ``add_line`` and ``change_line`` need at least one
  character after the prefix.
- 0.169.0: ``codex-rs/core/src/tools/handlers/apply_patch.lark`` at
  9417cf969682330ea5fcccbdf39818bc4b213167 (2026-05-06); unchanged in
  substance since 6f7511469 (2025-09-02, #2651), which allowed empty added
  and changed lines.

The grammar is what the *model* is constrained to; the release's own parser
(``parser.py``) is more lenient (heredoc wrappers, whitespace around
markers, lines without a prefix), so the reference parses with the
hand-written algorithm and uses the grammar only to say whether a patch is in
the language the model was given (``in_grammar``).
"""

from __future__ import annotations

from functools import lru_cache

from lark import Lark
from lark.exceptions import LarkError

GRAMMAR_0_25 = r"""start: begin_patch hunk+ end_patch
begin_patch: "*** Begin Patch" LF
end_patch: "*** End Patch" LF?

hunk: add_hunk | delete_hunk | update_hunk
add_hunk: "*** Add File: " filename LF add_line+
delete_hunk: "*** Delete File: " filename LF
update_hunk: "*** Update File: " filename LF change_move? change?

filename: /(.+)/
add_line: "+" /(.+)/ LF -> line

change_move: "*** Move to: " filename LF
change: (change_context | change_line)+ eof_line?
change_context: ("@@" | "@@ " /(.+)/) LF
change_line: ("+" | "-" | " ") /(.+)/ LF
eof_line: "*** End of File" LF

%import common.LF
"""

GRAMMAR_0_169 = GRAMMAR_0_25.replace('add_line: "+" /(.+)/', 'add_line: "+" /(.*)/').replace(
    'change_line: ("+" | "-" | " ") /(.+)/', 'change_line: ("+" | "-" | " ") /(.*)/'
)


@lru_cache(maxsize=4)
def _parser(grammar: str) -> Lark:
    # Earley copes with the grammar's overlapping terminals (`filename` and
    # the markers) the way a constrained sampler does: by the whole line.
    return Lark(grammar, parser="earley", lexer="dynamic")


def in_grammar(grammar: str, patch: str) -> bool:
    """Whether ``patch`` is a sentence of ``grammar`` (what a constrained model could emit)."""
    try:
        _parser(grammar).parse(patch)
    except LarkError:
        return False
    return True
