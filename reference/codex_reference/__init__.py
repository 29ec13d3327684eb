"""codex-reference: an executable model of Codex's tool-calling wire format.

The model is certified against fixtures captured from real releases; it never
produces goldens.  ``adapter.handle`` is the protocol-v1 entry point.
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
