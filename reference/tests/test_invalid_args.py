"""The reference's `invalid-args` answers (spec/adapter-protocol.md, "Args no release can be given").

No conformance case can hold such args: every case's args were given to a
release (or come from an upstream test of one), so these answers are checked
here.  conformance/workshop/benchmarks/mutate_reference.py counts the mutants of these
checks apart from the cases' kill rate and names this file as what kills them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from codex_reference.adapter import handle

_OBSERVED = {"os": "Debian 12.0.0; x86_64", "terminal": "unknown", "session_id": "s", "cwd": "/tmp/w"}


def _kind(answer: dict[str, Any]) -> str:
    assert set(answer) == {"error"}, answer
    kind: str = answer["error"]["kind"]
    return kind


@pytest.mark.parametrize("request_", [["hello"], None, {}, {"op": 5}, {"op": None, "args": {}}])
def test_a_request_that_is_not_an_object_with_a_string_op(request_: Any) -> None:
    answer = handle(request_)
    assert answer == {
        "error": {"kind": "invalid-args", "message": "request must be an object with a string `op`"}
    }


def test_args_that_are_not_an_object() -> None:
    answer = handle({"op": "safety.is_known_safe_command", "args": ["ls"]})
    assert answer == {"error": {"kind": "invalid-args", "message": "`args` must be an object"}}


@pytest.mark.parametrize("argv", [["ls", 1], "ls", None])
def test_an_argv_that_is_no_array_of_strings(argv: object) -> None:
    answer = handle({"op": "safety.is_known_safe_command", "args": {"edition": "0.25.0", "argv": argv}})
    assert answer == {"error": {"kind": "invalid-args", "message": "`argv` must be an array of strings"}}


@pytest.mark.parametrize("where", ["value", "key"])
def test_a_lone_surrogate_anywhere_in_the_args(where: str) -> None:
    argv = ["ls", "\ud800"] if where == "value" else ["ls"]
    args: dict[str, Any] = {"edition": "0.25.0", "argv": argv}
    if where == "key":
        args["\udfff"] = 1
    answer = handle({"op": "safety.is_known_safe_command", "args": args})
    assert _kind(answer) == "invalid-args"
    assert "lone surrogate" in answer["error"]["message"]


@pytest.mark.parametrize("table", ["query_params", "http_headers", "env_http_headers"])
def test_a_string_table_with_a_value_that_is_not_a_string(table: str) -> None:
    provider = {"base_url": "http://127.0.0.1:8080/v1", table: {"a": "b", "c": 1}}
    args = {"edition": "0.25.0", "model": "gpt-5", "provider": provider, "observed": _OBSERVED}
    answer = handle({"op": "request.build", "args": args})
    message = f"`provider.{table}.c` must be a string, not a number"
    assert answer == {"error": {"kind": "invalid-args", "message": message}}


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0", "0.169.0"])
@pytest.mark.parametrize(
    "provider",
    [None, {}, {"base_url": 5}, {"base_url": "http://127.0.0.1:8080/v1", "wire_api": 5}],
)
def test_a_provider_without_a_string_base_url_or_with_a_wire_api_of_another_type(
    edition: str, provider: Any
) -> None:
    args = {"edition": edition, "model": "gpt-5", "provider": provider, "observed": _OBSERVED}
    assert _kind(handle({"op": "request.build", "args": args})) == "invalid-args"


_OBSERVED_0_169_0 = {
    **_OBSERVED,
    "codex_home": "/tmp/h",
    "current_date": "2026-11-25",
    "timezone": "Etc/UTC",
    "installation_id": "i",
    "turn_id": "t",
    "context_window_id": "c",
    "turn_started_at_unix_ms": 1795585965905,
}


@pytest.mark.parametrize(
    "message_ids", [None, "msg_1", ["a", "b", "c"], ["a", "b", "c", "d", "e"], [1, 2, 3, 4]]
)
def test_observed_message_ids_that_are_not_one_string_per_input_message(message_ids: Any) -> None:
    observed = {**_OBSERVED_0_169_0, "message_ids": message_ids}
    provider = {"base_url": "http://127.0.0.1:8080/v1"}
    args = {"edition": "0.169.0", "model": "gpt-5", "provider": provider, "observed": observed}
    assert _kind(handle({"op": "request.build", "args": args})) == "invalid-args"


def test_observed_message_ids_one_string_per_input_message() -> None:
    observed = {**_OBSERVED_0_169_0, "message_ids": ["a", "b", "c", "d"]}
    provider = {"base_url": "http://127.0.0.1:8080/v1"}
    args = {"edition": "0.169.0", "model": "gpt-5", "provider": provider, "observed": observed}
    answer = handle({"op": "request.build", "args": args})
    assert [item["id"] for item in answer["result"]["body"]["input"]] == ["a", "b", "c", "d"]


@pytest.mark.parametrize(
    "answer",
    [
        {},
        {"result": {"contentItems": [], "success": True}, "error": {"code": -1, "message": "x"}},
        {"outcome": {}},
        ["result"],
    ],
)
def test_a_dynamic_answer_that_is_no_json_rpc_answer(answer: Any) -> None:
    args = {"edition": "0.169.0", "call_id": "c1", "answer": answer}
    assert _kind(handle({"op": "dynamic.call_output", "args": args})) == "invalid-args"


def _request_case(edition: str) -> dict[str, Any]:
    """The args of a captured request.build case of ``edition`` whose `observed` holds a start time."""
    from codex_conformance.cases import load_cases
    from codex_conformance.paths import fixtures_dir

    for case in load_cases(fixtures_dir()):
        observed = case.args.get("observed") if case.op == "request.build" else None
        if case.edition == edition and isinstance(observed, dict) and "turn_started_at_unix_ms" in observed:
            return dict(case.args)
    raise AssertionError(f"no request.build case of {edition} with a start time")


@pytest.mark.parametrize("value", [-(2**63) - 1, 2**63])
def test_an_integer_outside_i64(value: int) -> None:
    args = _request_case("0.169.0")
    args["observed"] = {**args["observed"], "turn_started_at_unix_ms": value}
    assert _kind(handle({"op": "request.build", "args": args})) == "invalid-args"


def _exec_command_args(edition: str, exit_code: int) -> dict[str, Any]:
    # chunk_id: 0.169.0's exec_command output names its chunk.
    return {
        "edition": edition,
        "tool": "exec_command",
        "output": "",
        "exit_code": exit_code,
        "duration_seconds": 0.0,
        "chunk_id": "0a1b2c",
    }


@pytest.mark.parametrize("edition", ["0.25.0", "0.169.0"])
@pytest.mark.parametrize("value", [-(2**31) - 1, 2**31])
def test_an_exit_code_outside_i32(edition: str, value: int) -> None:
    args = _exec_command_args(edition, value)
    assert _kind(handle({"op": "exec.format_output", "args": args})) == "invalid-args"


@pytest.mark.parametrize("edition", ["0.25.0", "0.169.0"])
@pytest.mark.parametrize("value", [-(2**31), 2**31 - 1])
def test_an_exit_code_at_the_ends_of_i32(edition: str, value: int) -> None:
    args = _exec_command_args(edition, value)
    answer = handle({"op": "exec.format_output", "args": args})
    assert set(answer) == {"result"}, answer
    assert f"Process exited with code {value}" in answer["result"]["output"]


@pytest.mark.parametrize(
    ("field", "value"), [("input", [1]), ("input", None), ("tools", [1]), ("tools", None), ("tools", "x")]
)
def test_chat_input_and_tools_that_are_not_lists_of_objects(field: str, value: Any) -> None:
    args: dict[str, Any] = {"edition": "0.25.0", "model": "gpt-5", "input": [], "tools": [], field: value}
    assert _kind(handle({"op": "chat.request", "args": args})) == "invalid-args"


@pytest.mark.parametrize(
    ("edition", "tool"), [("0.25.0", "exec_command"), ("0.169.0", "shell"), ("0.169.0", None)]
)
def test_a_command_tool_the_edition_does_not_have(edition: str, tool: str | None) -> None:
    args = {"edition": edition, "tool": tool}
    assert _kind(handle({"op": "exec.format_output", "args": args})) == "invalid-args"


def test_args_nested_deeper_than_python_recurses() -> None:
    # A JSON schema nested 5,000 levels deep: the reference's recursive
    # walk would overflow Python's stack, and no release reads JSON nested
    # past serde_json's recursion limit of 128, so it is invalid-args, not
    # an internal error.
    nested: Any = {"type": "string"}
    for _ in range(5_000):
        nested = {"type": "object", "properties": {"a": nested}}
    answer = handle({"op": "schema.sanitize", "args": {"edition": "0.25.0", "schema": nested}})
    assert answer == {"error": {"kind": "invalid-args", "message": "input nested too deeply"}}


def test_file_content_that_is_not_strict_base64() -> None:
    # Characters outside the base64 alphabet are refused, not skipped: the
    # bytes a case gives a release are exactly the ones it names.
    args = {
        "edition": "0.25.0",
        "patch": "*** Begin Patch\n*** End Patch",
        "files": {"a.txt": {"base64": "YW!Jj"}},
    }
    assert _kind(handle({"op": "apply_patch.apply", "args": args})) == "invalid-args"


def test_view_image_file_that_is_not_strict_base64() -> None:
    # As for apply_patch's files: a character outside the base64 alphabet is
    # refused, not skipped (skipped, "YW!Jj" would be the bytes "abc").
    args = {
        "edition": "0.169.0",
        "model": "gpt-5",
        "config": {},
        "files": {"pixel.png": "YW!Jj"},
        "item": {
            "type": "function_call",
            "name": "view_image",
            "arguments": '{"path": "pixel.png"}',
            "call_id": "c",
        },
    }
    assert _kind(handle({"op": "dispatch.call", "args": args})) == "invalid-args"


@pytest.mark.parametrize(
    "item",
    [
        {"type": "function_call", "name": "shell", "arguments": "{}"},
        {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": 1},
        ["function_call"],
    ],
)
def test_a_dispatch_item_that_is_no_call_with_a_string_call_id(item: Any) -> None:
    # The release reads the call from the stream: a call without a string id is not one.
    args = {"edition": "0.25.0", "model": "gpt-5", "config": {}, "item": item}
    assert _kind(handle({"op": "dispatch.call", "args": args})) == "invalid-args"


@pytest.mark.parametrize("config", [5, [], "x"])
def test_a_dispatch_config_that_is_no_object(config: Any) -> None:
    # A function call to a freeform tool asks which tools the model and
    # config give (0.169.0: `aborted` where the tool is offered), so it reads
    # the config; a release reads its config from a TOML table.
    args = {
        "edition": "0.169.0",
        "model": "gpt-5",
        "config": config,
        "item": {"type": "function_call", "name": "apply_patch", "arguments": "{}", "call_id": "c"},
    }
    assert _kind(handle({"op": "dispatch.call", "args": args})) == "invalid-args"


@pytest.mark.parametrize(
    ("edition", "path", "files"),
    [
        ("0.169.0", "missing.png", {}),
        ("0.169.0", "", {}),
        ("0.169.0", "sub", {"sub/a.png": "AA=="}),
        ("0.94.0", "missing.png", {}),
        ("0.94.0", "sub/", {"sub/a.png": "AA=="}),
    ],
)
def test_a_view_image_answer_that_shows_the_working_directory_without_cwd(
    edition: str, path: str, files: dict[str, str]
) -> None:
    # The message names the path joined to the run's directory: a run has one.
    args = {
        "edition": edition,
        "model": "gpt-5",
        "config": {},
        "files": files,
        "item": {
            "type": "function_call",
            "name": "view_image",
            "arguments": json.dumps({"path": path}),
            "call_id": "c",
        },
    }
    assert _kind(handle({"op": "dispatch.call", "args": args})) == "invalid-args"
    with_cwd = handle({"op": "dispatch.call", "args": {**args, "cwd": "/w"}})
    assert "/w" in json.dumps(with_cwd["result"]), with_cwd


@pytest.mark.parametrize("seconds", [-1, "1", True, None])
def test_a_host_tool_duration_that_is_no_non_negative_number(seconds: Any) -> None:
    args = {
        "edition": "0.94.0",
        "cwd": "/w",
        "tree": [],
        "arguments": '{"command": "pwd"}',
        "duration_seconds": seconds,
    }
    assert _kind(handle({"op": "host_tools.shell_command", "args": args})) == "invalid-args"


@pytest.mark.parametrize("encoded", ["YW!Jj", "b2v//iEe\u0301K4oIgaGFsZgrDqQo="])
def test_a_host_tree_file_that_is_not_base64(encoded: str) -> None:
    # Non-ASCII text is no base64 either (the fuzzer found it answered as an internal error).
    args = {
        "edition": "0.94.0",
        "cwd": "/w",
        "tree": [{"path": "bin.dat", "content_base64": encoded}],
        "arguments": '{"file_path": "/w/bin.dat"}',
    }
    assert _kind(handle({"op": "host_tools.read_file", "args": args})) == "invalid-args"


def _read_file_in(cwd: Any, tree: Any) -> str:
    args = {"edition": "0.94.0", "cwd": cwd, "tree": tree, "arguments": '{"file_path": "/w/a.txt"}'}
    return _kind(handle({"op": "host_tools.read_file", "args": args}))


@pytest.mark.parametrize("cwd", [5, "w", "/", "//"])
def test_a_host_tool_cwd_that_is_no_absolute_directory_below_the_root(cwd: Any) -> None:
    # Every case names one absolute directory below / (HOST-TREE-1); a capture runs in a real one.
    assert _read_file_in(cwd, []) == "invalid-args"


def test_a_host_tool_cwd_named_x_is_a_directory_like_any_other() -> None:
    # The check above looks at the slashes alone: no case can show it, as every case has one cwd.
    tree = [{"path": "a.txt", "content": "a\n"}]
    args = {"edition": "0.94.0", "cwd": "/X", "tree": tree, "arguments": '{"file_path": "/X/a.txt"}'}
    assert handle({"op": "host_tools.read_file", "args": args}) == {"result": {"output": "L1: a"}}


@pytest.mark.parametrize(
    "entry",
    [
        "a.txt",
        {"path": 5, "content": ""},
        {"path": "", "content": ""},
        {"path": "a/./b", "content": ""},
        {"path": "a/../b", "content": ""},
        {"path": "..", "dir": True},
    ],
)
def test_a_host_tree_entry_that_is_no_plain_relative_path(entry: Any) -> None:
    # The capture writes each entry below cwd: one outside it, or none at all, is no tree it can write.
    assert _read_file_in("/w", [entry]) == "invalid-args"


@pytest.mark.parametrize("call", ["shell", 5, None])
def test_an_apply_patch_call_of_no_form_a_release_dispatches(call: Any) -> None:
    # A tool call is custom (freeform) or a function call: nothing else reaches the handler.
    args = {
        "edition": "0.94.0",
        "cwd": "/w",
        "tree": [],
        "call": call,
        "input": "*** Begin Patch\n*** End Patch",
    }
    assert _kind(handle({"op": "host_tools.apply_patch", "args": args})) == "invalid-args"


@pytest.mark.parametrize("edition", ["0.25.0", "0.169.0"])
def test_a_server_named_twice(edition: str) -> None:
    # A config file holds one table per server name, so no release can be given two.
    servers = [{"name": "s", "tools": []}, {"name": "z", "tools": []}, {"name": "s", "tools": []}]
    answer = handle({"op": "mcp.tools_to_responses", "args": {"edition": edition, "servers": servers}})
    assert _kind(answer) == "invalid-args"
    assert "repeats server name 's'" in answer["error"]["message"]


_APPROVAL: dict[str, Any] = {
    "edition": "0.25.0",
    "argv": ["rm", "-f", "x"],
    "approval_policy": "untrusted",
    "decision": "denied",
    "call_id": "call_1",
}


@pytest.mark.parametrize(
    "change",
    [
        {"argv": []},
        {"decision": "maybe"},
        {"decision": "approved", "runs": {"output": 1, "exit_code": 0}},
        {"edition": "0.169.0", "argv": None, "cmd": ""},
        {"calls": 0},
        {"calls": "2"},
        {"calls": 2, "call_id": "call_9"},
        {"sandbox": "danger-full-access"},
        {"edition": "0.169.0", "argv": None, "cmd": "rm -f x", "sandbox": "workspace-write"},
    ],
)
def test_approval_args_no_release_can_be_given(change: dict[str, Any]) -> None:
    # The release op makes one to three calls, always first named call_1.
    args = {key: value for key, value in {**_APPROVAL, **change}.items() if value is not None}
    assert _kind(handle({"op": "approvals.written_back", "args": args})) == "invalid-args"


def test_an_approval_call_id_the_release_op_never_uses_is_still_answered() -> None:
    # Only several calls need call_1 (their ids are numbered from it); one call keeps its id.
    answer = handle({"op": "approvals.written_back", "args": {**_APPROVAL, "call_id": "call_9"}})
    assert answer["result"]["written_back"][0]["call_id"] == "call_9"


_SKILL = {
    "package": "skill://cloud/demo",
    "name": "demo",
    "description": "Demo skill.",
    "alias_root": "skill://cloud",
    "main_resource": "skill://cloud/demo/SKILL.md",
    "resources": {"skill://cloud/demo/SKILL.md": "# demo\n"},
}


@pytest.mark.parametrize(
    "calls",
    [
        [],
        [{"authority": {"kind": "cloud"}, "cursor": {"$next_cursor": 0}}],
        [{"authority": {"kind": "cloud"}}, {"authority": {"kind": "cloud"}, "cursor": {"$next_cursor": -1}}],
        [{"authority": {"kind": "cloud"}}, {"authority": {"kind": "cloud"}, "cursor": {"$next_cursor": "0"}}],
    ],
)
def test_skills_calls_or_cursor_references_no_release_can_be_given(calls: list[Any]) -> None:
    # A cursor reference names an earlier call of the same thread by its index.
    args = {"edition": "0.169.0", "snapshot": {"skills": [_SKILL]}, "calls": calls}
    assert _kind(handle({"op": "skills.list", "args": args})) == "invalid-args"


_MCP_CALL: dict[str, Any] = {
    "edition": "0.169.0",
    "server": "srv",
    "tool": "echo",
    "call_id": "call_1",
    "answer": {"result": {"content": [{"type": "text", "text": "hello"}]}},
}


@pytest.mark.parametrize("key", ["server", "tool", "call_id"])
def test_an_mcp_call_named_by_no_string(key: str) -> None:
    # The release names a call by its server, tool and call id, all strings.
    answer = handle({"op": "mcp.call_output", "args": {**_MCP_CALL, key: 7}})
    assert _kind(answer) == "invalid-args"
    assert f"`{key}` must be a string" in answer["error"]["message"]


@pytest.mark.parametrize(
    ("raw", "cause"),
    [
        ('{"a": NaN}', "NaN is not JSON"),
        ('{"a": -Infinity}', "-Infinity is not JSON"),
        ('{"a":', "Expecting value"),
    ],
)
def test_an_mcp_raw_result_that_is_not_json_text(raw: str, cause: str) -> None:
    # spec/adapter-protocol.md: an `answer.raw_result` is a result's JSON text; NaN and broken text are none.
    answer = handle({"op": "mcp.call_output", "args": {**_MCP_CALL, "answer": {"raw_result": raw}}})
    assert _kind(answer) == "invalid-args"
    assert answer["error"]["message"].startswith(f"`answer.raw_result` is not JSON text: {cause}")


@pytest.mark.parametrize("server", [{"resources": {}}, {"name": 3}, "srv"])
def test_a_resource_server_without_a_string_name(server: Any) -> None:
    # A config file names each server by its table's key: a server without a string name cannot be given.
    args = {
        "edition": "0.169.0",
        "servers": [server],
        "tool": "list_mcp_resources",
        "arguments": "{}",
        "call_id": "c",
    }
    answer = handle({"op": "mcp.resource_output", "args": args})
    assert _kind(answer) == "invalid-args"
    assert "a string `name`" in answer["error"]["message"]


@pytest.mark.parametrize("op", ["sse.responses", "chat.sse"])
@pytest.mark.parametrize("splits", [5, "12", ["1"], [1.5], {"1": 1}])
def test_sse_splits_that_are_no_list_of_byte_offsets(op: str, splits: Any) -> None:
    # A server cuts its stream into reads at byte offsets: anything but a list of integers names no cut.
    args = {"edition": "0.25.0", "stream": "data: {}\n\n", "splits": splits}
    answer = handle({"op": op, "args": args})
    assert _kind(answer) == "invalid-args"
    assert "`splits` must be a list of byte offsets" in answer["error"]["message"]


@pytest.mark.parametrize("edition", ["no-such-edition", None, 25])
def test_an_edition_the_reference_does_not_follow(edition: Any) -> None:
    # The kit never sends a case of an edition hello leaves out; called directly, the reference
    # names the editions it follows under its own kind (not a rejection any release makes).
    answer = handle({"op": "safety.is_known_safe_command", "args": {"edition": edition, "argv": ["ls"]}})
    assert _kind(answer) == "unknown-edition"
    assert "known editions: " in answer["error"]["message"]


@pytest.mark.parametrize("edition", ["0.25.0", "0.169.0"])
@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_an_exit_code_that_is_no_integer(edition: str, value: Any) -> None:
    # A boolean is no integer here, though Python's bool is an int.
    args = _exec_command_args(edition, 0)
    args["exit_code"] = value
    answer = handle({"op": "exec.format_output", "args": args})
    assert _kind(answer) == "invalid-args"
    assert "`exit_code` must be an integer" in answer["error"]["message"]


def _shell_output(duration: Any) -> dict[str, Any]:
    args = {"edition": "0.25.0", "tool": "shell", "output": "", "exit_code": 0, "duration_seconds": duration}
    return handle({"op": "exec.format_output", "args": args})


@pytest.mark.parametrize("duration", [2**64, 2.0**64])
def test_a_duration_of_2_pow_64_seconds(duration: float) -> None:
    # Duration::MAX (u64::MAX seconds and a fraction) as an f64 is 2^64: a release can measure it.
    answer = _shell_output(duration)
    assert set(answer) == {"result"}, answer
    assert '"duration_seconds":1.8446744e19' in answer["result"]["output"]


@pytest.mark.parametrize("duration", [2**64 + 1, 1.5 * 2.0**64, float("inf"), float("nan")])
def test_a_duration_past_what_a_duration_holds(duration: float) -> None:
    answer = _shell_output(duration)
    assert _kind(answer) == "invalid-args"
    assert "`duration_seconds` must be a number from 0 to" in answer["error"]["message"]


@pytest.mark.parametrize("value", [-(2**63), 2**63 - 1])
def test_an_integer_at_the_ends_of_i64(value: int) -> None:
    args = _request_case("0.169.0")
    args["observed"] = {**args["observed"], "turn_started_at_unix_ms": value}
    answer = handle({"op": "request.build", "args": args})
    assert set(answer) == {"result"}, answer
    assert f'\\"turn_started_at_unix_ms\\":{value},' in json.dumps(answer)


@pytest.mark.parametrize("edition", ["0.25.0", "0.169.0"])
@pytest.mark.parametrize("value", [-1, 2**64])
def test_a_token_budget_outside_u64(edition: str, value: int) -> None:
    args = {**_exec_command_args(edition, 0), "max_output_tokens": value}
    answer = handle({"op": "exec.format_output", "args": args})
    assert _kind(answer) == "invalid-args"
    assert "`max_output_tokens` must be an integer from 0 to" in answer["error"]["message"]
