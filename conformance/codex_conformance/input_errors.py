"""Inputs a run cannot be given as asked: the kit's file map (``file_tree``) and the workshop's release runs.

They live in the kit because a port lays out a case's files with
``codex_conformance.file_tree`` too (``port.py``); the workshop's
``drive.errors`` names them beside the release run's other errors.
"""

from __future__ import annotations

__all__ = ["FileTreeError", "InvalidInputError"]


class InvalidInputError(ValueError):
    """The input cannot be given to a release as asked; the message names what was wrong."""


class FileTreeError(InvalidInputError):
    """A file map that cannot be written safely (names what was wrong)."""
