"""Adapter protocol v1 for the V4A diff applier of ``openai-agents`` (the OpenAI Agents SDK).

The SDK applies one file operation at a time: ``agents.apply_diff.apply_diff(input, diff,
mode)`` turns a file's text and one V4A section into the new text (``mode="create"`` for
an added file).  The SDK's own freeform ``apply_patch`` tool
(``agents.sandbox.capabilities.tools.apply_patch_tool``) splits a ``*** Begin Patch``
envelope into ``create_file`` / ``update_file`` / ``delete_file`` operations with
``_parse_apply_patch_input`` and hands each one to its workspace editor
(``agents.sandbox.apply_patch.WorkspaceEditor``).  This adapter does the same, on an
in-memory copy of ``files``:

1. split the patch with the SDK's ``_parse_apply_patch_input`` (what the SDK does with
   the model's freeform input; a ``ValueError`` is a refused patch);
2. check every path with the SDK's ``WorkspacePathPolicy`` rooted at ``cwd`` before
   running anything (the SDK tool validates all operations first): an absolute path
   outside ``cwd`` or a ``..`` that leaves it is refused;
3. run the operations in order as ``WorkspaceEditor.apply_operation`` does: delete needs
   an existing file; update reads the file (missing: ``ApplyPatchFileNotFoundError``,
   not UTF-8: ``ApplyPatchDecodeError``), calls ``apply_diff`` and writes the text back
   (or to ``move_to``, then removes the original; a move to the same path writes in
   place); create calls ``apply_diff("", diff, mode="create")`` and writes the result,
   over an existing file (the SDK's default backend behaviour).  Nothing is rolled back
   when an operation fails, as in the SDK.

Mapping to the release's command (``apply_patch.apply``):

- ``exit_code``: 0 when every operation ran, 1 when the SDK raised (any exception of
  the splitter, the path policy, ``apply_diff`` or the editor steps).
- ``stdout``: on success, the SDK tool's own result text: the editor's outputs
  (``Created P``, ``Updated P``, ``Deleted P``, ``Updated P\\nMoved P to Q``) joined by
  ``\\n``, exactly as the tool returns it to the model (no final newline).  The SDK has no
  notion of the release's ``Success. Updated the following files:`` summary; the report
  shows that as a divergence.
- ``stderr``: on failure, ``str(exception)`` as the SDK raises it, no newline added;
  the release's error texts are not imitated.
- ``files``: every file afterwards.  An in-memory file map has no directories, so where
  the SDK's local backend would hit one, the adapter raises what a local file system
  does (``IsADirectoryError`` / ``NotADirectoryError``).

Both editions are declared so that the report shows which one the SDK follows; the
SDK has one behaviour for both.

``chat.request`` (edition 0.25.0 only, the one edition with a chat wire): the SDK's
Chat Completions model and its ``Converter.items_to_messages``, see
``openai_agents_chat.py``.

``mcp.tools_to_responses`` (both editions): an ``Agent`` with stand-in MCP servers and the
SDK's default MCP config, its tools as the Responses model would send them, see
``openai_agents_mcp.py``.
"""

from __future__ import annotations

import posixpath
from importlib.metadata import version
from pathlib import Path, PurePosixPath
from typing import Any

from agents.apply_diff import apply_diff
from agents.sandbox.capabilities.tools.apply_patch_tool import _parse_apply_patch_input
from agents.sandbox.errors import (
    ApplyPatchDecodeError,
    ApplyPatchFileNotFoundError,
    ApplyPatchPathError,
    InvalidManifestPathError,
)
from agents.sandbox.workspace_paths import WorkspacePathPolicy
from openai_agents_chat import OP as CHAT_OP
from openai_agents_chat import chat_request
from openai_agents_mcp import OP as MCP_OP
from openai_agents_mcp import tools_to_responses

from codex_conformance.port import FileTreeError, decode_content, encode_content, make_handle, safe_relative

OP = "apply_patch.apply"
EDITIONS = ["0.25.0", "0.169.0"]


