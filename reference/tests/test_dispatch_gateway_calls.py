"""The reference's answers to calls a gateway hands Codex that no case can hold (spec/dispatch.md,
"What Codex accepts from a gateway", "Calls no release answers").

A release drops such an item and writes nothing back (tried in each
edition: no follow-up request), so a capture of ``dispatch.call`` has no
output item to keep: the reference answers ``unsupported``, saying why,
never an output item and never ``invalid-args`` (a gateway can send them).
The calls it runs nowhere near (a patch, a namespaced agent tool) are
declined the same way.
"""

from __future__ import annotations

from typing import Any

import pytest

from codex_reference.adapter import handle

EDITIONS = ("0.25.0", "0.94.0", "0.169.0")
NOTHING_BACK = "writes nothing back"


def _call(edition: str, item: dict[str, Any], config: dict[str, Any] | None = None) -> dict[str, Any]:
    args = {"edition": edition, "model": "gpt-5", "config": config or {}, "item": item}
    answer: dict[str, Any] = handle({"op": "dispatch.call", "args": args})
    return answer


def _declined(answer: dict[str, Any]) -> str:
    assert set(answer) == {"unsupported"}, answer
    reason: str = answer["unsupported"]
    return reason


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("arguments", [{"cmd": "ls"}, {}, None, 5, ["ls"], True])
@pytest.mark.parametrize("name", ["exec_command", "shell", "no_such_tool"])
def test_a_function_call_whose_arguments_are_no_string(edition: str, arguments: Any, name: str) -> None:
    # Even to a name no handler serves: the item is not read at all, so not "unsupported call".
    item = {"type": "function_call", "name": name, "arguments": arguments, "call_id": "c"}
    assert NOTHING_BACK in _declined(_call(edition, item))


@pytest.mark.parametrize("namespace", [5, {"a": 1}, ["functions"], True])
def test_a_namespace_that_is_no_string_where_it_is_read(namespace: Any) -> None:
    item = {
        "type": "function_call",
        "name": "exec_command",
        "namespace": namespace,
        "arguments": "{}",
        "call_id": "c",
    }
    assert NOTHING_BACK in _declined(_call("0.169.0", item))


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0"])
def test_a_namespace_that_is_no_string_where_it_is_skipped(edition: str) -> None:
    # As the captured namespace-number-shell: the field is not read, whatever its type.
    item = {"type": "function_call", "name": "shell", "namespace": [1], "arguments": "{}", "call_id": "c"}
    output = _call(edition, item)["result"]["item"]["output"]
    assert output == "failed to parse function arguments: missing field `command` at line 1 column 2"


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0"])
def test_a_tool_search_call_to_an_edition_without_the_item(edition: str) -> None:
    item = {"type": "tool_search_call", "call_id": "c", "execution": "client", "arguments": {"query": "x"}}
    assert NOTHING_BACK in _declined(_call(edition, item))


@pytest.mark.parametrize(
    "item",
    [
        {"type": "tool_search_call", "call_id": "c", "execution": "server", "arguments": {"query": "x"}},
        {"type": "tool_search_call", "call_id": "c", "execution": "other", "arguments": {"query": "x"}},
        {"type": "tool_search_call", "call_id": "c", "arguments": {"query": "x"}},
        {"type": "tool_search_call", "call_id": "c", "execution": "client"},
    ],
)
def test_a_tool_search_call_0_169_0_does_not_run(item: dict[str, Any]) -> None:
    assert NOTHING_BACK in _declined(_call("0.169.0", item))


def test_a_tool_search_over_configured_mcp_servers() -> None:
    item = {"type": "tool_search_call", "call_id": "c", "execution": "client", "arguments": {"query": "x"}}
    config = {"mcp_servers.srv.command": "srv"}
    assert "MCP" in _declined(_call("0.169.0", item, config))


def test_a_client_tool_search_call_gets_its_own_output_item() -> None:
    item = {"type": "tool_search_call", "call_id": "c", "execution": "client", "arguments": {"query": "x"}}
    output = _call("0.169.0", item)["result"]["item"]
    assert list(output) == ["type", "id", "call_id", "status", "execution", "tools"]
    assert (output["type"], output["id"][:4], output["tools"]) == ("tool_search_output", "tso_", [])


def test_a_custom_apply_patch_runs_in_0_25_0() -> None:
    # Whatever the model is sent, 0.25.0 reads the patch (DISPATCH-PATCH-1): not an unknown tool.
    item = {"type": "custom_tool_call", "name": "apply_patch", "input": "x", "call_id": "c"}
    output = _call("0.25.0", item)["result"]["item"]["output"]
    assert output.startswith("error: invalid patch: ")


def test_a_function_call_that_reaches_a_namespaced_agent_tool() -> None:
    item = {
        "type": "function_call",
        "name": "wait_agent",
        "namespace": "multi_agent_v1",
        "arguments": "{}",
        "call_id": "c",
    }
    assert "multi_agent_v1" in _declined(_call("0.169.0", item))
