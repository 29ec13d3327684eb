"""Adapter protocol v1 for litellm's Responses-API-to-Chat-Completions bridge.

litellm answers ``litellm.responses(...)`` for a provider without a Responses API of its
own by turning the Responses request into a Chat Completions request
(``litellm/responses/litellm_completion_transformation/transformation.py``,
``LiteLLMCompletionResponsesConfig.transform_responses_api_request_to_chat_completion_request``
and ``transform_responses_api_input_to_messages``) and sending it with
``litellm.completion``.  This adapter puts that bridge behind ``chat.request``
(spec/chat.md) the way a proxy between Codex's Responses wire and a chat-only server
would use it:

- ``litellm.responses(model="custom_openai/<model>", input=<input>,
  instructions=<the release's built-in instructions>, tools=<tools>, stream=True,
  api_base=<loopback>/v1, api_key=...)``.  ``custom_openai`` is litellm's provider for
  any OpenAI-compatible chat server: it has no Responses API, so the request goes through
  the bridge, and its chat path adds nothing provider-specific.
- ``input`` and ``tools`` are passed as held (the Responses items and tools of the op's
  args, unchanged); ``instructions`` is 0.25.0's built-in text, which the release sends
  in the Responses request's ``instructions`` field (REQ-TEXT-1; read from the kit's
  reference model, see ``chat_loopback.codex_instructions``).  The other options the
  release sends on the Responses wire (``tool_choice``, ``parallel_tool_calls``,
  ``reasoning``, ``store``) are not in the op's args and are not passed.
- ``body`` is the JSON body litellm posts to ``/v1/chat/completions`` of a loopback
  server, parsed with its key order (``chat_loopback.Loopback``).  The server answers a
  one-word text stream, which the adapter reads to the end as a user would.
- An exception raised by litellm is an ``error`` of kind ``library-error`` with the
  exception's text: the case expects a body, so the report shows it as a divergence.

One adapter serves every pinned litellm version (``tox -e cert-litellm-<version>``); the
version in ``hello`` is the installed one.  Only edition 0.25.0 is declared: it is the
only edition with a chat wire.
"""

from __future__ import annotations

import os
from importlib.metadata import version
from typing import Any

# litellm fetches a model price map over the network at import unless told not to.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import litellm

from codex_conformance.chat_loopback import codex_instructions, shared_loopback
from codex_conformance.port import make_handle

OP = "chat.request"
EDITIONS = ["0.25.0"]
PROVIDER = "custom_openai"

litellm.suppress_debug_info = True
litellm.telemetry = False


def _chat_request(args: dict[str, Any]) -> dict[str, Any]:
    model, items, tools = args.get("model"), args.get("input"), args.get("tools")
    if not isinstance(model, str) or not isinstance(items, list) or not isinstance(tools, list):
        return {"error": {"kind": "invalid-args", "message": "model, input and tools are required"}}
    server = shared_loopback()
    try:
        with server.capture() as bodies:
            stream = litellm.responses(
                model=f"{PROVIDER}/{model}",
                input=items,
                instructions=codex_instructions(args["edition"], model),
                tools=tools,
                stream=True,
                api_base=server.base_url,
                api_key="sk-loopback",
            )
            for _event in stream:
                pass
    except Exception as exc:  # what litellm raises is its answer to this input
        return {"error": {"kind": "library-error", "message": f"{type(exc).__name__}: {exc}"}}
    if len(bodies) != 1:
        return {
            "error": {"kind": "library-error", "message": f"{len(bodies)} chat requests were sent, not 1"}
        }
    return {"result": {"body": bodies[0]}}


handle = make_handle(
    {
        "name": "litellm (Responses API to Chat Completions bridge)",
        "version": version("litellm"),
        "language": "python",
        "homepage": "https://github.com/BerriAI/litellm",
    },
    EDITIONS,
    {OP: _chat_request},
)
