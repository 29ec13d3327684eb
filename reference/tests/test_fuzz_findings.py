"""What a fuzzer from outside the kit found (issue #31): each a defined answer now.

Four inputs the wire carries crashed the reference (``internal``): a
401-digit ``duration_seconds`` in host_tools shell_command and apply_patch,
a 401-digit annotation priority in ``mcp.call_output``, a 4,301-digit
number as a list_dir call's arguments text.  Inputs under the protocol's
64 MiB line made replies of hundreds of megabytes, and a megabyte of line
breaks in ``sse.responses`` took seconds.  Each is sent here as the wire
sends it (through ``serve``'s reading, so it is one a kit can send), and
answered within the protocol's limits.

No test here times a call (the project's standard: speed lives in benchmarks):
where a finding was an algorithm walking too much, the walk it no longer takes
is counted instead (``_calls``), which fails without a clock.  What each
finding's input costs now, next to the cost of reading its request off the
wire, is printed by ``conformance/workshop/benchmarks/fuzz_findings_cost.py``.
"""

from __future__ import annotations

import copy
import io
import json
import re
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest

from codex_conformance.cases import Case, load_cases
from codex_conformance.connection.jsonline import decode_line, encode_line
from codex_conformance.connection.limits import DEFAULT_LIMITS
from codex_conformance.paths import fixtures_dir
from codex_conformance.serve import serve
from codex_reference import limits
from codex_reference.adapter import handle
from codex_reference.mcp import tools
from codex_reference.mcp_output import json_numbers
from codex_reference.rustlib import serde_json
from codex_reference.safety import shell_script
from codex_reference.schema import sanitizer
from codex_reference.skills.listing import parse_usize
from codex_reference.sse.reader import SseReader

BIG = 10**400  # 401 digits: past every double, under the wire's 1,000


@cache
def _cases() -> dict[str, Case]:
    return {case.id: case for case in load_cases(fixtures_dir())}


def _args(case_id: str) -> dict[str, Any]:
    return copy.deepcopy(dict(_cases()[case_id].args))


def _first(op: str, edition: str) -> dict[str, Any]:
    """The args of the first case of ``op`` in ``edition`` (any one will do)."""
    case = next(case for case in _cases().values() if case.op == op and case.edition == edition)
    return copy.deepcopy(dict(case.args))


