"""What 0.25.0 does on the Chat Completions wire, in the neutral forms of ``chat.request`` and ``chat.sse``.

Both ops run ``codex exec --json`` once with ``wire_api = "chat"`` against the
mock server's ``/chat/completions`` (spec/chat.md, "How a result is observed").

``chat.request``: the history the release holds is set by resuming a rollout
file (``experimental_resume``) that holds the scenario's items, and grown by
scripted chat streams before a last reply that records nothing.  The last
request's body is the result; the ``input`` it was made from is the item
lines of that rollout file after the run (the release appends what it
records to the file it resumed), so input and body are one observation.

``chat.sse``: the stream under test answers the first request and a recovery
text answers any later one.  The items the release recorded from the stream
are the rollout's items after the prompt, less the outputs the release wrote
for calls (they are its own, not the stream's), up to the recovery reply.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import RecordedRequest, Stream
from codex_workshop.areas.chat import sse_text as chat_sse
from codex_workshop.drive import config_toml, request_observe
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError, ConfigRejectedError
from codex_workshop.drive.exec_run import ExecRun, run_exec
from codex_workshop.drive.scratch import scratch_dir
from codex_workshop.drive.sse_observe import (
    PROMPT as SSE_PROMPT,
)
from codex_workshop.drive.sse_observe import (
    StreamUnderTest,
    completed_usage,
    fatal_message,
    json_lines,
    retry_message,
    rollout_items,
)

CHAT_PROVIDER: dict[str, Any] = {"wire_api": "chat", "stream_max_retries": 1, "request_max_retries": 1}
RECOVERY_TEXT = "codex-conformance recovery"
# The session a history is resumed as; fixed so that nothing of it is volatile.
_RESUMED_ID = "00000000-0000-4000-8000-000000000000"
_RESUMED_AT = "2025-01-01T00:00:00.000Z"


@dataclass(frozen=True)
class _Resume:
    """What makes one run continue a history: config keys, files in CODEX_HOME, exec arguments,
    and the rollout file the release appends to (None: the session file in CODEX_HOME)."""

    config: dict[str, Any]
    home_files: dict[str, bytes]
    exec_args: tuple[str, ...]
    rollout: Path | None


def _json_lines_of(path: Path) -> list[Any]:
    # LF only: a U+2028 inside a string is no line end.
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def _jsonl(lines: Sequence[Any]) -> str:
    return "".join(json.dumps(line) + "\n" for line in lines)


def _config_resume(version: str, history: list[dict[str, Any]], shared: Path) -> _Resume:
    """A rollout file of bare item lines, named by `experimental_resume`."""
    rollout = shared / "rollout.jsonl"
    meta = {"id": _RESUMED_ID, "timestamp": _RESUMED_AT, "instructions": None}
    rollout.write_text(_jsonl([meta, {"record_type": "state"}, *history]), encoding="utf-8")
    return _Resume({"experimental_resume": str(rollout)}, {}, (), rollout)


def _exec_resume(version: str, history: list[dict[str, Any]], shared: Path) -> _Resume:
    """A session rollout under CODEX_HOME/sessions, resumed by its id."""
    name = f"sessions/2025/01/01/rollout-2025-01-01T00-00-00-{_RESUMED_ID}.jsonl"
    lines = _session_lines(version, history)
    return _Resume({}, {name: _jsonl(lines).encode("utf-8")}, ("resume", _RESUMED_ID), None)


def _session_lines(version: str, history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    meta = {"id": _RESUMED_ID, "timestamp": _RESUMED_AT, "cwd": "/", "originator": "codex_exec"}
    return [
        {"timestamp": _RESUMED_AT, "type": "session_meta", "payload": {**meta, "cli_version": version}},
        *({"timestamp": _RESUMED_AT, "type": "response_item", "payload": item} for item in history),
    ]


def _config_resume_typed(version: str, history: list[dict[str, Any]], shared: Path) -> _Resume:
    """A session rollout (typed lines, as `_exec_resume` writes), named by `experimental_resume`."""
    rollout = shared / "rollout.jsonl"
    rollout.write_text(_jsonl(_session_lines(version, history)), encoding="utf-8")
    return _Resume({"experimental_resume": str(rollout)}, {}, (), rollout)


_RESUMERS = {
    "experimental-resume": _config_resume,
    "experimental-resume-typed": _config_resume_typed,
    "exec-resume": _exec_resume,
}


def _chat_requests(run: ExecRun) -> list[RecordedRequest]:
    return [
        r for r in run.requests if r.method == "POST" and r.path.split("?")[0].endswith("/chat/completions")
    ]


def observe_request(
    version: str,
    *,
    model: str,
    history: list[dict[str, Any]],
    prompt: str,
    streams: list[str],
    config: Mapping[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(the items the release held, the body of the chat request it made from them)."""
    resumer = _RESUMERS[get_edition(version).resumes_through]
    with scratch_dir(prefix="codex-conformance-resume-") as resume_dir:
        resume = resumer(version, history, Path(resume_dir))
        script: list[Stream] = [*streams, chat_sse.empty_reply()]
        run = run_exec(
            release_binary(version),
            model=model,
            servers=[],
            prompt=prompt,
            chat_streams=script,
            extra=config_toml.merged(resume.config, config_toml.nested(config or {})),
            shared=[Path(resume_dir)],
            home_files=resume.home_files,
            provider=CHAT_PROVIDER,
            exec_flags=("--json", *resume.exec_args),
        )
        # The release appends what it records to the rollout it resumed: the
        # resumed file's items after the run are the items it held.
        held = rollout_items(run.rollout if resume.rollout is None else _json_lines_of(resume.rollout))
    requests = _chat_requests(run)
    if len(requests) != len(script):
        _raise_refusal(run)
        raise CaptureError(
            f"expected {len(script)} chat requests, the release sent {len(requests)} "
            f"(exit {run.returncode}); stderr tail:\n{run.stderr[-1500:]}"
        )
    body = requests[-1].json_body()
    if not isinstance(body, dict):
        raise CaptureError("the chat request body is not a JSON object")
    return held, body


