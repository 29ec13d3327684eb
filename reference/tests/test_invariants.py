"""Properties of the reference model on generated MCP tool sets, per edition.

These hold by construction of the releases' algorithms (see spec/mcp.md);
a failure means the model broke one of them, not that a golden is wrong.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codex_conformance.areas.mcp.strategies import input_schemas, mcp_servers
from codex_reference.adapter import handle

RESOURCE_TOOLS = ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _call(edition: str, servers: list[dict[str, Any]]) -> dict[str, Any]:
    response = handle({"op": "mcp.tools_to_responses", "args": {"edition": edition, "servers": servers}})
    assert len(response) == 1 and next(iter(response)) in {"result", "error"}, response
    return response


@SETTINGS
@given(servers=mcp_servers())
def test_classic_names(servers: list[dict[str, Any]]) -> None:
    response = _call("0.25.0", servers)
    if "error" in response:
        # The only refusal is the release's own panic on slicing inside a char.
        assert response["error"]["kind"] == "release-crash"
        assert "is not a char boundary" in response["error"]["message"]
        return
    names = [tool["name"] for tool in response["result"]["tools"]]
    assert all(len(name.encode("utf-8")) <= 64 for name in names)
    assert len(set(names)) == len(names)
    assert names == sorted(names, key=lambda name: name.encode("utf-8"))
    servers_by_name = {server["name"] for server in servers}
    for name in names:
        # Every name starts with a configured, accepted server name and `__`.
        assert any(
            name.startswith(server + "__") or name[:24] == (server + "__")[:24]
            for server in servers_by_name
            if re.fullmatch(r"[a-zA-Z0-9_-]+", server)
        )
    assert all(tool["type"] == "function" and tool["strict"] is False for tool in response["result"]["tools"])


@SETTINGS
@given(servers=mcp_servers())
def test_current_names(servers: list[dict[str, Any]]) -> None:
    response = _call("0.169.0", servers)
    assert "result" in response, response
    tools = response["result"]["tools"]
    extras = [tool["name"] for tool in tools if tool["type"] == "function"]
    assert extras == ([] if not servers else RESOURCE_TOOLS)
    namespaces = [tool for tool in tools if tool["type"] == "namespace"]
    ns_names = [ns["name"] for ns in namespaces]
    assert len(set(ns_names)) == len(ns_names)
    joined: list[str] = []
    for ns in namespaces:
        assert re.fullmatch(r"[A-Za-z0-9_]+", ns["name"]) and ns["name"].startswith("mcp__")
        assert ns["description"] == f"Tools in the {ns['name']} namespace."
        inner = [tool["name"] for tool in ns["tools"]]
        assert inner == sorted(inner)
        for name in inner:
            assert re.fullmatch(r"[A-Za-z0-9_]+", name)
            assert len(ns["name"]) + 2 + len(name) <= 128
            joined.append(ns["name"] + name)
    assert len(set(joined)) == len(joined)


@SETTINGS
@given(servers=mcp_servers(), edition=st.sampled_from(["0.25.0", "0.169.0"]))
def test_deterministic(servers: list[dict[str, Any]], edition: str) -> None:
    first = json.dumps(_call(edition, servers))
    assert json.dumps(_call(edition, json.loads(json.dumps(servers)))) == first


@SETTINGS
@given(servers=mcp_servers(), data=st.data())
def test_current_ignores_server_order(servers: list[dict[str, Any]], data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(servers))
    assert _call("0.169.0", list(shuffled)) == _call("0.169.0", servers)


@SETTINGS
@given(
    schema=st.one_of(input_schemas(), st.integers(), st.none()),
    edition=st.sampled_from(["0.25.0", "0.169.0"]),
)
def test_schema_sanitize_answers(schema: dict[str, Any] | int | None, edition: str) -> None:
    response = handle({"op": "schema.sanitize", "args": {"edition": edition, "schema": schema}})
    assert list(response) in (["result"], ["error"]), response
    if "error" in response:
        assert response["error"]["kind"] == "schema-rejected"
        return
    out = response["result"]["schema"]
    text = json.dumps(out)
    if edition == "0.25.0":
        # The classic subset never carries these.
        assert all(f'"{key}"' not in text for key in ("anyOf", "enum", "integer", "format"))
        assert out["type"] in {"object", "string", "number", "boolean", "array"}


@SETTINGS
@given(
    garbage=st.one_of(
        st.integers(), st.text(), st.lists(st.integers()), st.dictionaries(st.text(), st.integers())
    )
)
def test_malformed_servers_are_invalid_args(
    garbage: int | str | list[int] | dict[str, int],
) -> None:
    response = handle({"op": "mcp.tools_to_responses", "args": {"edition": "0.25.0", "servers": garbage}})
    if isinstance(garbage, list) and not garbage:
        assert response == {"result": {"tools": []}}
    else:
        assert response["error"]["kind"] == "invalid-args"
