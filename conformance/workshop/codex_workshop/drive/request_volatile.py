"""The expected value of a ``request.build`` case: the observed request with its volatile spans as patterns.

A release makes up values no config fixes: session, thread, turn and
installation ids, message ids, the temporary working and home directories of
the run, the date, the time zone, a timestamp, and the OS and terminal in its
user agent.  Each such span becomes a regex of its form (everything around
it stays literal), and the observed values go into the case's args under
``observed``, so that a port given them must write the request byte for byte
while the release, re-run, still matches (the scheme of drive/volatile.py).

The release's built-in instructions (0.25.0 ``instructions``, 0.169.0's
first developer text) are pinned exactly by the ``request.builtins`` cases;
in a ``request.build`` case they are checked by their first line and their
length (spec/request.md, REQ-TEXT-1), which says which text was sent without
repeating 25 kB in every case.
"""

from __future__ import annotations

import json
import re
from typing import Any

from codex_conformance.compare import PATTERN_KEY
from codex_workshop.drive.request_observe import CREATE_TIME, passthrough_metadata

UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
# tempfile's names: a prefix and eight characters from [a-z0-9_].
TEMP_DIR = r"/tmp/codex-conformance-(?:work|home)-[a-z0-9_]{8}"
_SPANS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(UUID), UUID),
    (re.compile(TEMP_DIR), TEMP_DIR),
    (re.compile(r'(?<="turn_started_at_unix_ms":)[0-9]+'), r"[0-9]+"),
    (
        re.compile(r"(?<=<current_date>)[0-9]{4}-[0-9]{2}-[0-9]{2}(?=</current_date>)"),
        r"[0-9]{4}-[0-9]{2}-[0-9]{2}",
    ),
    (re.compile(r"(?<=<timezone>)[^<]+(?=</timezone>)"), r"[^<]+"),
)
# The OS and terminal the user agent names: "(Debian 12.0.0; x86_64) unknown".
_USER_AGENT_HOST = re.compile(r"(?<=/)(?P<version>[0-9.]+) \((?P<os>[^()]*)\) (?P<terminal>\S+)")
# A clock reading in seconds, as the JSON text of a number.
CLOCK_SECONDS = r"[0-9]+(?:\.[0-9]+)?"
BUILTIN_MIN_CHARS = 4000
BUILTIN_PREFIX_CHARS = 80


def builtin_pattern(text: str) -> dict[str, str]:
    """First characters literally, then exactly as many characters as the text has."""
    head = text[:BUILTIN_PREFIX_CHARS]
    return {PATTERN_KEY: re.escape(head) + rf"[\s\S]{{{len(text) - len(head)}}}"}


def _pattern_of(text: str, extra: list[tuple[int, int, str]]) -> str | dict[str, str]:
    spans = list(extra)
    for regex, form in _SPANS:
        spans += [(m.start(), m.end(), form) for m in regex.finditer(text)]
    if not spans:
        return text
    pieces: list[str] = []
    position = 0
    for start, end, form in sorted(spans):
        if start < position:
            continue  # a span inside one already replaced
        pieces += [re.escape(text[position:start]), form]
        position = end
    pieces.append(re.escape(text[position:]))
    return {PATTERN_KEY: "".join(pieces)}


def _strings(value: Any) -> Any:
    if isinstance(value, str):
        return _pattern_of(value, [])
    if isinstance(value, list):
        return [_strings(item) for item in value]
    if isinstance(value, dict):
        return {key: _strings(item) for key, item in value.items()}
    return value


