"""Which parts of the ``chat.request`` body an implementation gets right, case by case.

``chat.request`` compares the whole body, key order included, so a bridge that sends
``{"messages", "model", ...}`` fails every case whatever its messages look like.  This
script sends the captured ``chat.request`` cases to an adapter and compares parts of the
body separately, with key order ignored (the release's patterns, such as the working
directory, still apply):

- ``keys``: the top-level keys (as a set) and the values of ``model`` and ``stream``;
- ``roles``: the message sequence's shape: each message's role and number of tool calls;
- ``messages``: the messages themselves;
- ``flat``: the messages once a ``content`` made of text parts only
  (``[{"type": "text", "text": ...}, ...]``) is read as their joined text, which is what
  the release sends: a bridge that only chose the list form agrees here;
- ``tools``: the tools;
- ``order``: the body with key order (the case's own comparison).

It prints per part how many cases agree, and with ``--cases`` one line per case naming
the parts that differ and the first differing message; with ``--expected-failures
REPORT.json`` it prints an expected-failures file (TOML) whose reasons name those parts.

    python examples/adapters/chat_breakdown.py IMPL [--cases]
    python examples/adapters/chat_breakdown.py IMPL --expected-failures report.json > expected-failures.toml

Used for the numbers in ``docs/reports/*-findings.md``.  Expected values are the captured
ones; nothing here is written back.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

from breakdown import answer, cases_of, expected_failure, failed_outcomes, parse_arguments

from codex_conformance.compare import canonical, json_pattern, resolve_patterns
from codex_conformance.impl import connect

PARTS = ("keys", "roles", "messages", "flat", "tools", "order")


def _unordered(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _shape(messages: Any) -> list[tuple[Any, int]]:
    return [
        (m.get("role"), len(m.get("tool_calls") or [])) if isinstance(m, dict) else (None, 0)
        for m in messages or []
    ]


def _is_text_part(part: Any) -> bool:
    return isinstance(part, dict) and set(part) == {"type", "text"} and part["type"] == "text"


def _flat(messages: Any) -> Any:
    if not isinstance(messages, list):
        return messages
    out = []
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list) and content and all(_is_text_part(part) for part in content):
            out.append({**message, "content": "".join(str(part["text"]) for part in content)})
        else:
            out.append(message)
    return out


def compare(expected: dict[str, Any], actual: dict[str, Any]) -> tuple[dict[str, bool], str]:
    """Per part, whether ``actual`` agrees with ``expected``; and the first differing message."""
    flat = {
        **actual,
        "body": {**(actual.get("body") or {}), "messages": _flat((actual.get("body") or {}).get("messages"))},
    }
    want, got = resolve_patterns(expected, actual)["body"], actual.get("body") or {}
    flat_want, flat_got = resolve_patterns(expected, flat)["body"], flat["body"]
    same = {
        "keys": set(want) == set(got) and all(want.get(k) == got.get(k) for k in ("model", "stream")),
        "roles": _shape(want.get("messages")) == _shape(got.get("messages")),
        "messages": _unordered(want.get("messages")) == _unordered(got.get("messages")),
        "flat": _unordered(flat_want.get("messages")) == _unordered(flat_got.get("messages")),
        "tools": _unordered(want.get("tools")) == _unordered(got.get("tools")),
        "order": json_pattern(expected, actual) is None,
    }
    first = ""
    wanted, sent = flat_want.get("messages") or [], flat_got.get("messages") or []
    for index in range(max(len(wanted), len(sent))):
        a = wanted[index] if index < len(wanted) else None
        b = sent[index] if index < len(sent) else None
        if _unordered(a) != _unordered(b):
            first = f"messages[{index}]: release {_short(a)} / implementation {_short(b)}"
            break
    return same, first


def _short(value: Any) -> str:
    text = canonical(value)
    return text if len(text) <= 160 else text[:157] + "..."


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(__doc__, argv)
    cases = cases_of("chat.request")
    agree: Counter[str] = Counter()
    differing: dict[str, list[str]] = {}
    lines: list[str] = []
    with connect(args.impl, timeout=args.timeout) as connection:
        for case in cases:
            agree["cases"] += 1
            expected: dict[str, Any] = case.expected.model_dump()
            response = answer(connection, case)
            actual = response.get("result")
            if not isinstance(actual, dict):
                agree["no result"] += 1
                error = response.get("error") or {}
                differing[case.id] = [f"no body ({error.get('message') or response})"[:200]]
                lines.append(f"{case.id}: {differing[case.id][0]}")
                continue
            same, first = compare(expected["result"], actual)
            for part, ok in same.items():
                agree[part] += ok
            differing[case.id] = [part for part in PARTS if not same[part]] + (
                [f"first at {first}"] if first else []
            )
            lines.append(f"{case.id}: differs on {', '.join(differing[case.id]) or 'nothing'}")
    if args.expected_failures:
        print(_expected_failures_toml(args.expected_failures, differing), end="")
        return 0
    cells = ", ".join(f"{part} {agree[part]}" for part in PARTS)
    print(f"{agree['cases']} chat.request cases; agree on {cells}; no body {agree['no result']}")
    if args.cases:
        print("\n".join(lines))
    return 0


def _expected_failures_toml(report_path: str, differing: dict[str, list[str]]) -> str:
    out = [
        "# Cases this implementation is known to fail (generated by examples/adapters/chat_breakdown.py",
        "# from its report, then reviewed).  The reasons name the parts of the body that differ from",
        "# the release (key order ignored except for `order`); docs/reports/ explains them.",
    ]
    for outcome in failed_outcomes(report_path):
        if outcome["id"] not in differing:
            continue
        parts = differing[outcome["id"]]
        if parts and parts[0].startswith("no body"):
            reason = parts[0]
        else:
            reason = "differs from the release on " + ", ".join(
                p for p in parts if not p.startswith("first at")
            )
            reason += "".join("; " + p for p in parts if p.startswith("first at"))
        out += expected_failure(outcome["id"], reason)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
