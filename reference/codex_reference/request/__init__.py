"""``request.build`` / ``request.builtins``: the request a release sends (spec/request.md)."""

from codex_reference.request.build import build, builtins
from codex_reference.request.rules import CLASSIC_REQUEST, CURRENT_REQUEST, RequestRules

__all__ = ["CLASSIC_REQUEST", "CURRENT_REQUEST", "RequestRules", "build", "builtins"]
