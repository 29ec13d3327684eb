"""``session.run`` answered by a real release: ``codex exec`` talking to the kit's mock server.

The harness (harnesses/session_run.py) has already started the mock server
and put its URL in ``base_url``; the release is pointed at it through its
provider table, so every request it makes lands there and is recorded by
the kit, exactly as a port's would be.  The release's own stdout is not
the observation; the requests are.
"""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.args import required
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.exec_run import run_exec

# `codex exec`'s own defaults (approval never, read-only sandbox), the
# configuration the request.build cases pin, so a port can reuse that op.
MODEL = "gpt-5"


def session_run(version: str, args: dict[str, Any]) -> dict[str, Any]:
    run = run_exec(
        release_binary(version),
        model=str(args.get("model") or MODEL),
        servers=[],
        prompt=str(args.get("prompt", "hi")),
        provider={"base_url": required(args, "base_url", str)},
    )
    return {"exit_code": run.returncode}


OPS: dict[str, ReleaseOp] = {"session.run": session_run}
