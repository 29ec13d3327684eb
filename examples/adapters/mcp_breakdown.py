"""Which parts of the ``mcp.tools_to_responses`` answer an implementation gets right, case by case.

The op compares the whole ``tools`` array byte for byte (key order included), and in
0.169.0 the MCP tools sit in ``namespace`` entries after three resource tools, so a library
that emits flat function tools fails every case whatever it does with names and schemas.
This script sends the ``mcp.tools_to_responses`` cases to an adapter and compares parts of
the answer separately, each MCP tool reduced to a flat function tool (0.169.0: the tools
inside the namespaces, named ``namespace + "__" + name`` as the API joins them):

- ``error``: both answer a result, or both an error;
- ``resource``: 0.169.0's three resource tools (``list_mcp_resources`` ...) are present
  (0.25.0 has none);
- ``count``: the number of MCP tools;
- ``names``: the names as the model sees them, in order;
- ``bare``: the tool names without the release's ``server__`` (0.25.0) or namespace
  (0.169.0) part, in any order (what a library that adds no server part can match);
- ``keys``: each entry's keys as a set (``type name description strict parameters``);
- ``description``, ``strict``, ``parameters``: those fields, tool by tool in the release's
  order matched by position after sorting both sides by name (so an ordering difference
  alone does not count here);
- ``order``: the tools in the same order when their names are compared after removing the
  release's ``server__`` (0.25.0) or namespace (0.169.0) part;
- ``exact``: the case's own comparison.

Upstream cases compare a subset (names only); parts they do not hold count as agreeing.
It prints per edition how many cases agree on each part and with ``--cases`` one line per
case naming the parts that differ; with ``--expected-failures REPORT.json`` an
expected-failures file (TOML) for the report's failing ``mcp.tools_to_responses`` cases.

    python examples/adapters/mcp_breakdown.py IMPL [--cases]
    python examples/adapters/mcp_breakdown.py IMPL --expected-failures report.json

Used for the numbers in ``docs/reports/*-findings.md``.  Nothing here is written back.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from breakdown import answer, cases_of, expected_failure, failed_outcomes, parse_arguments

from codex_conformance.compare import canonical
from codex_conformance.compare import compare as compare_as
from codex_conformance.impl import connect

OP = "mcp.tools_to_responses"
PARTS = (
    "error",
    "resource",
    "count",
    "names",
    "bare",
    "keys",
    "description",
    "strict",
    "parameters",
    "order",
    "exact",
)
RESOURCE_TOOLS = ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"]


def _flat(tools: list[Any]) -> tuple[list[str], list[dict[str, Any]], list[str]]:
    """(names of non-namespace function tools, MCP tools flattened, tool parts of their names)."""
    plain, flat, parts = [], [], []
    for entry in tools:
        if isinstance(entry, dict) and entry.get("type") == "namespace":
            for inner in entry.get("tools") or []:
                flat.append({**inner, "name": f"{entry['name']}__{inner.get('name')}"})
                parts.append(str(inner.get("name")))
        elif isinstance(entry, dict) and entry.get("name") in RESOURCE_TOOLS:
            plain.append(entry["name"])
        else:
            flat.append(entry)
            parts.append(str(entry.get("name")))
    return plain, flat, parts


def _strip_server(name: str, servers: list[str]) -> str:
    for server in sorted(servers, key=len, reverse=True):
        if name.startswith(server + "__"):
            return name[len(server) + 2 :]
    return name


def compare(case: Any, expected: dict[str, Any], response: dict[str, Any]) -> dict[str, bool]:
    same = dict.fromkeys(PARTS, False)
    want_result, got_result = expected.get("result"), response.get("result")
    same["error"] = (want_result is None) == (got_result is None)
    same["exact"] = compare_as(case.compare, expected, response) is None
    if want_result is None or got_result is None:
        return same
    plain_want, want, want_parts = _flat(want_result.get("tools") or [])
    plain_got, got, _ = _flat(got_result.get("tools") or [])
    if case.edition == "0.25.0":
        servers = [str(s.get("name")) for s in case.args.get("servers", [])]
        want_parts = [_strip_server(str(t.get("name")), servers) for t in want]
    same["resource"] = plain_want == plain_got
    same["count"] = len(want) == len(got)
    same["names"] = [t.get("name") for t in want] == [t.get("name") for t in got]
    same["bare"] = sorted(want_parts) == sorted(str(t.get("name")) for t in got)
    same["order"] = want_parts == [str(t.get("name")) for t in got]
    subset = case.compare == "json-subset"
    same["keys"] = subset or (
        same["count"] and all(set(a) == set(b) for a, b in zip(want, got, strict=False))
    )
    by_name = sorted(want, key=lambda t: str(t.get("name"))), sorted(got, key=lambda t: str(t.get("name")))
    paired = sorted(zip(want_parts, range(len(want)), want, strict=True), key=lambda p: (p[0], p[1]))
    by_part = [p[2] for p in paired], by_name[1]
    for field in ("description", "strict", "parameters"):
        if subset:
            same[field] = True
            continue
        left, right = by_part if case.edition == "0.25.0" or not same["names"] else by_name
        same[field] = same["count"] and all(
            canonical(a.get(field)) == canonical(b.get(field)) for a, b in zip(left, right, strict=False)
        )
    return same


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(__doc__, argv)
    cases = cases_of(OP)
    agree: dict[str, Counter[str]] = {}
    differing: dict[str, str] = {}
    with connect(args.impl, timeout=args.timeout) as connection:
        for case in cases:
            tally = agree.setdefault(case.edition, Counter())
            tally["cases"] += 1
            response = answer(connection, case)
            expected = case.expected.model_dump(exclude_none=True)
            # An any_of case: judged against the alternative it agrees with most.
            alternatives = expected.get("any_of", [expected])
            same = max(
                (compare(case, alternative, response) for alternative in alternatives),
                key=lambda parts: sum(parts.values()),
            )
            for part, ok in same.items():
                tally[part] += ok
            parts = [part for part in PARTS if not same[part]]
            reason = "differs from the release on " + ", ".join(parts)
            if "error" in parts:
                error = (
                    response.get("error") or case.expected.model_dump(exclude_none=True).get("error") or {}
                )
                reason += f" ({str(error.get('message'))[:160]})"
            differing[case.id] = reason
    if args.expected_failures:
        print(_expected_failures_toml(args.expected_failures, differing), end="")
        return 0
    for edition, tally in agree.items():
        cells = ", ".join(f"{part} {tally[part]}" for part in PARTS)
        print(f"{edition}: {tally['cases']} {OP} cases; agree on {cells}")
    if args.cases:
        print("\n".join(f"{case}: {reason}" for case, reason in differing.items()))
    return 0


def _expected_failures_toml(report_path: str, differing: dict[str, str]) -> str:
    out = [f"# {OP} (generated by examples/adapters/mcp_breakdown.py from its report, then reviewed)."]
    for outcome in failed_outcomes(report_path):
        if outcome.get("op") != OP:
            continue
        reason = differing.get(outcome["id"]) or f"property check: {outcome.get('reason', '')}"
        out += expected_failure(outcome["id"], reason)
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
