"""``request.build`` / ``request.builtins``: the request a release sends (spec/request.md)."""

from codex_reference.request.build import build, builtins
from codex_reference.request.rules import (
    REQUEST_0_25_0,
    REQUEST_0_94_0,
    REQUEST_0_169_0,
    REQUEST_0_171_0,
    RequestRules,
)

__all__ = [
    "REQUEST_0_25_0",
    "REQUEST_0_94_0",
    "REQUEST_0_169_0",
    "REQUEST_0_171_0",
    "RequestRules",
    "build",
    "builtins",
]
