"""A new edition's tables, derived as text from the nearest edition's.

An edition is data: a table in the kit's ``editions.py`` (how to drive the
release) and one in the reference's (how it behaves), each a ``replace()``
of the nearest edition's table.  ``edition add`` writes them the way a
person would: one derived table per file naming only what differs (the
package, its digest, where the binary sits when the release moved it), the
table put into ``EDITIONS`` in release order.  CI's lanes are not written:
tox.ini and the CI scripts read the editions from the table when they run
(lanes.py), so the new edition is CI's newest at once.  Nothing here knows
what an edition means; each function takes a file's text and gives the new
text (the same text when the edition is already there), so a test can
derive from the committed files without writing them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from codex_conformance.editions import version_key

# Where the edition tables list the editions, in release order.
_EDITIONS_LINE = re.compile(
    r"^EDITIONS: dict\[str, Edition\] = \{\s*edition\.version: edition\s+for edition in \(([^)]*)\)\s*\}$",
    re.MULTILINE,
)
_EDITIONS_START = "EDITIONS: dict[str, Edition] = {"
_EDITIONS_COMPREHENSION = "edition.version: edition for edition in ({names})"
# The formatter's line length (pyproject.toml): a longer EDITIONS line is wrapped as ruff wraps it.
_LINE_LENGTH = 110
_RELEASE_ORDER_COMMENT = "# Release order"


class DerivationError(ValueError):
    """A file does not have the shape the derivation writes into; the message names it."""


def table_name(version: str) -> str:
    """The name of an edition's table in either ``editions.py``: ``0.171.0`` -> ``V0_171_0``."""
    return "V" + version.replace(".", "_")


@dataclass(frozen=True)
class DrivingRow:
    """What the kit's table of a new edition says beyond the nearest edition's."""

    version: str
    nearest: str
    package_spec: str
    tarball_sha512: str
    # Set only where the release's package puts them elsewhere than the nearest edition's.
    binary_path: str | None = None
    helper_path_dir: str | None = None


def _python_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _insert_table(source: str, where: str, version: str, nearest: str, block: str) -> str:
    """``source`` with ``block`` (the new table) before the release-order comment and the table's
    name in ``EDITIONS`` in release order; ``source`` itself when the table is there already."""
    name = table_name(version)
    if re.search(rf"^{name}\s*=", source, re.MULTILINE):
        return source
    if not re.search(rf"^{table_name(nearest)}\s*=", source, re.MULTILINE):
        raise DerivationError(f"{where} has no table {table_name(nearest)} to derive {name} from")
    found = _EDITIONS_LINE.search(source)
    if found is None:
        raise DerivationError(f"{where} has no `EDITIONS: dict[str, Edition] = {{...}}` line")
    names = [part.strip() for part in found.group(1).split(",") if part.strip()]
    versions = [part.removeprefix("V").replace("_", ".") for part in names]
    versions = sorted([*versions, version], key=version_key)
    source = source[: found.start()] + _editions_line(versions) + source[found.end() :]
    comment = source.find(f"\n{_RELEASE_ORDER_COMMENT}")
    if comment < 0:
        raise DerivationError(f"{where} has no `{_RELEASE_ORDER_COMMENT}` comment before EDITIONS")
    return source[: comment + 1] + block + "\n" + source[comment + 1 :]


def _editions_line(versions: list[str]) -> str:
    comprehension = _EDITIONS_COMPREHENSION.format(names=", ".join(table_name(v) for v in versions))
    line = f"{_EDITIONS_START}{comprehension}}}"
    if len(line) <= _LINE_LENGTH:
        return line
    if len(f"    {comprehension}") <= _LINE_LENGTH:
        return f"{_EDITIONS_START}\n    {comprehension}\n}}"
    names = "".join(f"        {table_name(v)},\n" for v in versions)
    return f"{_EDITIONS_START}\n    edition.version: edition\n    for edition in (\n{names}    )\n}}"


def derive_driving_table(source: str, row: DrivingRow) -> str:
    """The kit's ``editions.py`` with the new edition's table, derived from the nearest edition's."""
    fields = [
        ("version", row.version),
        (
            "summary",
            f"stable release {row.version}, driven like {row.nearest} (codex-conformance edition add)",
        ),
        ("package_spec", row.package_spec),
        ("tarball_sha512", row.tarball_sha512),
        ("binary_path", row.binary_path),
        ("helper_path_dir", row.helper_path_dir),
    ]
    lines = "".join(f"    {key}={_python_string(value)},\n" for key, value in fields if value is not None)
    block = (
        f"# Derived from {row.nearest}'s table by `codex-conformance edition add {row.version}`.\n"
        f"{table_name(row.version)} = replace(\n    {table_name(row.nearest)},\n{lines})\n"
    )
    return _insert_table(source, "the kit's editions.py", row.version, row.nearest, block)


