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
markers, lines without a prefix) and also refuses some of the grammar's
sentences (spec/apply_patch.md ``AP-GRAMMAR-4``), so the reference parses
with the hand-written algorithm and keeps the grammar as data only: no
answer of the reference depends on it.  The kit is what parses with it:
``codex_conformance.areas.apply_patch.grammar`` loads the captured text with
Lark, and ``grammar_patches`` (``hypothesis.extra.lark.from_lark``) feeds
its sentences to the explorer and to ports' property tests.
"""

from __future__ import annotations

from codex_reference.tools import apply_patch_spec

# The captured texts (fixtures/tools, op tools.apply_patch_spec) are the
# source; they equal the upstream texts cited above character for character.
GRAMMAR_0_25_0 = apply_patch_spec.GRAMMAR_0_25_0
GRAMMAR_0_169_0 = apply_patch_spec.GRAMMAR_0_169_0
