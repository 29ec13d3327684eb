"""The ways a modelled release can refuse an input, as exceptions.

Each maps to one error ``kind`` of the adapter protocol, so the algorithm
modules stay free of protocol details.
"""

from __future__ import annotations


class ReferenceError_(Exception):
    kind = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidArgs(ReferenceError_):
    """The request itself is malformed (not a behaviour of the release)."""

    kind = "invalid-args"


class SchemaRejected(ReferenceError_):
    """The release drops the tool (or its server's list) because of its schema."""

    kind = "schema-rejected"


class ReleaseCrash(ReferenceError_):
    """The release panics: the process dies before it sends any request."""

    kind = "release-crash"


class UnknownEdition(ReferenceError_):
    kind = "unknown-edition"


class NotModelled(Exception):
    """An input the model does not cover: answered ``unsupported``, never guessed."""
