"""Hypothesis strategies for the ``apply_patch`` area's inputs, for a port's own tests.

The public home of ``codex_conformance.areas.apply_patch.strategies``; see its docstring.
"""

from codex_conformance.areas.apply_patch.strategies import (
    apply_patch_args,
    file_states,
    line_texts,
    patches_for,
)

__all__ = ["apply_patch_args", "file_states", "line_texts", "patches_for"]
