"""Kept for adapters written against this path: the loopback now ships in the kit.

Import it from there (``from codex_conformance.chat_loopback import shared_loopback``),
so an adapter works with an installed kit and no checkout of the examples.
"""

from codex_conformance.chat_loopback import Loopback, Recorder, codex_instructions, shared_loopback

__all__ = ["Loopback", "Recorder", "codex_instructions", "shared_loopback"]
