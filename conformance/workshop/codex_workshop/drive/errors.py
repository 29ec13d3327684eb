"""Every error a release run can end in, in one place.

A release run goes through these phases, and each has its errors:

1. **Fetch** the release (``drive.cache``): the tarball is fetched with
   ``npm pack`` once, checked against the digest its edition pins, and
   unpacked into the per-user cache.  No npm, no network, a tarball with
   another digest or without the binary: ``ReleaseUnavailableError``.
2. **Lay out** the inputs (``drive.file_tree``, ``drive.config_toml``): the
   case's files become a directory tree, its configuration a
   ``config.toml``.  An input that cannot be laid out safely (a path that
   leaves the tree, content that is neither text nor base64):
   ``InvalidInputError`` and its kinds, which the release adapter reports as
   ``invalid-args``.  The input is wrong, not the release.
3. **Run** the release against the loopback mock Responses server, fake MCP
   servers or a JSON-RPC client (``drive.exec_run``, ``drive.app_server``,
   ``drive.codex_mcp``, the apply_patch area's ``patch_run``).  The release's own
   refusals are its answer, not a failure: ``ReleaseRejectedError`` carries
   the kind and text an ``error`` response reports (a configuration refused,
   a panic, a tool dropped).
4. **Observe** what it did (requests recorded, follow-up items, files
   left): where the evidence a case needs is missing (no request, no
   follow-up, an unreadable body) the harness, not the release, has failed:
   ``CaptureError`` and its kinds.  The release adapter lets these through as
   an ``error`` outcome, never as an answer.

``NotObservableError`` is the one outcome that is neither: the release runs
but never shows the answer (the adapter says ``unsupported``).
"""

from __future__ import annotations

# Defined in the kit, whose file map (used by ports too) raises them.
from codex_conformance.input_errors import FileTreeError, InvalidInputError


class ReleaseUnavailableError(RuntimeError):
    """The release binary cannot be had here; the message says why and what to do."""


class RequestArgsError(InvalidInputError):
    """The args do not describe a configuration this op can run."""


class ReleaseRejectedError(Exception):
    """The release refused the input; becomes an ``error`` response with this kind and text."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class ConfigRejectedError(Exception):
    """The release refused the configuration before sending any request."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class VariantRejectedError(ConfigRejectedError):
    """The release refused the configuration that asks for a tool variant."""


class CaptureError(RuntimeError):
    """The release did not produce the evidence a capture needs."""


class ReleaseStalledError(CaptureError):
    """The release went quiet until the run's deadline, so the run observed nothing.

    On a loaded machine a release now and then stalls on an input it answers in
    a second alone; ``drive.stall.once_more_if_stalled`` runs it once more
    before this becomes an error outcome.
    """


class ReleaseCrashedError(CaptureError):
    """The release panicked before sending a request: that is its behaviour for this input."""

    def __init__(self, panic: str) -> None:
        super().__init__(panic)
        self.panic = panic


class NoAnswerError(CaptureError):
    """The release sent no follow-up request within the observation window."""


class ApplyPatchRunError(CaptureError):
    """The release's apply_patch could not be run for this input (the message says why)."""


class RawJsonError(CaptureError):
    """A body the release sent is not the JSON the scanner expects."""


class NotObservableError(CaptureError):
    """This release does not show the answer; the message says why."""


__all__ = [
    "ApplyPatchRunError",
    "CaptureError",
    "ConfigRejectedError",
    "FileTreeError",
    "InvalidInputError",
    "NoAnswerError",
    "NotObservableError",
    "RawJsonError",
    "ReleaseCrashedError",
    "ReleaseRejectedError",
    "ReleaseStalledError",
    "ReleaseUnavailableError",
    "RequestArgsError",
    "VariantRejectedError",
]