def _builtin_texts(body: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(container, key) of every built-in instructions text in the body."""
    places: list[tuple[Any, Any]] = []
    if isinstance(body.get("instructions"), str) and len(body["instructions"]) >= BUILTIN_MIN_CHARS:
        places.append((body, "instructions"))
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("role") == "developer":
            for part in item.get("content") or []:
                if isinstance(part, dict) and len(str(part.get("text", ""))) >= BUILTIN_MIN_CHARS:
                    places.append((part, "text"))
    for message in body.get("messages") or []:  # Chat Completions: the system message
        content = message.get("content") if isinstance(message, dict) else None
        if message.get("role") == "system" and isinstance(content, str) and len(content) >= BUILTIN_MIN_CHARS:
            places.append((message, "content"))
    return places


def expected_request(observed: dict[str, Any]) -> dict[str, Any]:
    headers = []
    for name, value in observed["headers"]:
        if name == "user-agent":
            extra = [
                (m.start(group), m.end(group), form)
                for m in _USER_AGENT_HOST.finditer(value)
                for group, form in (("os", r"[^()]*"), ("terminal", r"\S+"))
            ]
            headers.append([name, _pattern_of(value, extra)])
        else:
            headers.append([name, _pattern_of(value, [])])
    body = _strings(observed["body"])
    expected = {
        "method": observed["method"],
        "url": _pattern_of(observed["url"], []),
        "headers": headers,
        "body": body,
    }
    for container, key in _builtin_texts(observed["body"]):
        _replace_same_place(observed["body"], expected["body"], container, key)
    for metadata in passthrough_metadata(expected["body"]):
        if isinstance(metadata.get(CREATE_TIME), str):  # a clock reading (drive/request_observe.py)
            metadata[CREATE_TIME] = {PATTERN_KEY: CLOCK_SECONDS}
    if "body_encoding" in observed:  # a compressed body's frame: compared as it was sent
        expected["body_encoding"] = observed["body_encoding"]
    return expected


def _replace_same_place(source: Any, target: Any, container: Any, key: Any) -> bool:
    """Put the builtin pattern into ``target`` where ``source`` has ``container[key]``."""
    if source is container:
        target[key] = builtin_pattern(container[key])
        return True
    if isinstance(source, dict):
        return any(_replace_same_place(source[k], target[k], container, key) for k in source)
    if isinstance(source, list):
        return any(_replace_same_place(s, t, container, key) for s, t in zip(source, target, strict=True))
    return False


def builtin_texts(body: dict[str, Any]) -> list[str]:
    return [container[key] for container, key in _builtin_texts(body)]


def observed_values(result: dict[str, Any]) -> dict[str, Any]:
    """The volatile values of one observed request, named, for a port to write back."""
    headers = dict((name, value) for name, value in result["headers"])
    found: dict[str, Any] = {}
    agent = _USER_AGENT_HOST.search(headers.get("user-agent", ""))
    if agent is not None:
        found["os"] = agent.group("os")
        found["terminal"] = agent.group("terminal")
    found["session_id"] = headers.get("session_id") or headers.get("session-id")
    text = json.dumps(result["body"], ensure_ascii=False)
    for name, regex in (
        ("cwd", r"/tmp/codex-conformance-work-[a-z0-9_]{8}"),
        ("codex_home", r"/tmp/codex-conformance-home-[a-z0-9_]{8}"),
        ("current_date", r"(?<=<current_date>)[^<]+"),
        ("timezone", r"(?<=<timezone>)[^<]+"),
    ):
        match = re.search(regex, text)
        if match is not None:
            found[name] = match.group(0)
    metadata = headers.get("x-codex-turn-metadata")
    if metadata is not None:
        turn = json.loads(metadata)
        for name in ("installation_id", "turn_id", "context_window_id", "turn_started_at_unix_ms"):
            found[name] = turn.get(name)
    times = [metadata.get(CREATE_TIME) for metadata in passthrough_metadata(result["body"])]
    if any(isinstance(value, str) for value in times):
        found["message_create_times"] = [value for value in times if isinstance(value, str)]
    ids = [item.get("id") for item in result["body"].get("input") or [] if isinstance(item, dict)]
    if any(isinstance(value, str) for value in ids):
        found["message_ids"] = ids
    return {name: value for name, value in found.items() if value is not None}
