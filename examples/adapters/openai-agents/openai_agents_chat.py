"""``chat.request`` for ``openai-agents``: its Chat Completions model, fed Codex's held items.

The SDK talks to a Chat Completions server with ``agents.OpenAIChatCompletionsModel``:
``stream_response(system_instructions, input, model_settings, tools, ...)`` converts the
Responses-shaped input items with ``agents.models.chatcmpl_converter.Converter.items_to_messages``,
puts ``system_instructions`` first as a system message, converts each tool with
``Converter.tool_to_openai`` and posts the request with the ``openai`` client.  This module
drives exactly that call against a loopback server (``chat_loopback.Loopback``) and reports
the body the SDK posted:

- ``input``: the op's items, unchanged (the SDK takes Responses input items as they are);
- ``system_instructions``: 0.25.0's built-in instructions, which the release sends as
  ``instructions`` (REQ-TEXT-1; from the kit's reference model);
- ``tools``: each Responses tool as the SDK's tool type a user would declare for it: a
  ``function`` tool as ``FunctionTool(name, description, params_json_schema=parameters,
  strict_json_schema=strict)`` (the schema given as held: with ``strict`` false the SDK
  does not rewrite it); ``local_shell`` as ``LocalShellTool``; ``web_search`` as
  ``WebSearchTool``.  What the SDK does with the hosted ones is its own answer;
- ``model_settings``: ``ModelSettings()`` (the SDK's defaults), tracing disabled.

An exception the SDK raises is an ``error`` of kind ``library-error`` with its text.
"""

from __future__ import annotations

import asyncio
from typing import Any

from agents import FunctionTool, LocalShellTool, ModelSettings, OpenAIChatCompletionsModel, WebSearchTool
from agents.models.interface import ModelTracing
from openai import AsyncOpenAI

from codex_conformance.chat_loopback import codex_instructions, shared_loopback

OP = "chat.request"
EDITIONS = ["0.25.0"]


async def _not_run(_context: Any, _arguments: str) -> str:
    raise RuntimeError("the conformance adapter never runs tools")


def _tool(tool: dict[str, Any]) -> Any:
    kind = tool.get("type")
    if kind == "function":
        return FunctionTool(
            name=tool.get("name", ""),
            description=tool.get("description", ""),
            params_json_schema=tool.get("parameters") or {},
            on_invoke_tool=_not_run,
            strict_json_schema=bool(tool.get("strict", False)),
        )
    if kind == "local_shell":
        return LocalShellTool(executor=lambda _request: "")
    if kind in ("web_search", "web_search_preview"):
        return WebSearchTool()
    raise ValueError(f"no openai-agents tool type for a Responses tool of type {kind!r}")


async def _stream(model: str, items: list[Any], tools: list[Any], instructions: str, base_url: str) -> None:
    client = AsyncOpenAI(base_url=base_url, api_key="sk-loopback", max_retries=0)
    chat_model = OpenAIChatCompletionsModel(model=model, openai_client=client)
    try:
        async for _event in chat_model.stream_response(
            system_instructions=instructions,
            input=items,
            model_settings=ModelSettings(),
            tools=tools,
            output_schema=None,
            handoffs=[],
            tracing=ModelTracing.DISABLED,
        ):
            pass
    finally:
        await client.close()


def chat_request(args: dict[str, Any]) -> dict[str, Any]:
    if args.get("edition") not in EDITIONS:
        return {"unsupported": f"edition {args.get('edition')} is not declared for {OP}"}
    model, items, tools = args.get("model"), args.get("input"), args.get("tools")
    if not isinstance(model, str) or not isinstance(items, list) or not isinstance(tools, list):
        return {"error": {"kind": "invalid-args", "message": "model, input and tools are required"}}
    server = shared_loopback()
    try:
        sdk_tools = [_tool(tool) for tool in tools]
        with server.capture() as bodies:
            asyncio.run(
                _stream(model, items, sdk_tools, codex_instructions(args["edition"], model), server.base_url)
            )
    except Exception as exc:  # what the SDK raises is its answer to this input
        return {"error": {"kind": "library-error", "message": f"{type(exc).__name__}: {exc}"}}
    if len(bodies) != 1:
        return {
            "error": {"kind": "library-error", "message": f"{len(bodies)} chat requests were sent, not 1"}
        }
    return {"result": {"body": bodies[0]}}
