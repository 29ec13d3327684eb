"""Reading an op's args for a release run: a missing or mistyped arg is the input's fault.

Each raises ``InvalidInputError`` naming the arg, which the release adapter
reports as ``invalid-args``; any other exception in a release op is a bug in
the harness and ends the case as an ``error`` outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from codex_workshop.drive.errors import InvalidInputError

T = TypeVar("T")

_TYPE_NAMES = {str: "a string", list: "an array", dict: "an object", int: "an integer", bool: "a boolean"}


def required(args: Mapping[str, Any], key: str, kind: type[T]) -> T:
    if key not in args:
        raise InvalidInputError(f"missing arg `{key}`")
    return _checked(key, args[key], kind)


def optional(args: Mapping[str, Any], key: str, kind: type[T], default: T) -> T:
    value = args.get(key)
    return default if value is None else _checked(key, value, kind)


def _checked(key: str, value: Any, kind: type[T]) -> T:
    # bool is an int to Python, never to JSON.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidInputError(f"`{key}` must be {_TYPE_NAMES.get(kind, kind.__name__)}")
    return value
