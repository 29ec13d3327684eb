"""What a release does when the Responses endpoint answers with ``args``' reply, in the form of
``http.reply`` (spec/http.md, "How a result is observed").

The release is run once (``codex exec --json``) against the mock server, which
gives the same reply to every request: the run shows how many requests the
release sends before it gives up, how long it waits between them, the retry
notices and the error it prints, its exit code, and whether a retried request
carries more input than the first (what the model would see).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import ScriptedStream
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError
from codex_workshop.drive.exec_run import ExecRun, run_exec
from codex_workshop.drive.sse_observe import fatal_message, json_lines

PROMPT = "conformance http probe"
# A retry the release schedules itself sleeps about 200 ms at first (jittered, doubling
# after); a wait this long after one retry is a server's delay, which the header gives in
# whole seconds.  With a limit above 1 the release's own waits pass this, so they are
# not recorded (`waits` is null).
_SERVER_WAIT_FLOOR_S = 0.7
# The notice a release prints when it retries the turn, the reason in its group.
_NOTICES = (
    re.compile(r"^stream error: (?P<reason>.*); retrying \d+/\d+ in .*$", re.DOTALL),  # 0.25.0
    re.compile(r"^Reconnecting\.\.\. \d+/\d+ \((?P<reason>.*)\)$", re.DOTALL),  # 0.94.0 on
)
_NOTICE_EVENTS = ("stream_error", "error")
# Framing the mock writes itself: a reply's own would contradict it.
FRAMING_HEADERS = frozenset(
    {"content-length", "transfer-encoding", "connection", "keep-alive", "content-type"}
)
# The mock's URL appears in texts (`url: http://127.0.0.1:PORT/v1/responses`): a run's own port.
_MOCK_URL = re.compile(r"http://127\.0\.0\.1:\d+/v1")
BASE_URL = "{base_url}"


def content_type(headers: list[tuple[str, str]]) -> str | None:
    """The reply's Content-Type: the last one its headers name, None when none does."""
    named = [value for name, value in headers if name.lower() == "content-type"]
    return named[-1] if named else None


def scripted(status: int, headers: list[tuple[str, str]], body: str, *, abort: bool) -> ScriptedStream:
    kept = [(name, value) for name, value in headers if name.lower() not in FRAMING_HEADERS]
    return ScriptedStream(
        [body.encode("utf-8")],
        status=status,
        content_type=content_type(headers),
        headers=kept,
        abort=abort,
    )


def provider(request_max_retries: int | None, stream_max_retries: int | None) -> dict[str, int]:
    limits = {"request_max_retries": request_max_retries, "stream_max_retries": stream_max_retries}
    return {key: value for key, value in limits.items() if value is not None}


def run(version: str, reply: ScriptedStream, limits: dict[str, int]) -> ExecRun:
    edition = get_edition(version)
    return run_exec(
        release_binary(version),
        model=edition.capture_model,
        servers=[],
        prompt=PROMPT,
        streams=[reply],
        provider=limits,
        exec_flags=("--json",),
    )


def _text(value: str) -> str:
    return _MOCK_URL.sub(BASE_URL, value)


def notices(events: list[dict[str, Any]]) -> list[str]:
    """The reason each retry notice the release printed gives, in order."""
    found: list[str] = []
    for event in events:
        if event.get("type") in _NOTICE_EVENTS:
            for notice in _NOTICES:
                match = notice.match(str(event.get("message", "")))
                if match:
                    found.append(match.group("reason"))
                    break
    return found


def waits(run: ExecRun) -> list[int | None]:
    """Each gap between two requests: None for the release's own backoff, else whole seconds."""
    times = [request.received_at for request in run.responses_requests()]
    return [
        round(later - earlier) if later - earlier >= _SERVER_WAIT_FLOOR_S else None
        for earlier, later in itertools.pairwise(times)
    ]


def resent_items(run: ExecRun) -> int:
    """How many more input items the last request carries than the first."""
    requests = run.responses_requests()
    if not requests:
        raise CaptureError(f"the release sent no Responses request (exit {run.returncode})")
    inputs = [request.json_body().get("input") for request in (requests[0], requests[-1])]
    if not all(isinstance(value, list) for value in inputs):
        raise CaptureError("a Responses request has no input list")
    return len(inputs[1]) - len(inputs[0])


def result(run: ExecRun, *, timed: bool) -> dict[str, Any]:
    events = json_lines(run.stdout)
    error = fatal_message(events)
    return {
        "requests": len(run.responses_requests()),
        "waits": waits(run) if timed else None,
        "notices": [_text(reason) for reason in notices(events)],
        "error": None if error is None else _text(error),
        "exit_code": run.returncode,
        "resent_items": resent_items(run),
    }
