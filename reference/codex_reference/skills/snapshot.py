"""The cloud skills snapshot 0.169.0 loads with ``--cloud-skills-snapshot`` (SKILLS-SNAPSHOT-1).

A skill's ``package`` is ``alias_root`` + ``/`` + a name segment, its
``alias_root`` a ``skill://`` root, its ``main_resource`` a resource under
the package that ``resources`` holds; any other shape is refused at start
with one text, a repeated package with another.  A file serde cannot read
into that shape is refused too (same error kind); its message here names
the problem in the kit's words, not serde's exact text with line and column,
which no case compares.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from codex_reference.errors import ReferenceError_
from codex_reference.json_types import JSON

__all__ = ["Entry", "SnapshotRefused", "load_snapshot"]

_FIELDS = {"package", "name", "description", "alias_root", "main_resource", "resources", "prompt_visible"}
_SCHEME = "skill://"


class SnapshotRefused(ReferenceError_):
    """The release stops at start with this text."""

    kind = "invalid-snapshot"


@dataclass(frozen=True)
class Entry:
    package: str
    name: str
    description: str
    alias_root: str
    main_resource: str
    prompt_visible: bool
    resources: Mapping[str, str]


def _segment_ok(segment: str) -> bool:
    # A `?` is accepted (captured: snapshot-package-with-question-mark).
    return bool(segment) and segment not in (".", "..") and not any(c in segment for c in "/#\\")


def _valid(entry: Entry) -> bool:
    root = entry.alias_root
    if not root.startswith(_SCHEME) or not _segment_ok(root[len(_SCHEME) :]):
        return False
    if not entry.package.startswith(root + "/") or not _segment_ok(entry.package[len(root) + 1 :]):
        return False
    if not entry.main_resource.startswith(entry.package + "/"):
        return False
    return entry.main_resource in entry.resources


def _entry(value: JSON) -> Entry:
    if (
        not isinstance(value, dict)
        or set(value) - _FIELDS
        or not (_FIELDS - {"prompt_visible"}) <= set(value)
    ):
        raise SnapshotRefused(
            f"invalid skill snapshot: a skill must be an object with the fields {sorted(_FIELDS)} "
            "(prompt_visible optional) and no others"
        )
    texts = [value[key] for key in ("package", "name", "description", "alias_root", "main_resource")]
    resources = value["resources"]
    visible = value.get("prompt_visible", True)
    if (
        not all(isinstance(text, str) for text in texts)
        or not isinstance(resources, dict)
        or not all(isinstance(text, str) for text in resources.values())
        or not isinstance(visible, bool)
    ):
        raise SnapshotRefused(
            "invalid skill snapshot: a skill's fields are strings, `resources` an object of strings, "
            "`prompt_visible` a boolean"
        )
    package, name, text, root, main = texts
    return Entry(package, name, text, root, main, prompt_visible=visible, resources=resources)


def load_snapshot(value: JSON) -> tuple[Entry, ...]:
    """The snapshot's skills in file order, or ``SnapshotRefused`` with the release's text."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError as error:
            raise SnapshotRefused(f"invalid skill snapshot: not JSON ({error})") from error
    if not isinstance(value, dict) or set(value) != {"skills"} or not isinstance(value["skills"], list):
        raise SnapshotRefused(
            "invalid skill snapshot: the file must be an object with one field, `skills`, a list"
        )
    entries = tuple(_entry(skill) for skill in value["skills"])
    for entry in entries:
        if not _valid(entry):
            raise SnapshotRefused("invalid skill package or resource")
    packages = [entry.package for entry in entries]
    if len(set(packages)) != len(packages):
        raise SnapshotRefused("duplicate skill package")
    return entries
