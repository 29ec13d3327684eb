"""One scripted call through a real release with fake MCP servers configured, and the request that follows it.

Both of the area's ops run the release the same way: the scripted model makes
one call (an MCP server's tool, or one of the release's own resource tools),
the release asks the servers, and the follow-up request carries what it
wrote back.  Each server is a ``drive/fake_mcp_server.py`` whose tools,
canned call answers and resources are files in a scratch directory the
release may read.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from codex_conformance.mock_responses_server import simple_reply_stream, turn_stream
from codex_workshop.drive import sandbox
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.conversation_run import MODEL, PROMPT
from codex_workshop.drive.exec_run import FAKE_MCP_SERVER, ExecRun, run_exec
from codex_workshop.drive.scratch import scratch_dir

# run_exec's own default, for runs given no window.
RUN_TIMEOUT_SECONDS = 120.0


def fake_server(
    scratch: Path, stem: str, tools: list[Any], calls: dict[str, Any], resources: object = None
) -> dict[str, Any]:
    """The config entry of a fake MCP server serving these files (written under ``scratch``)."""
    files: list[tuple[str, object]] = [(f"tools{stem}.json", tools), (f"calls{stem}.json", calls)]
    if resources is not None:
        files.append((f"resources{stem}.json", resources))
    paths = []
    for name, content in files:
        path = scratch / name
        path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
        paths.append(str(path))
    return {"command": sys.executable, "args": [str(FAKE_MCP_SERVER), *paths]}


def run_one_call(
    version: str,
    call: dict[str, Any],
    servers: Callable[[Path], dict[str, Any]],
    *,
    timeout: float = RUN_TIMEOUT_SECONDS,
) -> ExecRun:
    """Run ``version`` with a model that makes ``call``, then answers; ``servers(scratch)``
    writes the servers' files into ``scratch`` and gives their ``mcp_servers`` config."""
    with scratch_dir(prefix="codex-conformance-mcp-") as scratch:
        extra = {**sandbox.unattended_permissions(), "mcp_servers": servers(Path(scratch))}
        return run_exec(
            release_binary(version),
            model=MODEL,
            servers=[],
            prompt=PROMPT,
            streams=[turn_stream([call]), simple_reply_stream(response_id="resp_2")],
            extra=extra,
            shared=[Path(scratch)],
            timeout=timeout,
        )
