"""``safety.is_known_safe_command`` answered by a release: did it ask before running the argv?"""

from __future__ import annotations

from typing import Any

from codex_conformance.capture.safety_run import asks_approval
from codex_conformance.release.cache import release_binary


def is_known_safe_command(version: str, args: dict[str, Any]) -> dict[str, Any]:
    argv = args["argv"]
    if not isinstance(argv, list) or not all(isinstance(arg, str) for arg in argv):
        raise TypeError("`argv` must be an array of strings")
    return {"safe": not asks_approval(release_binary(version), version, argv)}
