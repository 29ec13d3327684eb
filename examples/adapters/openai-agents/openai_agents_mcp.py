"""``mcp.tools_to_responses`` for ``openai-agents``: MCP tools as the SDK's Responses model sends them.

A user of the SDK gives an ``Agent`` its MCP servers (``Agent(mcp_servers=[...])``); on each
turn the runner asks the agent for its tools (``Agent.get_all_tools``, which lists every
server's tools and turns each one into a ``FunctionTool`` with
``agents.mcp.util.MCPUtil.get_all_function_tools``) and the OpenAI Responses model builds the
request's ``tools`` array from them (``OpenAIResponsesModel._build_response_create_kwargs``,
which calls ``agents.models.openai_responses.Converter.convert_tools``).  This module does
exactly that, with no process and no network:

- each server of the op's args is a stand-in, a subclass of the SDK's
  ``agents.mcp.MCPServer`` base class named as configured, whose ``list_tools`` answers
  with the listed tools parsed as the SDK's MCP client parses a ``tools/list`` result
  (``mcp.types.ListToolsResult.model_validate``; a tool the ``mcp`` package refuses is the
  library's answer);
- the agent has only those servers, in the op's order, and the SDK's default
  ``mcp_config`` (no strict-schema conversion, no server prefix in tool names): what a
  user gets without opting into anything;
- the result is the ``tools`` entry of the keyword arguments the Responses model would pass
  to ``responses.create`` (``ModelSettings()``, no handoffs, no output schema), key order
  as the SDK builds it.

An exception the SDK raises (e.g. its ``UserError`` for a tool name two servers share) is
an ``error`` of kind ``library-error`` with its text.  Both editions are declared: the SDK
has one behaviour and the report shows which edition it is closer to.
"""

from __future__ import annotations

import asyncio
from typing import Any

from agents import Agent, ModelSettings, OpenAIResponsesModel, RunContextWrapper
from agents.mcp import MCPServer
from mcp.types import ListToolsResult
from openai import AsyncOpenAI

OP = "mcp.tools_to_responses"
EDITIONS = ["0.25.0", "0.169.0"]


class _ListedServer(MCPServer):
    """An MCP server that only answers ``tools/list``, with the tools it was given."""

    def __init__(self, name: str, tools: list[Any]) -> None:
        super().__init__()
        self._name = name
        self._tools = tools

    @property
    def name(self) -> str:
        return self._name

    async def connect(self) -> None:
        pass

    async def cleanup(self) -> None:
        pass

    async def list_tools(self, run_context: Any = None, agent: Any = None) -> list[Any]:
        # As the SDK's client session parses a server's tools/list result.
        return list(ListToolsResult.model_validate({"tools": self._tools}).tools)

    async def call_tool(self, tool_name: str, arguments: Any, meta: Any = None) -> Any:
        raise RuntimeError("the conformance adapter never calls tools")

    async def list_prompts(self) -> Any:
        raise RuntimeError("the conformance adapter never lists prompts")

    async def get_prompt(self, name: str, arguments: Any = None) -> Any:
        raise RuntimeError("the conformance adapter never gets prompts")


async def _tools(servers: list[dict[str, Any]]) -> list[Any]:
    agent: Agent[Any] = Agent(
        name="codex-conformance",
        mcp_servers=[_ListedServer(server["name"], server["tools"]) for server in servers],
    )
    tools = await agent.get_all_tools(RunContextWrapper(context=None))
    # A client is needed to build the model; no request is ever sent.
    client = AsyncOpenAI(base_url="http://127.0.0.1:9/v1", api_key="sk-unused", max_retries=0)
    try:
        model = OpenAIResponsesModel(model="gpt-4.1", openai_client=client)
        kwargs = model._build_response_create_kwargs(
            system_instructions=None,
            input=[],
            model_settings=ModelSettings(),
            tools=tools,
            output_schema=None,
            handoffs=[],
        )
    finally:
        await client.close()
    return list(kwargs["tools"])


def tools_to_responses(args: dict[str, Any]) -> dict[str, Any]:
    if args.get("edition") not in EDITIONS:
        return {"unsupported": f"edition {args.get('edition')} is not declared for {OP}"}
    servers = args.get("servers")
    if not isinstance(servers, list) or not all(
        isinstance(server, dict)
        and isinstance(server.get("name"), str)
        and isinstance(server.get("tools"), list)
        for server in servers
    ):
        return {"error": {"kind": "invalid-args", "message": "servers must be a list of {name, tools}"}}
    try:
        tools = asyncio.run(_tools(servers))
    except Exception as exc:  # what the SDK raises is its answer to this listing
        return {"error": {"kind": "library-error", "message": f"{type(exc).__name__}: {exc}"}}
    return {"result": {"tools": tools}}