@lru_cache(maxsize=32)
def _responses_tools(version: str, model: str, config_json: str) -> str:
    run = run_exec(release_binary(version), model=model, servers=[], extra=json.loads(config_json))
    return json.dumps(run.first_responses_body().get("tools"))


def responses_tools(version: str, model: str, config: Mapping[str, Any] | None = None) -> list[Any]:
    """The ``tools`` the release sends on the Responses wire for this model and configuration."""
    tools: list[Any] = json.loads(_responses_tools(version, model, json.dumps(dict(config or {}))))
    return tools


def observe_sse(version: str, model: str, stream: StreamUnderTest) -> dict[str, Any]:
    recovery = chat_sse.text_reply(RECOVERY_TEXT)
    run = run_exec(
        release_binary(version),
        model=model,
        servers=[],
        prompt=SSE_PROMPT,
        chat_streams=[stream.scripted(), recovery],
        provider=CHAT_PROVIDER,
        exec_flags=("--json",),
    )
    return {"items": _recorded(run), "end": _end(run)}


def _raise_refusal(run: ExecRun) -> None:
    """A release that refused its configuration (later releases refuse `wire_api = "chat"`) says so."""
    refused = request_observe.config_error(run)
    if refused is not None:
        raise ConfigRejectedError(refused)


def _recorded(run: ExecRun) -> list[dict[str, Any]]:
    history = rollout_items(run.rollout)
    starts = [
        i for i, item in enumerate(history) if item.get("role") == "user" and SSE_PROMPT in json.dumps(item)
    ]
    if not starts:
        _raise_refusal(run)
        raise CaptureError(f"the rollout has no prompt message (exit {run.returncode})")
    recorded: list[dict[str, Any]] = []
    for item in history[starts[-1] + 1 :]:
        if RECOVERY_TEXT in json.dumps(item.get("content")):
            break
        if item.get("type") != "function_call_output":
            recorded.append(item)
    return recorded


def _end(run: ExecRun) -> dict[str, Any]:
    requests = _chat_requests(run)
    events = json_lines(run.stdout)
    # A second request with the same messages is a retry; one with more is the
    # follow-up after a call the release ran, which says nothing about the end.
    if len(requests) >= 2 and requests[1].json_body()["messages"] == requests[0].json_body()["messages"]:
        return {"kind": "error", "error": "retryable", "message": retry_message(events)}
    message = fatal_message(events)
    if message is not None:
        return {"kind": "error", "error": "fatal", "message": message}
    # 0.25.0 prints its token count; 0.94.0 records it in the rollout (as on the Responses wire).
    return {"kind": "completed", "usage": completed_usage(run, events)["usage"]}
