"""codex-reference: an executable model of Codex's tool-calling wire format.

The model is certified against fixtures captured from real releases; it never
produces goldens.  ``adapter.handle`` is the protocol-v1 entry point.

What others may import of it is declared here, and held by
conformance/workshop/tests/test_reference_surface.py:

- ``SURFACE``: the kit and the workshop answer ops through the adapter and
  name JSON values with its types; nothing else of the model.
- ``SEAMS``: the modules the workshop's broken adapters rewrite one rule of
  (each adapter is the reference with one rule changed, caught on its
  clause): the edition tables they derive a changed edition from, and the
  rule functions they replace.  A change to one of these is a change to the
  broken adapters; a module not listed is private to the model.
"""

from __future__ import annotations

__all__ = ["SEAMS", "SURFACE", "__version__"]

__version__ = "0.1.0"

SURFACE = ("codex_reference.adapter", "codex_reference.json_types")

SEAMS = (
    "codex_reference.apply_patch.matching",
    "codex_reference.apply_patch.messages",
    "codex_reference.apply_patch.parser",
    "codex_reference.apply_patch.text",
    "codex_reference.approvals",
    "codex_reference.approvals.retry",
    "codex_reference.chat.reasoning",
    "codex_reference.chat.stream",
    "codex_reference.dispatch.image_prompt",
    "codex_reference.dynamic",
    "codex_reference.dynamic.decode",
    "codex_reference.dynamic.output",
    "codex_reference.editions",
    "codex_reference.exec_output",
    "codex_reference.exec_output.pty_session",
    "codex_reference.exec_output.unified",
    "codex_reference.host_tools.header",
    "codex_reference.mcp.naming",
    "codex_reference.mcp_output",
    "codex_reference.mcp_output.answer",
    "codex_reference.mcp_output.content_items",
    "codex_reference.mcp_output.json_text",
    "codex_reference.mcp_output.text_or_items",
    "codex_reference.rustlib.image_gif",
    "codex_reference.rustlib.image_jpeg_read",
    "codex_reference.rustlib.image_jpeg_write",
    "codex_reference.rustlib.image_png_write",
    "codex_reference.rustlib.image_resize",
    "codex_reference.rustlib.sha1",
    "codex_reference.rustlib.strings",
    "codex_reference.schema.sanitizer",
    "codex_reference.schema.typed_subset",
    "codex_reference.sse.items",
    "codex_reference.tools.catalog",
)