def _apply_patch(args: dict[str, Any]) -> dict[str, Any]:
    patch = args.get("patch")
    if not isinstance(patch, str) or "\x00" in patch:
        return {"error": {"kind": "invalid-args", "message": "patch must be a string without NUL"}}
    try:
        files = {
            str(safe_relative(name)): decode_content(name, content)
            for name, content in args.get("files", {}).items()
        }
    except FileTreeError as exc:
        return {"error": {"kind": "invalid-args", "message": str(exc)}}
    cwd = args.get("cwd", "/workspace")
    return {"result": _apply(patch, files, cwd)}


handle = make_handle(
    {
        "name": "openai-agents (agents.apply_diff)",
        "version": version("openai-agents"),
        "language": "python",
        "homepage": "https://github.com/openai/openai-agents-python",
    },
    EDITIONS,
    {OP: _apply_patch, CHAT_OP: chat_request, MCP_OP: tools_to_responses},
)


def _apply(patch: str, files: dict[str, bytes], cwd: str) -> dict[str, Any]:
    workspace = _Workspace(files)
    policy = WorkspacePathPolicy(root=cwd)
    outputs: list[str] = []
    try:
        operations = _parse_apply_patch_input(patch)
        for operation in operations:  # the SDK tool validates every path before running any
            _relative(policy, operation.path)
            if operation.move_to is not None:
                _relative(policy, operation.move_to)
        for operation in operations:
            outputs.append(_run(workspace, policy, operation))
    except Exception as exc:
        return _result(1, "", str(exc), workspace)
    return _result(0, "\n".join(outputs), "", workspace)


def _result(exit_code: int, stdout: str, stderr: str, workspace: _Workspace) -> dict[str, Any]:
    return {
        "exit_code": exit_code,
        "stdout": stdout,
        "stderr": stderr,
        "files": {name: encode_content(data) for name, data in sorted(workspace.files.items())},
    }


def _relative(policy: WorkspacePathPolicy, path: str) -> str:
    """WorkspaceEditor._validate_path: the path relative to the workspace root, or ApplyPatchPathError."""
    if not path.strip():
        raise ApplyPatchPathError(path=path, reason="empty")
    try:
        return policy.relative_path(path).as_posix()
    except InvalidManifestPathError as exc:
        raise ApplyPatchPathError(path=path, reason="escape_root", cause=exc) from exc


def _run(workspace: _Workspace, policy: WorkspacePathPolicy, operation: Any) -> str:
    """One operation, as WorkspaceEditor.apply_operation runs it; returns its output text."""
    path = _relative(policy, operation.path)
    if operation.type == "delete_file":
        if not workspace.is_file(path):
            if workspace.is_dir(path):
                raise IsADirectoryError(21, "Is a directory", path)
            raise ApplyPatchFileNotFoundError(path=Path(path))
        workspace.remove(path)
        return f"Deleted {path}"
    if operation.type == "update_file":
        if workspace.is_dir(path):
            raise IsADirectoryError(21, "Is a directory", path)
        if not workspace.is_file(path):
            raise ApplyPatchFileNotFoundError(path=Path(operation.path))
        try:
            original = workspace.files[path].decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ApplyPatchDecodeError(path=Path(path), cause=exc) from exc
        updated = apply_diff(original, operation.diff, mode="default")
        if operation.move_to is None:
            workspace.write(path, updated)
            return f"Updated {path}"
        destination = _relative(policy, operation.move_to)
        workspace.write(destination, updated)
        if destination != path:
            workspace.remove(path)
        return f"Updated {path}\nMoved {path} to {destination}"
    created = apply_diff("", operation.diff, mode="create")
    workspace.write(path, created)
    return f"Created {path}"


class _Workspace:
    """Regular files by POSIX path relative to the workspace root; directories are implied."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = dict(files)

    def is_file(self, path: str) -> bool:
        return path in self.files

    def is_dir(self, path: str) -> bool:
        return path in ("", ".") or any(name.startswith(path + "/") for name in self.files)

    def write(self, path: str, text: str) -> None:
        if self.is_dir(path):
            raise IsADirectoryError(21, "Is a directory", path)
        for parent in PurePosixPath(path).parents:
            if str(parent) != "." and self.is_file(str(parent)):
                raise NotADirectoryError(20, "Not a directory", path)
        self.files[posixpath.normpath(path)] = text.encode("utf-8")

    def remove(self, path: str) -> None:
        del self.files[path]