def _served(op: str, args: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The reply ``serve`` sends the reference for one request line, and the line's size."""
    line = encode_line({"id": 1, "op": op, "args": args})
    assert len(line) - 1 <= DEFAULT_LIMITS.max_line_bytes  # a request the wire carries
    stdout = io.BytesIO()
    assert serve(handle, io.BytesIO(line), stdout, io.StringIO()) == 0
    reply_line = stdout.getvalue()
    reply = decode_line(reply_line.rstrip(b"\n"))  # within every limit of the kit's
    assert isinstance(reply, dict)
    return reply, len(reply_line) - 1


def _calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[None]:
    """One entry for each call of ``owner.name`` from here on (it still runs as before)."""
    calls: list[None] = []
    original = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(None)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _kind(reply: dict[str, Any]) -> str:
    if "error" in reply:
        return f"error:{reply['error']['kind']}"
    return "result" if "result" in reply else "unsupported"


@pytest.mark.parametrize("op", ["host_tools.shell_command", "host_tools.apply_patch"])
def test_a_duration_of_hundreds_of_digits_is_past_every_duration(op: str) -> None:
    args = _first(op, "0.94.0")
    args["duration_seconds"] = BIG
    reply, _ = _served(op, args)
    assert _kind(reply) == "error:invalid-args"
    assert "duration_seconds" in reply["error"]["message"]


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0"])
def test_an_annotation_priority_past_every_double_makes_the_message_unreadable(edition: str) -> None:
    args = _args(f"mcp_output/{edition}/text-annotations")
    args["answer"]["result"]["content"][0]["annotations"]["priority"] = BIG
    reply, _ = _served("mcp.call_output", args)
    # As a number past f64 anywhere in the result (captured: structured-number-out-of-range):
    # 0.25.0 never completes the call, 0.94.0's transport closes.
    past_f64 = _args(f"mcp_output/{edition}/structured-number-out-of-range")
    assert _kind(reply) == _kind(_served("mcp.call_output", past_f64)[0])
    if edition == "0.94.0":
        assert "Transport closed" in reply["result"]["item"]["output"]
    else:
        assert _kind(reply) == "error:no-output"


def test_arguments_of_a_number_past_python_int_conversion_are_serdes_out_of_range() -> None:
    args = _first("host_tools.list_dir", "0.94.0")
    args["arguments"] = "1" * 4_301
    reply, _ = _served("host_tools.list_dir", args)
    assert reply["result"]["output"].startswith("failed to parse function arguments: number out of range")


def test_an_answer_past_the_line_limit_is_refused_before_the_line_is_written() -> None:
    # request.build writes the session id fourteen times, in headers and in JSON texts
    # escaped twice: a 6 MB request line would be a reply line of about 270 MB.
    args = _args("request/0.169.0/default-gpt-5")
    args["observed"]["session_id"] = "\U0001f680" * 1_500_000
    reply, size = _served("request.build", args)
    # The refusal is the reference's (measured from the answer's values), and it is
    # the line written: the 270 MB line never is.
    assert _kind(reply) == "error:invalid-args"
    assert "the answer would break the adapter protocol's limits" in reply["error"]["message"]
    assert size < 1_000


def test_an_answer_under_the_line_limit_is_sent() -> None:
    args = _args("request/0.169.0/default-gpt-5")
    args["observed"]["session_id"] = "\U0001f680" * 10_000
    reply, size = _served("request.build", args)
    assert _kind(reply) == "result"
    assert size > 1_000_000


@pytest.mark.parametrize("breaks", ["\n", "\r", "\r\n", "\n\r"])
def test_a_megabyte_of_line_breaks_is_read_in_linear_time(
    monkeypatch: pytest.MonkeyPatch, breaks: str
) -> None:
    # Was 2.6 s (LF) to 9 s (CR, quadratic) of CPU: a step for each line.  A run of
    # breaks is now read at once: the line before it and the empty line it ends.
    lines = _calls(monkeypatch, SseReader, "_line")
    args = _first("sse.responses", "0.169.0")
    args["stream"] = breaks * (1_000_000 // len(breaks))
    reply = handle({"op": "sse.responses", "args": args})
    assert reply["result"]["events"] == []
    assert len(lines) <= 2


def test_the_reference_limits_are_the_kits() -> None:
    assert DEFAULT_LIMITS.max_line_bytes == limits.MAX_LINE_BYTES
    assert DEFAULT_LIMITS.max_depth == limits.MAX_DEPTH
    assert DEFAULT_LIMITS.max_int_digits == limits.MAX_INT_DIGITS


def test_the_measured_size_is_the_written_size() -> None:
    reply = {
        "result": {
            "a": ['\x00\n"\\\u00e9\U0001f680\x7f', 1.5, -0.0, 5e-324, 10**999, None, True, False, {}],
            "\u2028": [[], {"k": "v"}],
        }
    }
    assert limits.reply_problem(reply) is None
    assert limits._measure(reply) == (len(encode_line(reply)) - 1, 4)
    assert json.loads(encode_line(reply)) == reply


def test_a_reply_nested_past_the_limit_is_refused() -> None:
    deep: Any = 0
    for _ in range(limits.MAX_DEPTH - 1):
        deep = [deep]
    assert limits.reply_problem({"result": deep}) is None
    assert "nesting deeper than 200 levels" in str(limits.reply_problem({"result": [deep]}))


def test_a_request_past_the_line_limit_is_refused_before_any_op_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In process one string can stand in seventy places: seventy megabytes no wire carries.
    ran = _calls(monkeypatch, tools, "tools_to_responses")
    args = _first("mcp.tools_to_responses", "0.94.0")
    tool = {"name": "x" * (1 << 20), "inputSchema": {"type": "object"}}
    args["servers"] = [{"name": "srv", "tools": [tool] * 70}]
    reply = handle({"op": "mcp.tools_to_responses", "args": args})
    assert _kind(reply) == "error:invalid-args"
    assert "no kit can send it" in reply["error"]["message"]
    assert ran == []


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0"])
def test_blank_lines_in_an_update_hunk_are_skipped_in_linear_time(edition: str) -> None:
    # Found by the project's fuzzer (seed 3131): 500,000 CR LF lines took 150 to 173 s of CPU,
    # a copy of the remaining lines for each blank one.  Those copies are made in C, with
    # no call of the parser's to count: only the benchmark shows them.
    patch = "*** Begin Patch\n*** Update File: f.txt\n" + "\r\n" * 500_000 + "*** End Patch"
    reply = handle({"op": "apply_patch.apply", "args": {"edition": edition, "patch": patch, "files": {}}})
    assert reply["result"]["exit_code"] == 1
    assert reply["result"]["stderr"] == (
        "Invalid patch hunk on line 2: Update file hunk for path 'f.txt' is empty\n"
    )


MIB = 1 << 20


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0"])
@pytest.mark.parametrize(("script", "safe"), [(":\n" * (MIB // 2), False), ("ls\n" * (MIB // 3), True)])
def test_a_megabyte_of_one_word_commands_is_tokenized_in_linear_time(
    monkeypatch: pytest.MonkeyPatch, edition: str, script: str, safe: bool
) -> None:
    # Found by the project's fuzzer (seed 4242): half a million `:` commands took
    # 2.0 to 2.2 s of CPU (read a character at a time, and half a million lists
    # kept for the cyclic garbage collector to walk).  Bare words, newlines and
    # operators are now read a run at a time: never a word at a time (_word).
    words = _calls(monkeypatch, shell_script, "_word")
    reply = handle(
        {"op": "safety.is_known_safe_command", "args": {"edition": edition, "argv": ["bash", "-lc", script]}}
    )
    assert reply == {"result": {"safe": safe}}
    assert words == []


def _aliased_enum(last: Any) -> list[Any]:
    """200 references to 200 references to 200 empty lists (``last`` in the end):
    tens of megabytes as a line, a few kilobytes in process."""
    leaf: list[Any] = [[]] * 200
    return [[leaf] * 200] * 199 + [last]


@pytest.mark.parametrize("where", ["properties", "additionalProperties"])
def test_an_enum_of_shared_lists_is_looked_into_once_each(
    monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    # Found by the project's fuzzer (issue #31): 9.9 s of CPU walking the same
    # lists again for each reference to them (under additionalProperties), and
    # json.dumps writing tens of megabytes to learn that the schema passes 5,000
    # bytes; now each list is looked into once, and the writing is skipped.
    looked = _calls(monkeypatch, sanitizer, "_contains_wide_integer")
    # The sanitizer's own json.dumps, counted apart from every other module's.
    own_json = SimpleNamespace(dumps=json.dumps)
    monkeypatch.setattr(sanitizer, "json", own_json)
    written = _calls(monkeypatch, own_json, "dumps")
    enum = _aliased_enum([[]])
    sub = {"enum": enum}
    schema = {"type": "object", "properties": {"a": sub} if where == "properties" else {}}
    if where == "additionalProperties":
        schema["additionalProperties"] = sub
    reply = handle({"op": "schema.sanitize", "args": {"edition": "0.169.0", "schema": schema}})
    converted = reply["result"]["schema"]
    out = converted["properties"]["a"] if where == "properties" else converted["additionalProperties"]
    assert out == {"type": "string", "enum": enum}
    assert written == []
    # A call for each item of each distinct list, about 600; 8 million walking each reference.
    assert len(looked) < 1_000


def test_a_wide_integer_after_shared_lists_under_additional_properties_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Was 4 s of CPU: each reference walked again before the last item's integer was found.
    looked = _calls(monkeypatch, sanitizer, "_contains_wide_integer")
    schema = {
        "type": "object",
        "properties": {},
        "additionalProperties": {"enum": _aliased_enum([[[2**64]]])},
    }
    reply = handle({"op": "schema.sanitize", "args": {"edition": "0.169.0", "schema": schema}})
    assert reply["error"] == {
        "kind": "schema-rejected",
        "message": "additionalProperties holds an integer outside the i64 and u64 ranges",
    }
    assert len(looked) < 1_000


# The fuzzer's `é`, U+2028 and rocket, 131,072 times, as JSON escapes (each rocket
# a surrogate pair) in an exec_command call's arguments; and lone surrogates in a
# field the call does not read, which serde_json skips without looking at them.
_ESCAPED = json.dumps({"cmd": "\u00e9\u2028\U0001f680" * (MIB // 8)})
_SKIPPED = '{"x": "' + "\\ud800" * (MIB // 6)


@pytest.mark.parametrize(
    ("arguments", "output"),
    [
        (_ESCAPED, None),
        (_ESCAPED + " x", "trailing characters at line 1 column 3145741"),
        (_ESCAPED[:-2] + '\\ud83d"}', "unexpected end of hex escape at line 1 column 3145744"),
        (_ESCAPED[:-2] + '\\ude80"}', "lone leading surrogate in hex escape at line 1 column 3145743"),
        (_SKIPPED + '", "cmd": 1}', "invalid type: integer `1`, expected a string at line 1 column 1048590"),
        (_SKIPPED + '\\u12", "cmd": 1}', "invalid escape at line 1 column 1048585"),
    ],
)
def test_escaped_surrogate_pairs_in_call_arguments_are_read_at_once(
    monkeypatch: pytest.MonkeyPatch, arguments: str, output: str | None
) -> None:
    # Found by the project's fuzzer (seed 4242): each pair (and each skipped lone
    # surrogate) took a step of the byte-at-a-time reader, 2.0 to 2.4 s of CPU
    # (1.5 s); now read with the text around it at once.  The one escape a step
    # reads is the one in error.
    steps = _calls(monkeypatch, serde_json._Reader, "_escape")
    item = {"type": "function_call", "name": "exec_command", "arguments": arguments, "call_id": "call_1"}
    args = {"edition": "0.169.0", "model": "gpt-5", "config": {}, "item": item}
    reply = handle({"op": "dispatch.call", "args": args})
    assert len(steps) <= 1
    if output is None:
        # The arguments parse, so the command would run: what it did is the host's (`runs`).
        assert reply["error"]["kind"] == "invalid-args"
        assert "`runs` is needed" in reply["error"]["message"]
    else:
        assert reply["result"]["item"]["output"] == f"failed to parse function arguments: {output}"


@pytest.mark.parametrize(
    "rules",
    [
        # Python's parser: MemoryError (its stack); was `internal`.
        'prefix_rule(pattern=["rm"],' + '{"a":' * 50_000 + ' decision="forbidden")\n',
        'prefix_rule(pattern=["rm"], decision=' + "-" * 100_000 + '"forbidden")\n',
        # A RecursionError building the tree; was invalid-args ("input nested too deeply").
        'prefix_rule(pattern=["rm"], decision="forbidden")\nx = ' + "1+" * 100_000 + "1\n",
    ],
)
def test_a_rules_file_nested_past_pythons_parser_is_not_modelled(rules: str) -> None:
    # Found by the project's fuzzer (seed 5151, call 4,078): fifty thousand `{"a":`
    # inside a prefix_rule call made Python's parser raise MemoryError.
    args = _args("approvals/0.94.0/policy-forbidden")
    args["rules"] = rules
    reply = handle({"op": "approvals.written_back", "args": args})
    assert reply == {"unsupported": "a rules file nested past what Python's parser reads: not modelled"}


@pytest.mark.parametrize("priority", [BIG, -BIG, 10**39])
def test_a_resource_priority_past_every_double_is_past_f32_too(priority: int) -> None:
    # Found by the project's fuzzer (seed 6161, call 152,020): a 400-digit priority
    # read as an infinity, which packs as an f32 (internal: IndexError); a priority
    # beyond f32's range is not captured, past f64's as past f32's.
    args = _args("mcp_output/0.169.0/resource-annotations")
    args["answer"]["result"]["content"][0]["annotations"]["priority"] = priority
    reply, _ = _served("mcp.call_output", args)
    assert reply == {"id": 1, "unsupported": "a priority beyond f32's range is not captured"}


@pytest.mark.parametrize("digits", [401, 4_301, 4_754])
def test_structured_content_of_an_integer_past_int_conversion_is_past_f64(digits: int) -> None:
    # Found by the project's fuzzer (seed 7171, call 32,014): 0.25.0 writes a
    # structured integer past u64 and i64 as an f64, and converted its 4,754
    # digits to an int first (internal: ValueError).
    number = "4" + "0" * (digits - 1)
    args = _args("mcp_output/0.25.0/structured-number-out-of-range")
    args["answer"]["raw_result"] = '{"content": [], "structuredContent": {"a": 1e-05, "b": ' + number + "}}"
    reply, _ = _served("mcp.call_output", args)
    assert reply["error"] == {
        "kind": "no-output",
        "message": f"0.25.0 cannot parse the message ({number}): the call never completes",
    }


def test_a_usize_of_thousands_of_digits_is_read_as_rust_reads_it() -> None:
    # The same conversion in the skills cursors' offsets and budgets: leading
    # zeros are allowed (usize::from_str), and over 20 digits is past usize.
    assert parse_usize("0" * 5_000 + "17") == 17
    assert parse_usize("+" + "0" * 30 + "5") == 5
    assert parse_usize("9" * 4_301) is None
    assert parse_usize("18446744073709551615") == 2**64 - 1
    assert parse_usize("18446744073709551616") is None
    assert parse_usize("+") is None


def _with_raw_size(case_id: str, digits: int) -> dict[str, Any]:
    """The case's answer as a JSON text, its resource size a number of ``digits`` digits."""
    args = _args(case_id)
    holder = args["answer"] if "answer" in args else args["servers"][0]["resources"]["list"][""]
    text = json.dumps(holder.pop("result"))
    holder["raw_result"] = re.sub(r'"size": -?[0-9]+', '"size": 1' + "0" * (digits - 1), text)
    return args


@pytest.mark.parametrize(
    ("op", "case_id"),
    [
        ("mcp.call_output", "mcp_output/0.25.0/types-link-size-past-u64"),
        ("mcp.call_output", "mcp_output/0.94.0/types-link-size-past-u64"),
        ("mcp.call_output", "mcp_output/0.169.0/resource-link-every-field"),
        ("mcp.resource_output", "mcp_output/0.94.0/list-size-past-u64"),
        ("mcp.resource_output", "mcp_output/0.169.0/list-size-past-u64"),
    ],
)
def test_a_resource_size_past_int_conversion_is_past_every_size(op: str, case_id: str) -> None:
    # Found beside the structured-content finding: a size of 4,301 digits in a
    # server's JSON answered internal (ValueError) where 21 digits are past u64.
    answers = []
    for digits in (21, 4_301):
        reply, _ = _served(op, _with_raw_size(case_id, digits))
        assert _kind(reply) == "result"
        answers.append(json.dumps(reply).replace("1" + "0" * (digits - 1), "N"))
    assert answers[0] == answers[1]


@pytest.mark.parametrize(("digits", "code"), [("9" * 25, 255), ("9" * 4_301, 255), ("0" * 5_000 + "3", 3)])
def test_an_exit_status_of_thousands_of_digits_wraps_as_a_short_one(digits: str, code: int) -> None:
    # Found reading beside the fuzzer's findings: `exit` and 4,301 digits answered
    # internal (ValueError); modulo 256 only the last eight digits count.
    args = _args("host_tools/0.94.0/shell-exit-code")
    args["arguments"] = json.dumps({"command": "exit " + digits})
    reply, _ = _served("host_tools.shell_command", args)
    assert reply["result"]["output"].startswith(f"Exit code: {code}\n")


def test_a_result_of_millions_of_numbers_makes_each_distinct_number_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Found by the project's fuzzer (seed 9191, call 44,666): content of 200
    # references to a list of 20,000 numbers, four million numbers in the result's
    # JSON text, each read through a Python call (5.3 s of CPU); now a repeated
    # number is a lookup (most of what is left is writing and reading the text).
    made = _calls(monkeypatch, json_numbers._Numbers, "__missing__")
    args = _args("mcp_output/0.169.0/resource-annotations")
    args["answer"]["result"]["content"] = [[list(range(20_000))]] * 200
    reply = handle({"op": "mcp.call_output", "args": args})
    assert len(made) == 20_000  # the distinct numbers, once each; not four million
    failed = "tool call error: tool call failed for `srv/echo`\n\nCaused by:\n    Unexpected response type"
    assert reply["result"]["item"]["output"][1] == {"type": "input_text", "text": failed}


# Each edition's writer of a structured content's numbers (0.169.0 keeps the number's text).
@pytest.mark.parametrize(
    ("edition", "number_writer"),
    [("0.25.0", "serde_f64"), ("0.94.0", "serde_f64"), ("0.169.0", "kept_text")],
)
def test_structured_content_of_millions_of_keys_is_written_by_the_c_encoder(
    monkeypatch: pytest.MonkeyPatch, edition: str, number_writer: str
) -> None:
    # Found by the project's fuzzer (seed 9292): 200 references to an object of
    # 10,000 keys, two million keys written back one Python call each, and the
    # 20 MB text then cut a character at a time (5 to 7 s of CPU).  The writer in
    # Python called itself for each value; the encoder walks them now, and each
    # distinct number (0, 1 and 2) is written once.  (The cut, a loop without
    # calls, is left to the benchmark.)
    writes = _calls(monkeypatch, json_numbers, "dumps")
    numbers = _calls(monkeypatch, json_numbers, number_writer)
    args = _first("mcp.call_output", edition)
    wide = {f"k{index}": index % 3 for index in range(10_000)}
    args["answer"] = {"result": {"content": [], "structuredContent": [wide] * 200}}
    reply = handle({"op": "mcp.call_output", "args": args})
    assert len(writes) == 1
    assert len(numbers) == 3
    output = reply["result"]["item"]["output"]
    text = output if isinstance(output, str) else output[0]["text"]
    assert '[{"k0":0,"k1":1,"k2":2,"k3":0,' in text


def test_a_grep_pattern_past_a_hundred_thousand_characters_is_declined() -> None:
    # Found by the project's fuzzer (seed 4409): a pattern of a megabyte of `x`, compiled
    # by Python's re in 2.6 s; where ripgrep's regex size limit refuses one is not modelled.
    args = _first("host_tools.grep_files", "0.94.0")
    arguments = json.loads(args["arguments"])
    for length, kind in ((100_000, "result"), (100_001, "unsupported")):
        arguments["pattern"] = "x" * length
        args["arguments"] = json.dumps(arguments)
        reply = handle({"op": "host_tools.grep_files", "args": args})
        assert _kind(reply) == kind, reply
    assert "where ripgrep's regex size limit falls is not modelled" in reply["unsupported"]
