"""The catalog a provider holds and the call's arguments, read from op args (spec/skills.md).

``catalog`` is ``{"skills": [entry...], "warnings": [text...]}``; an entry has
``authority`` (``{"kind": "orchestrator", "id": "codex_apps"}``), ``package``, ``name``,
``description``, ``main_resource``, optional ``prompt_visible`` (default
true) and ``resources`` (resource id → contents, what the provider reads).
A cursor argument may be given as ``{"offset": N}`` or ``{"offset": N,
"issued_at_truncation_bytes": T}``: the cursor this implementation itself
would have returned at that offset (recording the budget of a call with
truncation T), since cursor bytes are the implementation's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from codex_reference.errors import InvalidArgs, NotModelled

__all__ = [
    "Catalog",
    "Entry",
    "StructuredCursor",
    "call_arguments",
    "read_catalog",
    "structured_cursor",
    "truncation_bytes",
]

JSON = Any
_KINDS = ("orchestrator",)


@dataclass(frozen=True)
class Entry:
    kind: str
    authority_id: str
    package: str
    name: str
    description: str
    main_resource: str
    prompt_visible: bool
    resources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Catalog:
    entries: tuple[Entry, ...]
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class StructuredCursor:
    offset: int
    issued_at_truncation_bytes: int | None


def _text(value: JSON, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidArgs(f"{where} must be a string")
    return value


def _entry(value: JSON, index: int) -> Entry:
    where = f"catalog.skills[{index}]"
    if not isinstance(value, dict):
        raise InvalidArgs(f"{where} must be an object")
    authority = value.get("authority")
    if not isinstance(authority, dict) or not all(
        isinstance(authority.get(key), str) for key in ("kind", "id")
    ):
        raise InvalidArgs(f"{where}.authority must be an object with string `kind` and `id`")
    if authority["kind"] not in _KINDS:
        # Executor and host skills carry environment paths and skill_root; no test pins them.
        raise NotModelled(f"skills of authority kind {authority['kind']!r} are not modelled")
    resources = value.get("resources", {})
    if not isinstance(resources, dict) or not all(isinstance(text, str) for text in resources.values()):
        raise InvalidArgs(f"{where}.resources must map resource ids to strings")
    visible = value.get("prompt_visible", True)
    if not isinstance(visible, bool):
        raise InvalidArgs(f"{where}.prompt_visible must be a boolean")
    return Entry(
        kind=authority["kind"],
        authority_id=authority["id"],
        package=_text(value.get("package"), f"{where}.package"),
        name=_text(value.get("name"), f"{where}.name"),
        description=_text(value.get("description"), f"{where}.description"),
        main_resource=_text(value.get("main_resource"), f"{where}.main_resource"),
        prompt_visible=visible,
        resources=dict(resources),
    )


def read_catalog(args: Mapping[str, JSON]) -> Catalog:
    catalog = args.get("catalog")
    if not isinstance(catalog, dict):
        raise InvalidArgs("missing `catalog` (an object with `skills` and `warnings`)")
    skills = catalog.get("skills", [])
    warnings = catalog.get("warnings", [])
    if not isinstance(skills, list):
        raise InvalidArgs("catalog.skills must be an array")
    if not isinstance(warnings, list) or not all(isinstance(text, str) for text in warnings):
        raise InvalidArgs("catalog.warnings must be an array of strings")
    return Catalog(tuple(_entry(entry, index) for index, entry in enumerate(skills)), tuple(warnings))


def truncation_bytes(args: Mapping[str, JSON]) -> int:
    value = args.get("truncation_bytes")
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidArgs("`truncation_bytes` must be a non-negative integer (the turn's Bytes(N) policy)")
    return value


def call_arguments(args: Mapping[str, JSON]) -> dict[str, JSON]:
    arguments = args.get("arguments")
    if not isinstance(arguments, dict):
        raise InvalidArgs("`arguments` must be the call's JSON arguments object")
    return arguments


def structured_cursor(value: JSON) -> StructuredCursor | None:
    """A cursor given as an object, or None when it is a plain string (or absent)."""
    if not isinstance(value, dict):
        return None
    offset = value.get("offset")
    issued = value.get("issued_at_truncation_bytes")
    if set(value) - {"offset", "issued_at_truncation_bytes"} or not isinstance(offset, int) or offset < 0:
        raise InvalidArgs(
            "a cursor object is {offset, issued_at_truncation_bytes?} with a non-negative offset"
        )
    if issued is not None and (not isinstance(issued, int) or issued < 0):
        raise InvalidArgs("issued_at_truncation_bytes must be a non-negative integer")
    return StructuredCursor(offset, issued)
