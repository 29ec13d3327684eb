"""``skills.list`` / ``skills.read`` under ``--impl=release:0.169.0``: not observable, so unsupported.

0.169.0 loads a ``--cloud-skills-snapshot`` but never asks its cloud provider
in a plain app-server thread, so no model-visible ``skills`` namespace can be
scripted (spec/skills.md).  The op answers ``unsupported`` with that reason,
never a guess; the cases come from upstream tests.
"""

from __future__ import annotations

from typing import Any

from codex_conformance.capture.safety_run import NotObservableError

REASON = (
    "release 0.169.0 does not expose its skills namespace to a scripted thread: a --cloud-skills-snapshot "
    "loads, but the cloud provider is never asked (spec/skills.md); the skills cases come from upstream tests"
)


def skills_call(version: str, args: dict[str, Any]) -> dict[str, Any]:
    raise NotObservableError(REASON)
