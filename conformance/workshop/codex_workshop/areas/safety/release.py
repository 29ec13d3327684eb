"""``safety.is_known_safe_command`` answered by a release: did it ask before running the argv?"""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.safety.run import asks_approval, not_shown
from codex_workshop.drive.args import required
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import InvalidInputError


def is_known_safe_command(version: str, args: dict[str, Any]) -> dict[str, Any]:
    argv = required(args, "argv", list)
    if not all(isinstance(arg, str) for arg in argv):
        raise InvalidInputError("`argv` must be an array of strings")
    return {"safe": not asks_approval(release_binary(version), version, argv)}


OPS: dict[str, ReleaseOp] = {"safety.is_known_safe_command": is_known_safe_command}


def hidden_ops(version: str) -> dict[str, str]:
    """The ops release ``version`` runs but never shows the answer of, with why: left out of its hello."""
    reason = not_shown(version)
    return {} if reason is None else {"safety.is_known_safe_command": reason}
