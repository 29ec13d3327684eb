"""``skills.read``: one bounded page of a skill's resource (spec/skills.md).

The package is looked up among the skills the model is shown, by its full
package, its catalog locator (``c0/name``: root alias ``cN`` for the Nth
distinct alias root in package order) or its bare name (SKILLS-READ-1); the resource
defaults to the main resource and must be one of the package's resource ids
exactly as the snapshot spells them (SKILLS-READ-URI-1).  The page is the
longest prefix from the cursor's offset, ending on a character, whose
response fits the budget with a cursor; a response whose whole rest fits
has ``next_cursor: null`` (SKILLS-READ-PAGE-1).
"""

from __future__ import annotations

from codex_reference.json_types import JSON
from codex_reference.skills import wire
from codex_reference.skills.arguments import RespondToModel
from codex_reference.skills.listing import bounded_handle, parse_usize
from codex_reference.skills.rules import SkillsRules
from codex_reference.skills.snapshot import Entry

__all__ = ["alias_names", "read_page", "resolve_package", "shown_by_package"]


def shown_by_package(entries: tuple[Entry, ...]) -> list[Entry]:
    """The skills the model is shown, sorted by package (the catalog's order, SKILLS-CATALOG-1)."""
    return sorted((entry for entry in entries if entry.prompt_visible), key=lambda entry: entry.package)


def alias_names(entries: tuple[Entry, ...]) -> dict[str, str]:
    """Each alias root of the shown skills → its short name ``cN``, in order of first use by package.

    A root only hidden skills use gets no name (capture ``tools-alias-root-order``).
    """
    names: dict[str, str] = {}
    for entry in shown_by_package(entries):
        if entry.alias_root not in names:
            names[entry.alias_root] = f"c{len(names)}"
    return names


def resolve_package(rules: SkillsRules, entries: tuple[Entry, ...], package: str) -> Entry:
    aliases = alias_names(entries)
    for entry in entries:
        if not entry.prompt_visible:
            continue
        short = aliases[entry.alias_root] + entry.package[len(entry.alias_root) :]
        if package in (entry.package, short, entry.name):
            return entry
    raise RespondToModel(rules.package_unavailable)


def _start(rules: SkillsRules, cursor: str | None, contents: str) -> int:
    if cursor is None:
        return 0
    head, colon, offset_text = cursor.partition(":")
    if not colon:
        raise RespondToModel(rules.read_cursor_invalid)
    if head != wire.fingerprint(contents):
        raise RespondToModel(rules.read_cursor_stale)
    offset = parse_usize(offset_text)
    if offset is None:
        raise RespondToModel(rules.read_cursor_invalid)
    return offset


def _char_boundaries(contents: str) -> list[int]:
    """Byte offsets of every character boundary, 0 and the end included."""
    offsets = [0]
    for char in contents:
        offsets.append(offsets[-1] + len(char.encode("utf-8")))
    return offsets


def _page(rules: SkillsRules, resource: str, contents: str, start: int, budget: int) -> dict[str, JSON]:
    data = contents.encode("utf-8")
    boundaries = _char_boundaries(contents)
    if start not in set(boundaries):  # past the end, or inside a character
        raise RespondToModel(rules.read_cursor_invalid)
    fingerprint_hex = wire.fingerprint(contents)

    def response(end: int, next_cursor: str | None) -> dict[str, JSON]:
        text = data[start:end].decode("utf-8")
        return {"resource": resource, "contents": text, "next_cursor": next_cursor}

    complete = response(len(data), None)
    if wire.serialized_len(rules, complete) <= budget:
        return complete
    # The longest page that fits; sizes grow with the end, so a binary search finds it.
    ends = [offset for offset in boundaries if offset > start]
    low, high, best = 0, len(ends), None
    while low < high:
        middle = (low + high) // 2
        candidate = response(ends[middle], wire.format_cursor(fingerprint_hex, ends[middle], None))
        if wire.serialized_len(rules, candidate) <= budget:
            best, low = candidate, middle + 1
        else:
            high = middle
    if best is None:
        raise RespondToModel(rules.read_no_room)
    return best


def read_page(
    rules: SkillsRules,
    *,
    entries: tuple[Entry, ...],
    budget: int,
    package: str,
    resource: str | None,
    cursor: str | None,
) -> dict[str, JSON]:
    # The arguments are checked before the package is looked up (captured:
    # read-resource-over-limit-unknown-package); a default main resource is not.
    for name, value in (("package", package), ("resource", resource)):
        if value is not None and not bounded_handle(rules, value):
            raise RespondToModel(rules.read_argument_unbounded.format(name=name))
    entry = resolve_package(rules, entries, package)
    resource_id = entry.main_resource if resource is None else resource
    if rules.resource_id_rewrite is not None:
        resource_id = rules.resource_id_rewrite(resource_id)
    contents = entry.resources.get(resource_id)
    if contents is None:
        raise RespondToModel(rules.read_failed)
    return _page(rules, resource_id, contents, _start(rules, cursor, contents), budget)
