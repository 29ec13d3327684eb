"""The chat ops a release answers by being run: ``chat.request`` and ``chat.sse`` (0.25.0 only).

``chat.request``: the release resumes a rollout file holding ``input`` and
starts a turn with a probe prompt; it appends its environment context and
the prompt, so its request body is the body for ``input`` followed by those
two messages, which are cut off again.  Conversion is item by item in
0.25.0, so what follows the input cannot change how the input is written
(the captured cases check exactly that).  The release's tools come from its
model and configuration, not from the args: the configuration is chosen
from the tool names, and a run whose tools differ from ``tools`` is an error.
"""

from __future__ import annotations

from typing import Any

from codex_conformance.areas import ReleaseOp
from codex_conformance.areas.chat import observe as chat_observe
from codex_conformance.drive.args import optional, required
from codex_conformance.drive.errors import CaptureError
from codex_conformance.drive.sse_observe import StreamUnderTest

PROBE_PROMPT = "codex-conformance chat probe"
# Tool name → the 0.25.0 config.toml key that adds it under `codex exec`
# (which ignores include_plan_tool and include_apply_patch_tool; apply_patch
# comes with the model instead).
_TOOL_CONFIG = {
    "web_search": "tools.web_search",
    "exec_command": "experimental_use_exec_command_tool",
}


def config_for_tools(tools: list[Any]) -> dict[str, Any]:
    names = {str(tool.get("name", tool.get("type"))) for tool in tools if isinstance(tool, dict)}
    return {key: True for name, key in sorted(_TOOL_CONFIG.items()) if name in names}


def chat_request(version: str, args: dict[str, Any]) -> dict[str, Any]:
    model, tools = required(args, "model", str), required(args, "tools", list)
    extra = config_for_tools(tools)
    if chat_observe.responses_tools(version, model, extra) != tools:
        raise CaptureError(f"release {version} does not send these tools for {model!r}")
    _, body = chat_observe.observe_request(
        version,
        model=model,
        history=required(args, "input", list),
        prompt=PROBE_PROMPT,
        streams=[],
        config=extra,
    )
    *messages, environment, prompt = body["messages"]
    if prompt != {"role": "user", "content": PROBE_PROMPT} or "<environment_context>" not in str(environment):
        raise CaptureError("the release did not end its request with its environment context and the probe")
    return {"body": {**body, "messages": messages}}


def chat_sse(version: str, args: dict[str, Any]) -> dict[str, Any]:
    stream = StreamUnderTest(required(args, "stream", str), tuple(optional(args, "splits", list, [])))
    return chat_observe.observe_sse(version, "gpt-5", stream)


OPS: dict[str, ReleaseOp] = {"chat.request": chat_request, "chat.sse": chat_sse}
