"""The host_tools ops run by a release: one call of a file tool on a directory described as data.

The directory (``tree``, areas/host_tools/host_tree.py) is written into a fresh
temporary directory, which the release is started in (``codex exec -C``)
and may read and write.  The call's ``arguments`` name that directory by
the args' ``cwd``, a placeholder: it is replaced by the real directory
before the scripted model sends the call, and the real directory is
replaced by it again in what the release writes back, so no temporary
name reaches a golden and a port answers for the placeholder alone.  The
real directory's path is made exactly as long as the placeholder, so that
positions in the release's texts (serde's columns) are the placeholder's.

grep_files runs ripgrep: with ``ripgrep`` true the tarball's own ``rg`` is
first on PATH (as the npm launcher puts it); false, PATH holds no ``rg``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Any

from codex_workshop.areas.host_tools.host_tree import check_tree, write_host_tree
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.cache import release_helper_dir
from codex_workshop.drive.conversation_run import function_call, written_back
from codex_workshop.drive.errors import CaptureError, InvalidInputError
from codex_workshop.drive.scratch import scratch_dir

# The model whose tool list has the file tools (spec/tools.md, TOOLS-CATALOG).
MODEL = "test-gpt-5-codex"
_CALL_ID = "call_host_tool"


def _cwd(args: Mapping[str, Any]) -> str:
    cwd = required(args, "cwd", str)
    pure = PurePosixPath(cwd)
    if not pure.is_absolute() or len(pure.parts) < 2 or str(pure) != cwd or ".." in pure.parts:
        raise InvalidInputError(
            "`cwd` must be a normalized absolute path below /, like the cases' "
            "/home/codex/work/codex-conformance-sandbox"
        )
    return cwd


def _path_without_rg() -> str:
    """The host's PATH less every directory that holds an ``rg``."""
    directories = os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
    return os.pathsep.join(d for d in directories if d and not os.path.exists(os.path.join(d, "rg")))


def _environment(version: str, ripgrep: bool) -> dict[str, str]:
    without = _path_without_rg()
    if not ripgrep:
        return {"PATH": without}
    helpers = release_helper_dir(version)
    if helpers is None:
        raise InvalidInputError(f"release {version} ships no ripgrep of its own")
    return {"PATH": os.pathsep.join([str(helpers), without])}


def _same_length(scratch: Path, cwd: str) -> Path:
    """A directory under ``scratch`` whose path is as long as ``cwd``: a serde error's column
    counts the bytes before it, so a path in the arguments must keep its length."""
    padding = len(cwd.encode("utf-8")) - len(str(scratch)) - 1
    if padding < 1:
        raise InvalidInputError(f"`cwd` must be at least {len(str(scratch)) + 2} bytes long")
    return scratch / ("s" * padding)


def _relinked(entry: dict[str, Any], cwd: str, real: str) -> dict[str, Any]:
    link = entry.get("link")
    if isinstance(link, str) and (link == cwd or link.startswith(cwd + "/")):
        return {**entry, "link": real + link[len(cwd) :]}
    return entry


@contextmanager
def sandbox(args: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(placeholder, real directory): the args' tree written where a release may work on it."""
    cwd = _cwd(args)
    tree = check_tree(required(args, "tree", list))
    with scratch_dir(prefix="codex-conformance-sandbox-", dir="/tmp") as scratch:
        directory = _same_length(Path(os.path.realpath(scratch)), cwd)
        directory.mkdir()
        real = str(directory)
        # An absolute link target names the tree by the placeholder too.
        write_host_tree(directory, [_relinked(entry, cwd, real) for entry in tree])
        yield cwd, real


def output_of(version: str, elements: list[str], call_id: str, item_type: str, tool: str) -> str:
    """The ``output`` of the ``item_type`` item answering ``call_id`` among what the release wrote back."""
    for element in elements:
        item = json.loads(element)
        if isinstance(item, dict) and item.get("call_id") == call_id and item.get("type") == item_type:
            output = item.get("output")
            if not isinstance(output, str):
                raise CaptureError(
                    f"release {version} wrote back a {tool} output that is no string: {element}"
                )
            return output
    raise CaptureError(f"release {version} wrote back no output for the {tool} call: {elements}")


def tool_output(version: str, tool: str, args: Mapping[str, Any]) -> str:
    """The ``output`` the release writes back for one call of ``tool`` (placeholder restored)."""
    arguments = required(args, "arguments", str)
    ripgrep = optional(args, "ripgrep", bool, True)
    with sandbox(args) as (cwd, real):
        call = function_call(tool, {}, _CALL_ID)
        call["arguments"] = arguments.replace(cwd, real)
        elements = written_back(
            version,
            [call],
            model=MODEL,
            shared=[Path(real)],
            exec_flags=("-C", real),
            env=_environment(version, ripgrep),
        )
    return output_of(version, elements, _CALL_ID, "function_call_output", tool).replace(real, cwd)
