"""The host_tools ops answered by a release: one file-tool call on a directory given as data."""

from __future__ import annotations

from functools import partial
from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.host_tools.patch_run import patch_output
from codex_workshop.areas.host_tools.run import tool_output


def _answer(tool: str, version: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"output": tool_output(version, tool, args)}


OPS: dict[str, ReleaseOp] = {
    f"host_tools.{tool}": partial(_answer, tool)
    for tool in ("read_file", "list_dir", "grep_files", "shell_command")
}


def _patch(version: str, args: dict[str, Any]) -> dict[str, Any]:
    output, files = patch_output(version, args)
    return {"output": output, "files": files}


OPS["host_tools.apply_patch"] = _patch
