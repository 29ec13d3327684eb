"""The file a gateway's recordings are kept in: one per gateway, one run per route or version.

::

    {"format": FORMAT, "gateway": "litellm",
     "runs": [{"name": "litellm 1.106.12 (openai/ models: Responses)", "version": "1.106.12",
               "command": "...", "date": "2026-12-02", "editions": [...], "entries": [...]}],
     "shared": {"<key>": <value>, ...}}

Each entry carries its ``edition`` and ``scenario``; with its run's name,
version and date that is its provenance.  Recording a run again replaces the
run of the same name and keeps the others, so one gateway's routes and
versions share a file.

Request bodies repeat most of themselves (the instructions and the tool
list in every request of every scenario), so a value of a request body that
occurs more than once in the file and is at least ``SHARED_MIN_BYTES`` long
as JSON is written once under ``shared`` and referred to as
``{"$shared": "<key>"}`` (the key: the start of its SHA-256).  ``read``
puts every value back, so a reader sees the bodies as they were sent.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

FORMAT = "codex-conformance gateway recording 1"
SHARED_KEY = "$shared"
SHARED_MIN_BYTES = 1024
_KEY_HEX = 16


class RecordingFileError(ValueError):
    """A recording file that cannot be read; the message names the file and the place in it."""


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:_KEY_HEX]


def _count(value: Any, counts: Counter[str]) -> None:
    if isinstance(value, dict | list | str):
        text = _canonical(value)
        if len(text.encode("utf-8")) >= SHARED_MIN_BYTES:
            counts[_key(text)] += 1
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for child in children:
        _count(child, counts)


def _shared(value: Any, counts: Counter[str], table: dict[str, Any]) -> Any:
    """``value`` with each repeated large part replaced by a reference into ``table``."""
    if isinstance(value, dict | list | str):
        text = _canonical(value)
        if len(text.encode("utf-8")) >= SHARED_MIN_BYTES and counts[_key(text)] > 1:
            key = _key(text)
            if key not in table:
                table[key] = None  # claimed first: a value holding itself cannot recurse forever
                table[key] = _shared_children(value, counts, table)
            return {SHARED_KEY: key}
    return _shared_children(value, counts, table)


def _shared_children(value: Any, counts: Counter[str], table: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        return {name: _shared(child, counts, table) for name, child in value.items()}
    if isinstance(value, list):
        return [_shared(child, counts, table) for child in value]
    return value


def _resolved(value: Any, table: dict[str, Any], where: str, depth: int = 0) -> Any:
    if isinstance(value, dict):
        if set(value) == {SHARED_KEY}:
            key = value[SHARED_KEY]
            if not isinstance(key, str) or key not in table:
                raise RecordingFileError(f"{where}: refers to a shared value {key!r} the file does not hold")
            if depth > 64:
                raise RecordingFileError(f"{where}: shared values refer to each other in a loop")
            return _resolved(table[key], table, where, depth + 1)
        return {name: _resolved(child, table, where, depth) for name, child in value.items()}
    if isinstance(value, list):
        return [_resolved(child, table, where, depth) for child in value]
    return value


def _is_request(entry: Any) -> bool:
    return isinstance(entry, dict) and entry.get("kind") == "request" and "body" in entry


def _bodies(runs: list[dict[str, Any]]) -> list[Any]:
    return [entry["body"] for run in runs for entry in run["entries"] if _is_request(entry)]


def packed(gateway: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The file's content for ``runs`` (their request bodies as sent), repeats shared."""
    counts: Counter[str] = Counter()
    for body in _bodies(runs):
        _count(body, counts)
    table: dict[str, Any] = {}
    out_runs = []
    for run in runs:
        entries = [
            {**entry, "body": _shared(entry["body"], counts, table)} if _is_request(entry) else entry
            for entry in run["entries"]
        ]
        out_runs.append({**run, "entries": entries})
    return {"format": FORMAT, "gateway": gateway, "runs": out_runs, "shared": dict(sorted(table.items()))}


def read(path: Path) -> dict[str, Any]:
    """The file with every shared value put back; ``RecordingFileError`` naming the file otherwise."""
    try:
        content = json.loads(path.read_text(encoding="utf-8"))
    except OSError as failed:
        raise RecordingFileError(f"{path}: cannot be read: {failed.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as broken:
        raise RecordingFileError(f"{path}: not JSON: {broken}") from None
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise RecordingFileError(f"{path}: not a gateway recording (its format is not {FORMAT!r})")
    runs, table = content.get("runs"), content.get("shared", {})
    if not isinstance(runs, list) or not isinstance(table, dict):
        raise RecordingFileError(f"{path}: 'runs' must be a list and 'shared' an object")
    for index, run in enumerate(runs):
        if not isinstance(run, dict) or not isinstance(run.get("entries"), list):
            raise RecordingFileError(f"{path}: run {index}: not an object with a list of 'entries'")
        for number, entry in enumerate(run["entries"]):
            if isinstance(entry, dict) and "body" in entry:
                entry["body"] = _resolved(entry["body"], table, f"{path}: run {index} entry {number}")
    content.pop("shared", None)
    return content


def write_run(path: Path, gateway: str, run: dict[str, Any]) -> None:
    """Put ``run`` in the file at ``path`` (made if absent), replacing a run of the same name."""
    runs = read(path)["runs"] if path.exists() else []
    runs = [kept for kept in runs if kept.get("name") != run["name"]] + [run]
    runs.sort(key=lambda kept: str(kept.get("name")))
    path.write_text(json.dumps(packed(gateway, runs), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


__all__ = ["FORMAT", "SHARED_KEY", "RecordingFileError", "packed", "read", "write_run"]
