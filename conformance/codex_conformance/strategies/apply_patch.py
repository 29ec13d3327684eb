"""Hypothesis strategies for the ``apply_patch`` area's inputs, for a port's own tests.

The public home of ``codex_conformance.areas.apply_patch.strategies`` (patches
that mostly apply, perturbed the ways models get them wrong; and
``grammar_patches``: sentences of the Lark grammar the release itself gives
models, drawn with ``hypothesis.extra.lark.from_lark``) and of the explorer's
``explored_apply_patch_args`` (patches aimed at structure: chunks in any
order, End of File anywhere, any line ends); see their docstrings.
"""

from codex_conformance.areas.apply_patch.inputs import explored_apply_patch_args
from codex_conformance.areas.apply_patch.strategies import (
    apply_patch_args,
    file_states,
    grammar_patch_texts,
    grammar_patches,
    line_texts,
    patches_for,
)

__all__ = [
    "apply_patch_args",
    "explored_apply_patch_args",
    "file_states",
    "grammar_patch_texts",
    "grammar_patches",
    "line_texts",
    "patches_for",
]
