"""CPU time of the reference on each input the fuzzers found it slow on, next to reading the request.

    python conformance/workshop/benchmarks/fuzz_findings_cost.py [--repeat 3] [--only TEXT]

``reference/tests/test_fuzz_findings.py`` holds the answers to the inputs
the fuzzers (issue #31) found the reference slow on, and counts the walks it
no longer takes; no test there times a call.  This script times them.  Each
row is one of those tests' inputs, rebuilt here the same way (the test is
named on the row), as CPU seconds (``time.process_time``), best of
``--repeat``:

- seconds: ``codex_reference.adapter.handle`` on the request, freeing its
  reply included (what the model costs, whatever the answer);
- peer: ``json.loads(json.dumps(args))`` on the same args, in the same run:
  writing and reading the request as text, what any adapter pays before
  its op runs (a line of that many bytes is what the wire brings);
- ratio: seconds / peer.

How to read it: the bytes column is the size of the request as text, the
ratio how many times the cost of merely reading it the model spends.  A
finding's slow walk was quadratic in the input, or a step in Python for
each of millions of values, so its coming back shows as a ratio ten or
more times what an earlier run on the same machine printed, not as a few
percent; the test's comment says what the input cost before its fix.
Absolute seconds depend on the machine and its load (both columns are
measured one after the other in one process, so the ratio less so); where
the peer takes a few milliseconds the ratio is noisy: read the seconds
there.  A ratio far under 1 is a request whose text is much larger than
what the reference walks: in process one list can stand in many places,
which the text writes out each time and the reference looks into once, or
a request refused before any op runs (one past the 64 MiB line, which no
wire carries: its peer is what reading it would cost).  The fuzzer's own
budget is 2 s of CPU for a call (``fuzz_reference.py``).

``--only TEXT`` runs the rows whose name holds TEXT.  The cases are loaded
and frozen out of the cycle collector's passes first, as
``fuzz_reference.py`` does.  No target is asserted: figures only, exit
status 0.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir
from codex_reference.adapter import handle

MIB = 1 << 20
_ESCAPED = json.dumps({"cmd": "\u00e9\u2028\U0001f680" * (MIB // 8)})
_SKIPPED = '{"x": "' + "\\ud800" * (MIB // 6)


@cache
def _cases() -> tuple[dict[str, dict[str, Any]], dict[tuple[str, str], str]]:
    """Each case's args by id, and the first case id of each op and edition (the tests' ``_first``)."""
    args: dict[str, dict[str, Any]] = {}
    first: dict[tuple[str, str], str] = {}
    for case in load_cases(fixtures_dir()):
        args[case.id] = dict(case.args)
        first.setdefault((case.op, case.edition), case.id)
    return args, first


def _args(case_id: str) -> dict[str, Any]:
    return copy.deepcopy(_cases()[0][case_id])


def _first(op: str, edition: str) -> dict[str, Any]:
    return _args(_cases()[1][(op, edition)])


@dataclass(frozen=True)
class Finding:
    name: str
    test: str  # in reference/tests/test_fuzz_findings.py
    op: str
    args: Callable[[], dict[str, Any]]  # built afresh for each run: an op may change its args


def _with(args: dict[str, Any], *path: str, value: Any) -> dict[str, Any]:
    """``args`` with the item at ``path`` set to ``value``."""
    holder = args
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return args


def _aliased_enum(last: Any) -> list[Any]:
    """200 references to 200 references to 200 empty lists (``last`` in the end)."""
    leaf: list[Any] = [[]] * 200
    return [[leaf] * 200] * 199 + [last]


def _sse(breaks: str) -> Finding:
    return Finding(
        f"sse.responses: a megabyte of {breaks!r}",
        "test_a_megabyte_of_line_breaks_is_read_in_linear_time",
        "sse.responses",
        lambda: _with(
            _first("sse.responses", "0.169.0"), "stream", value=breaks * (1_000_000 // len(breaks))
        ),
    )


def _tools() -> dict[str, Any]:
    tool = {"name": "x" * MIB, "inputSchema": {"type": "object"}}
    return _with(
        _first("mcp.tools_to_responses", "0.94.0"), "servers", value=[{"name": "srv", "tools": [tool] * 70}]
    )


def _blank_lines(edition: str) -> Finding:
    patch = "*** Begin Patch\n*** Update File: f.txt\n" + "\r\n" * 500_000 + "*** End Patch"
    return Finding(
        f"apply_patch.apply {edition}: 500,000 CR LF lines",
        "test_blank_lines_in_an_update_hunk_are_skipped_in_linear_time",
        "apply_patch.apply",
        lambda: {"edition": edition, "patch": patch, "files": {}},
    )


def _script(edition: str, word: str) -> Finding:
    script = (word + "\n") * (MIB // (len(word) + 1))
    return Finding(
        f"safety {edition}: a megabyte of `{word}` commands",
        "test_a_megabyte_of_one_word_commands_is_tokenized_in_linear_time",
        "safety.is_known_safe_command",
        lambda: {"edition": edition, "argv": ["bash", "-lc", script]},
    )


def _enum_schema(where: str, last: Any) -> dict[str, Any]:
    sub = {"enum": _aliased_enum(last)}
    schema: dict[str, Any] = {"type": "object", "properties": {"a": sub} if where == "properties" else {}}
    if where == "additionalProperties":
        schema["additionalProperties"] = sub
    return {"edition": "0.169.0", "schema": schema}


def _enum(where: str) -> Finding:
    return Finding(
        f"schema.sanitize: an enum of shared lists under {where}",
        "test_an_enum_of_shared_lists_is_looked_into_once_each",
        "schema.sanitize",
        lambda: _enum_schema(where, [[]]),
    )


def _call(name: str, arguments: str) -> Finding:
    item = {"type": "function_call", "name": "exec_command", "arguments": arguments, "call_id": "call_1"}
    return Finding(
        f"dispatch.call: escapes in arguments, {name}",
        "test_escaped_surrogate_pairs_in_call_arguments_are_read_at_once",
        "dispatch.call",
        lambda: {"edition": "0.169.0", "model": "gpt-5", "config": {}, "item": dict(item)},
    )


def _rules(name: str, rules: str) -> Finding:
    return Finding(
        f"approvals.written_back: a rules file of {name}",
        "test_a_rules_file_nested_past_pythons_parser_is_not_modelled",
        "approvals.written_back",
        lambda: _with(_args("approvals/0.94.0/policy-forbidden"), "rules", value=rules),
    )


def _numbers() -> dict[str, Any]:
    args = _args("mcp_output/0.169.0/resource-annotations")
    return _with(args, "answer", "result", "content", value=[[list(range(20_000))]] * 200)


def _structured(edition: str) -> Finding:
    def args() -> dict[str, Any]:
        wide = {f"k{index}": index % 3 for index in range(10_000)}
        answer = {"result": {"content": [], "structuredContent": [wide] * 200}}
        return _with(_first("mcp.call_output", edition), "answer", value=answer)

    return Finding(
        f"mcp.call_output {edition}: 200 references to 10,000 keys",
        "test_structured_content_of_millions_of_keys_is_written_by_the_c_encoder",
        "mcp.call_output",
        args,
    )


_RULES = {
    '50,000 `{"a":`': 'prefix_rule(pattern=["rm"],' + '{"a":' * 50_000 + ' decision="forbidden")\n',
    "100,000 `-`": 'prefix_rule(pattern=["rm"], decision=' + "-" * 100_000 + '"forbidden")\n',
    "100,000 `1+`": 'prefix_rule(pattern=["rm"], decision="forbidden")\nx = ' + "1+" * 100_000 + "1\n",
}
_ARGUMENTS = {
    "pairs": _ESCAPED,
    "pairs, trailing": _ESCAPED + " x",
    "pairs, a leading one cut": _ESCAPED[:-2] + '\\ud83d"}',
    "pairs, a trailing one alone": _ESCAPED[:-2] + '\\ude80"}',
    "skipped lone surrogates": _SKIPPED + '", "cmd": 1}',
    "skipped, a bad escape": _SKIPPED + '\\u12", "cmd": 1}',
}

FINDINGS: list[Finding] = [
    Finding(
        "request.build: a session id of 1,500,000 rockets",
        "test_an_answer_past_the_line_limit_is_refused_before_the_line_is_written",
        "request.build",
        lambda: _with(
            _args("request/0.169.0/default-gpt-5"), "observed", "session_id", value="\U0001f680" * 1_500_000
        ),
    ),
    *(_sse(breaks) for breaks in ("\n", "\r", "\r\n", "\n\r")),
    Finding(
        "mcp.tools_to_responses: 70 references to a 1 MiB name",
        "test_a_request_past_the_line_limit_is_refused_before_any_op_runs",
        "mcp.tools_to_responses",
        _tools,
    ),
    *(_blank_lines(edition) for edition in ("0.25.0", "0.94.0")),
    *(_script(edition, word) for edition in ("0.25.0", "0.94.0") for word in (":", "ls")),
    *(_enum(where) for where in ("properties", "additionalProperties")),
    Finding(
        "schema.sanitize: a wide integer after shared lists",
        "test_a_wide_integer_after_shared_lists_under_additional_properties_is_found",
        "schema.sanitize",
        lambda: _enum_schema("additionalProperties", [[[2**64]]]),
    ),
    *(_call(name, arguments) for name, arguments in _ARGUMENTS.items()),
    *(_rules(name, rules) for name, rules in _RULES.items()),
    Finding(
        "mcp.call_output: 200 references to 20,000 numbers",
        "test_a_result_of_millions_of_numbers_makes_each_distinct_number_once",
        "mcp.call_output",
        _numbers,
    ),
    *(_structured(edition) for edition in ("0.25.0", "0.94.0", "0.169.0")),
]


def _kind(reply: dict[str, Any]) -> str:
    if "error" in reply:
        return f"error:{reply['error']['kind']}"
    return "result" if "result" in reply else "unsupported"


def measure(finding: Finding, repeat: int) -> tuple[float, float, int, str]:
    """(seconds, peer seconds, the args' bytes as JSON text, the answer's kind), each best of ``repeat``."""
    seconds, peer, size, answer = [], [], 0, ""
    for _ in range(repeat):
        args = finding.args()
        # The peer first, on args no op has seen; what each makes is freed inside its time.
        started = time.process_time()
        text = json.dumps(args)
        read = json.loads(text)
        del read
        peer.append(time.process_time() - started)
        size = len(text)
        del text
        started = time.process_time()
        reply = handle({"op": finding.op, "args": args})
        answer = _kind(reply)
        del reply
        seconds.append(time.process_time() - started)
    return min(seconds), min(peer), size, answer


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs of each row (the best is printed)")
    parser.add_argument("--only", default="", help="only the rows whose name holds this text")
    options = parser.parse_args()
    if options.repeat < 1:
        parser.error("--repeat must be at least 1")
    findings = [finding for finding in FINDINGS if options.only in finding.name]
    if not findings:
        parser.error(f"no row's name holds {options.only!r}")
    _cases()
    gc.collect()
    gc.freeze()  # the cases this process holds are no part of the model's cost
    print(f"CPU seconds (time.process_time), best of {options.repeat}")
    print("peer: json.loads(json.dumps(args)) on the same args, in the same run")
    width = max(len(finding.name) for finding in findings)
    print(f"{'finding':{width}} {'answer':22} {'bytes':>11} {'seconds':>8} {'peer':>8} {'ratio':>8}")
    for finding in findings:
        seconds, peer, size, answer = measure(finding, options.repeat)
        ratio = f"{seconds / peer:.3g}x" if peer > 0 else "-"
        print(f"{finding.name:{width}} {answer:22} {size:11,} {seconds:8.3f} {peer:8.3f} {ratio:>8}")
        print(f"    ({finding.test})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
