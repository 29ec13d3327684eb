"""The ``sha1`` crate's digest as the releases print it in names (MCP-NAME-3)."""

from __future__ import annotations

import hashlib

__all__ = ["sha1_hex"]


def sha1_hex(text: str) -> str:
    """``format!("{:x}", Sha1::digest(text.as_bytes()))``: 40 lowercase hex digits."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()
