"""Credentials in what the kit writes: redacted before a capture is written, found by the lint.

A capture records what a release sent, headers included, and the release
may have read a credential from the capturing machine.  ``redact_case``
runs on every captured case before it is written (areas/capturing.py):

- the value of a sensitive header (``Authorization``, ``Cookie``, a name
  ending in ``-key`` or holding ``token``) becomes ``<redacted>`` unless it
  is public: written in the case's own args (a fixture file holds it
  already), or the kit's own placeholder key, optionally after an auth
  scheme (``Bearer sk-conformance``);
- anything shaped like a live token, anywhere (``sk-...``, ``ghp_...``,
  a JWT ``eyJ...``, an AWS ``AKIA...`` key id, a private key block),
  becomes ``<redacted:KIND>``.

``scan`` finds the same things in files (fixtures/, docs/): what the lint
reports.  The shapes need realistic lengths, so the kit's placeholders
(``sk-conformance``) are not live credentials.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from codex_conformance.problems import Problem

# The key the kit itself gives the mock provider (drive/exec_run.py).
MOCK_API_KEY = "sk-conformance"
KIT_PLACEHOLDERS = frozenset({MOCK_API_KEY})
REDACTED = "<redacted>"

TOKEN_SHAPES: dict[str, re.Pattern[str]] = {
    "openai-key": re.compile(r"(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
    "github-token": re.compile(
        r"(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})"
    ),
    "jwt": re.compile(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    "aws-access-key": re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])"),
    "slack-token": re.compile(r"(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}"),
    "private-key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
}
_SCHEMES = ("bearer ", "basic ", "token ")
_SENSITIVE_NAMES = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie", "apikey"})


def sensitive_header(name: str) -> bool:
    lowered = name.lower()
    return lowered in _SENSITIVE_NAMES or lowered.endswith("-key") or "token" in lowered


def redact_text(text: str) -> str:
    """``text`` with every token-shaped run replaced by ``<redacted:KIND>``."""
    for kind, shape in TOKEN_SHAPES.items():
        text = shape.sub(f"<redacted:{kind}>", text)
    return text


def strings_in(value: Any) -> Iterator[str]:
    """Every string (keys included) in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def public_values(args: Any) -> frozenset[str]:
    """What a case may show in a sensitive header: its own args' strings, and the kit's placeholders."""
    return frozenset(strings_in(args)) | KIT_PLACEHOLDERS


def is_public(value: str, public: frozenset[str]) -> bool:
    if value in public or not value:
        return True
    lowered = value.lower()
    return any(lowered.startswith(scheme) and value[len(scheme) :] in public for scheme in _SCHEMES)


def _header_value(name: Any, value: Any, public: frozenset[str]) -> Any:
    if isinstance(name, str) and isinstance(value, str) and sensitive_header(name):
        return value if is_public(value, public) else REDACTED
    return value


def _headers(headers: Any, public: frozenset[str]) -> Any:
    if isinstance(headers, list):
        return [
            [pair[0], _header_value(pair[0], pair[1], public)]
            if isinstance(pair, list) and len(pair) == 2
            else pair
            for pair in headers
        ]
    if isinstance(headers, dict):
        return {name: _header_value(name, header, public) for name, header in headers.items()}
    return headers


def redact(value: Any, public: frozenset[str]) -> Any:
    """``value`` with non-public sensitive header values and token shapes redacted.

    A header is a ``[name, value]`` pair in a ``headers`` list, or a member
    of a ``headers`` object."""
    if isinstance(value, str):
        return redact_text(value)
    if isinstance(value, list):
        return [redact(item, public) for item in value]
    if not isinstance(value, dict):
        return value
    result: dict[str, Any] = {}
    for key, item in value.items():
        kept = _headers(item, public) if key == "headers" else item
        result[redact_text(key)] = redact(kept, public)
    return result


def redact_case(args: dict[str, Any], expected: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(args, expected) of a captured case as they may be written."""
    public = public_values(args)
    redacted_args: dict[str, Any] = redact(args, public)
    redacted_expected: dict[str, Any] = redact(expected, public)
    return redacted_args, redacted_expected


# A credential found in a file is a lint problem like any other.
Finding = Problem


def text_findings(text: str, where: str) -> list[Finding]:
    found: list[Finding] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for kind, shape in TOKEN_SHAPES.items():
            if shape.search(line):
                found.append(Finding(f"{where}:{number}", f"looks like a live credential ({kind})"))
    return found


def header_values(value: Any) -> Iterator[tuple[str, str]]:
    """Every (name, value) of a sensitive header in a JSON value (as ``redact`` finds headers)."""
    if isinstance(value, list):
        for item in value:
            yield from header_values(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            pairs: list[Any] = []
            if key == "headers" and isinstance(item, list):
                pairs = [pair for pair in item if isinstance(pair, list) and len(pair) == 2]
            elif key == "headers" and isinstance(item, dict):
                pairs = [list(pair) for pair in item.items()]
            for name, header in pairs:
                if isinstance(name, str) and isinstance(header, str) and sensitive_header(name):
                    yield name, header
            yield from header_values(item)


def _case_findings(document: Any, where: str) -> list[Finding]:
    cases = document.get("cases") if isinstance(document, dict) else None
    found: list[Finding] = []
    for case in cases if isinstance(cases, list) else []:
        if not isinstance(case, dict):
            continue
        public = public_values(case.get("args"))
        for name, value in header_values(case.get("expected")):
            if not is_public(value, public) and value != REDACTED:
                found.append(
                    Finding(
                        f"{where} {case.get('id')}", f"header {name!r} holds a value the case does not give"
                    )
                )
    return found


def scan_file(path: Path, where: str | None = None) -> list[Finding]:
    """Token shapes in a text file, and (in a fixture file) sensitive header values not public."""
    label = where or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []  # not text: nothing a person would paste a key into
    found = text_findings(text, label)
    if path.suffix == ".json":
        # The fixture lint reports a file it cannot read.
        with contextlib.suppress(json.JSONDecodeError, RecursionError, ValueError):
            found += _case_findings(json.loads(text), label)
    return found


def scan(roots: Iterable[Path]) -> list[Finding]:
    """Every finding in the files under ``roots`` (a missing root is skipped), each file
    named relative to its root's parent (``fixtures/request/_scenarios.json``)."""
    found: list[Finding] = []
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            found += scan_file(path, str(path.relative_to(root.parent)))
    return found


__all__ = [
    "KIT_PLACEHOLDERS",
    "MOCK_API_KEY",
    "REDACTED",
    "TOKEN_SHAPES",
    "Finding",
    "header_values",
    "is_public",
    "public_values",
    "redact",
    "redact_case",
    "redact_text",
    "scan",
    "scan_file",
    "sensitive_header",
]
