"""Run one scripted model turn through a real release and read what it writes back.

The first response the mock server streams carries the given output items; a
tool call among them makes the release run it and send a second request,
whose ``input`` array holds the conversation so far.  The items after the
prompt are what the release wrote back: the model's items re-serialized and
the outputs of the tools it ran.  They are returned as the exact text of the
request body, so key order and escapes are the release's own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import simple_reply_stream, turn_stream
from codex_workshop.drive import config_toml, raw_json, sandbox
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError
from codex_workshop.drive.exec_run import ExecRun, run_exec

# The model slug matters: 0.169.0 picks the default truncation policy of
# exec output from the model's metadata (gpt-5: 10000 bytes).
MODEL = "gpt-5"
# A prompt no release adds on its own, to find where the turn starts.
PROMPT = "codex-conformance scripted turn"


def follow_up_input(run: ExecRun, version: str) -> list[str]:
    """The raw text of each element of the second Responses request's ``input``
    (the release's exact bytes, not re-serialized JSON)."""
    requests = run.responses_requests()
    if len(requests) < 2:
        raise CaptureError(
            f"release {version} sent {len(requests)} Responses request(s), expected a follow-up; "
            f"stderr tail:\n{run.stderr[-1500:]}"
        )
    body = requests[1].body.decode("utf-8")
    start, end = raw_json.member_value(body, "input")
    return raw_json.array_elements(body[start:end])


def _is_prompt(element: str) -> bool:
    item = json.loads(element)
    if not isinstance(item, dict) or item.get("type") != "message" or item.get("role") != "user":
        return False
    content = item.get("content")
    return isinstance(content, list) and any(
        isinstance(part, dict) and part.get("text") == PROMPT for part in content
    )


def written_back(
    version: str,
    items: list[dict[str, Any]],
    *,
    model: str = MODEL,
    config: Mapping[str, Any] | None = None,
    files: Mapping[str, bytes] | None = None,
    shared: Sequence[Path] = (),
    exec_flags: tuple[str, ...] = (),
    env: Mapping[str, str] | None = None,
) -> list[str]:
    """The raw text of each input item after the prompt in the release's second request.

    ``config`` adds config.toml keys (dotted keys name tables); ``files`` are placed in the
    run's cwd; ``shared`` directories are visible to the run; ``exec_flags`` go after
    ``codex exec`` and ``env`` over the release's environment (exec_run.run_exec).  Tools run
    without asking anyone (sandbox.unattended_permissions).
    """
    run = run_exec(
        release_binary(version),
        model=model,
        servers=[],
        prompt=PROMPT,
        streams=[turn_stream(items), simple_reply_stream(response_id="resp_2")],
        extra=config_toml.merged(config_toml.nested(config or {}), sandbox.unattended_permissions()),
        files=files,
        shared=shared,
        exec_flags=exec_flags,
        env=env,
    )
    elements = follow_up_input(run, version)
    prompts = [index for index, element in enumerate(elements) if _is_prompt(element)]
    if not prompts and _continues_previous_response(run):
        # 0.8.0 sends `store: true`: its follow-up names the previous response and
        # carries only the tools' outputs, so the model's items are never sent back.
        raise CaptureError(
            f"release {version} continues the previous response (previous_response_id): its "
            "follow-up carries only the new items, not the conversation, so what it writes back "
            "of the model's items cannot be read"
        )
    if not prompts:
        raise CaptureError("the follow-up request does not carry the prompt")
    return elements[prompts[-1] + 1 :]


def _continues_previous_response(run: ExecRun) -> bool:
    body = json.loads(run.responses_requests()[1].body)
    return isinstance(body, dict) and body.get("previous_response_id") is not None


def function_call(name: str, arguments: dict[str, Any], call_id: str) -> dict[str, Any]:
    """A ``function_call`` output item as the scripted model streams it."""
    return {
        "type": "function_call",
        "name": name,
        "arguments": json.dumps(arguments),
        "call_id": call_id,
        "id": f"fc_{call_id}",
    }


def harmless_call(version: str, call_id: str) -> dict[str, Any]:
    """A call of the edition's command tool that runs `true`: every edition answers it, so it
    makes the release send a follow-up request without changing anything."""
    edition = get_edition(version)
    return function_call(edition.command_tool, dict(edition.harmless_call_arguments), call_id)