def derive_reference_table(source: str, version: str, nearest: str) -> str:
    """The reference's ``editions.py`` with the new edition's table: the nearest edition's rules
    under the new version (the rules the captures show changed get tables of their own)."""
    block = (
        f"# Derived from {nearest}'s table by `codex-conformance edition add {version}`; a rule its\n"
        f"# captures show changed gets a table of its own, derived from the nearest that changed it.\n"
        f'{table_name(version)} = replace({table_name(nearest)}, version="{version}")\n'
    )
    return _insert_table(source, "the reference's editions.py", version, nearest, block)


_EDITIONS_LIST = re.compile(r'"editions":\s*\[[^\]]*\]')


def derive_scenario_editions(text: str, version: str, nearest: str) -> str:
    """A scenario file (``fixtures/<area>/_*.json``) with the new edition beside the nearest in every
    ``editions`` list naming it: a scenario captured from the nearest edition is captured from the
    new one too.  Written into the text, so the file keeps its layout."""

    def add(found: re.Match[str]) -> str:
        listed = found.group(0)
        item = f'"{nearest}"'
        if item not in listed or f'"{version}"' in listed:
            return listed
        at = listed.index(item)
        line_start = listed.rfind("\n", 0, at)
        separator = "," + (listed[line_start:at] if line_start >= 0 else " ")
        return listed[: at + len(item)] + separator + f'"{version}"' + listed[at + len(item) :]

    return _add_to_editions_objects(_EDITIONS_LIST.sub(add, text), version, nearest)


_EDITIONS_OBJECT = re.compile(r'"editions":\s*\{')


def _add_to_editions_objects(text: str, version: str, nearest: str) -> str:
    """An ``editions`` object keyed by version (a scenario's settings per edition, as tools'
    ``_scenarios.json`` has them): the nearest's entry copied under the new version after it."""
    decoder = json.JSONDecoder()
    parts, done = [], 0
    for found in _EDITIONS_OBJECT.finditer(text):
        start = found.end() - 1
        settings, end = decoder.raw_decode(text, start)
        if not isinstance(settings, dict) or nearest not in settings or version in settings:
            continue
        key = text.find(f'"{nearest}":', start, end)
        if key < 0:
            continue
        colon = key + len(f'"{nearest}":')
        value_start = colon + len(text[colon:end]) - len(text[colon:end].lstrip())
        _value, value_end = decoder.raw_decode(text, value_start)
        line_start = text.rfind("\n", start, key)
        separator = "," + (text[line_start:key] if line_start >= 0 else " ")
        parts.append(text[done:value_end] + separator + f'"{version}":' + text[colon:value_end])
        done = value_end
    parts.append(text[done:])
    return "".join(parts)


def derive_versioned_data(directory_files: dict[str, str], version: str, nearest: str) -> dict[str, str]:
    """The reference's release texts of the new edition, derived from the nearest edition's: for each
    data file named by the nearest version (``instructions-<V>.md``, ``catalog-<V>.json``) a copy
    named by the new one, and in a JSON file keyed by version (``tools.json``) the nearest's entry
    under the new version.  ``directory_files``: file name -> text; the result: the files to write.
    The captures then show which texts the release changed."""
    written: dict[str, str] = {}
    for name, text in directory_files.items():
        if f"-{nearest}." in name:
            copy = name.replace(f"-{nearest}.", f"-{version}.")
            if copy not in directory_files:
                written[copy] = text
        elif name.endswith(".json"):
            data = json.loads(text)
            if isinstance(data, dict) and nearest in data and version not in data:
                if json.dumps(data, indent=1, ensure_ascii=False) + "\n" != text:
                    raise DerivationError(f"{name} is not laid out as json.dumps(indent=1) writes it")
                entries = list(data.items())
                at = [key for key, _value in entries].index(nearest) + 1
                entries.insert(at, (version, data[nearest]))
                written[name] = json.dumps(dict(entries), indent=1, ensure_ascii=False) + "\n"
    return written
