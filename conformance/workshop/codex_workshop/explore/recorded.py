"""Explorer inputs from recorded gateway traffic (conformance/workshop/recorded/, made by
``codex-conformance gateway --record``, see gateway/record.py).

What real gateways sent Codex is input the kit's own generators would not
think of, so each recording becomes inputs of the ops it can feed, for the
edition that received it:

- ``sse.responses``: each recorded stream of a ``200`` reply, its text as
  the release received it, cut into reads where the gateway's writes ended
  (``splits``);
- ``dispatch.call``: each call item the gateway handed back, under the model
  the scenario ran with and no extra configuration;
- ``items.serialize``: each item those streams hand back (in a
  ``response.output_item.done``, or only in the final response's
  ``output``), calls, messages and reasoning alike;
- ``http.reply``: each reply that is no stream (an error status and its
  body), its headers as sent, under the retry limits of the http area's
  cases (1 and 1);
- ``items.serialize`` too: each item of the ``input`` of a Responses request
  the gateway forwarded upstream (what the gateway made of the history Codex
  wrote back: an item a gateway that keeps its own history may hand Codex
  again).  Chat Completions requests feed no op (their messages are no
  Responses items), and ``request_bodies`` hands every body out as it is.

Identical inputs are given once; every input says where it came from.  A
file that is not a recording, or an entry without the fields its kind needs,
is a ``RecordedInputError`` naming the file and the entry.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import codex_workshop
from codex_conformance.editions import EDITIONS
from codex_conformance.errors import UsageError
from codex_workshop.drive.conversation_run import MODEL
from codex_workshop.explorer import Args
from codex_workshop.gateway.recording_file import RecordingFileError, read
from codex_workshop.gateway.sse_text import handed_back, is_call

# codex_workshop/ -> workshop/: the recordings sit beside the package, out of both wheels.
RECORDED_DIR = Path(codex_workshop.__file__).resolve().parents[1] / "recorded"
OPS = ("sse.responses", "dispatch.call", "items.serialize", "http.reply")
_KINDS = {"sse", "reply", "websocket", "call", "request", "refused"}
# The fields each kind of entry must have, and their types.
_NEEDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "sse": {"status": int, "headers": list, "stream": str, "writes": list},
    "reply": {"status": int, "headers": list, "body": str},
    "websocket": {"status": int, "headers": list, "from_release": list, "from_gateway": list},
    "call": {"item": dict},
    "request": {"api": str},
    "refused": {},
}


class RecordedInputError(UsageError):
    """A recording that cannot be turned into inputs; the message names the file and the entry."""


@dataclass(frozen=True)
class RecordedInput:
    op: str
    args: Args
    # "ds4codex 0.1.6 (ds4codex.json run 0 entry 12): release 0.169.0, scenario text, recorded 2026-12-02"
    provenance: str
    # The gateway run it was recorded in: "ds4codex.json run 0".
    source: str = ""


@dataclass(frozen=True)
class _Entry:
    fields: dict[str, Any]
    provenance: str
    source: str


def _check(entry: Any, where: str) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise RecordedInputError(f"{where}: not an object")
    kind = entry.get("kind")
    if kind not in _KINDS:
        raise RecordedInputError(f"{where}: unknown kind {kind!r} (known: {', '.join(sorted(_KINDS))})")
    edition = entry.get("edition")
    if edition not in EDITIONS:
        raise RecordedInputError(
            f"{where}: edition {edition!r} is none the kit drives ({', '.join(EDITIONS)})"
        )
    if not isinstance(entry.get("scenario"), str):
        raise RecordedInputError(f"{where}: no scenario")
    for name, wanted in _NEEDS[kind].items():
        if not isinstance(entry.get(name), wanted):
            raise RecordedInputError(f"{where}: a {kind} entry needs {name!r} of type {_type_name(wanted)}")
    if kind == "sse" and not all(isinstance(offset, int) and offset >= 0 for offset in entry["writes"]):
        raise RecordedInputError(f"{where}: 'writes' must be byte offsets (integers from 0)")
    if kind == "reply" and not all(
        isinstance(line, list) and len(line) == 2 and all(isinstance(part, str) for part in line)
        for line in entry["headers"]
    ):
        raise RecordedInputError(f"{where}: 'headers' must be [name, value] string pairs")
    if kind == "request" and "body" not in entry:
        raise RecordedInputError(f"{where}: a request entry needs its 'body'")
    return entry


def _type_name(wanted: type | tuple[type, ...]) -> str:
    kinds = wanted if isinstance(wanted, tuple) else (wanted,)
    return " or ".join({int: "integer", str: "string", list: "list", dict: "object"}[kind] for kind in kinds)


def _entries(path: Path) -> Iterator[_Entry]:
    try:
        content = read(path)
    except RecordingFileError as broken:
        raise RecordedInputError(str(broken)) from None
    for run_index, run in enumerate(content["runs"]):
        name = run.get("name")
        if not isinstance(name, str) or not isinstance(run.get("date"), str):
            raise RecordedInputError(f"{path}: run {run_index}: needs its gateway 'name' and the 'date'")
        for index, entry in enumerate(run["entries"]):
            where = f"{path}: run {run_index} ({name}) entry {index}"
            checked = _check(entry, where)
            provenance = (
                f"{name} ({path.name} run {run_index} entry {index}): release {checked['edition']}, "
                f"scenario {checked['scenario']}, recorded {run['date']}"
            )
            yield _Entry(checked, provenance, f"{path.name} run {run_index}")


def _stream_splits(stream: str, writes: list[int]) -> list[int]:
    size = len(stream.encode("utf-8"))
    return sorted({offset for offset in writes if 0 < offset < size})


def _inputs(entry: _Entry) -> Iterator[RecordedInput]:
    fields, edition = entry.fields, entry.fields["edition"]
    if fields["kind"] == "sse" and fields["status"] == 200:
        stream = fields["stream"]
        args = {"edition": edition, "stream": stream, "splits": _stream_splits(stream, fields["writes"])}
        yield RecordedInput("sse.responses", args, entry.provenance, entry.source)
        for _, item in handed_back(stream):
            yield RecordedInput(
                "items.serialize", {"edition": edition, "item": item}, entry.provenance, entry.source
            )
    elif fields["kind"] == "reply":
        args = {
            "edition": edition,
            "status": fields["status"],
            "headers": fields["headers"],
            "body": fields["body"],
            "abort": False,
            "request_max_retries": 1,
            "stream_max_retries": 1,
        }
        yield RecordedInput("http.reply", args, entry.provenance, entry.source)
    elif fields["kind"] == "request" and fields["api"] == "responses" and isinstance(fields["body"], dict):
        for item in _request_items(fields["body"]):
            yield RecordedInput(
                "items.serialize", {"edition": edition, "item": item}, entry.provenance, entry.source
            )
    # dispatch.call keys its answer by call id: a call without one has no answer to compare.
    elif (
        fields["kind"] == "call"
        and is_call(fields["item"])
        and isinstance(fields["item"].get("call_id"), str)
    ):
        model = fields.get("model") if isinstance(fields.get("model"), str) else MODEL
        args = {"edition": edition, "model": model, "config": {}, "item": fields["item"]}
        yield RecordedInput("dispatch.call", args, entry.provenance, entry.source)


def _request_items(body: dict[str, Any]) -> list[Any]:
    items = body.get("input")
    return items if isinstance(items, list) else []


def recording_files(directory: Path = RECORDED_DIR) -> list[Path]:
    return sorted(directory.glob("*.json")) if directory.is_dir() else []


def load(paths: Iterable[Path]) -> list[RecordedInput]:
    """Every input of every op the recordings feed, in file and entry order, each given once."""
    found: list[RecordedInput] = []
    seen: set[tuple[str, str]] = set()
    for path in paths:
        for entry in _entries(path):
            for recorded in _inputs(entry):
                key = (recorded.op, json.dumps(recorded.args, sort_keys=True))
                if key not in seen:
                    seen.add(key)
                    found.append(recorded)
    return found


def _interleaved(inputs: list[RecordedInput]) -> list[RecordedInput]:
    """One input of each gateway run in turn: any first N of them (a CI sample's budget) then
    come from every gateway, not the first file's."""
    runs: dict[str, list[RecordedInput]] = {}
    for recorded in inputs:
        runs.setdefault(recorded.source, []).append(recorded)
    queues = list(runs.values())
    longest = max((len(queue) for queue in queues), default=0)
    return [queue[index] for index in range(longest) for queue in queues if index < len(queue)]


def recorded_inputs(op: str, edition: str, paths: Iterable[Path] | None = None) -> list[RecordedInput]:
    """The recorded inputs of ``op`` for ``edition`` (the committed recordings by default),
    taking each gateway run's in turn."""
    if op not in OPS:
        raise RecordedInputError(f"no recorded inputs feed {op}: recordings feed {', '.join(OPS)}")
    every = load(recording_files() if paths is None else paths)
    return _interleaved(
        [recorded for recorded in every if recorded.op == op and recorded.args["edition"] == edition]
    )


def request_bodies(paths: Iterable[Path] | None = None) -> list[tuple[str, str, Any]]:
    """(provenance, API, body) of each request a gateway forwarded upstream."""
    return [
        (entry.provenance, entry.fields["api"], entry.fields["body"])
        for path in (recording_files() if paths is None else paths)
        for entry in _entries(path)
        if entry.fields["kind"] == "request"
    ]


__all__ = [
    "OPS",
    "RECORDED_DIR",
    "RecordedInput",
    "RecordedInputError",
    "load",
    "recorded_inputs",
    "recording_files",
    "request_bodies",
]
