"""The two apply_patch ops over an edition's rules: ``apply`` and ``parse``.

Everything happens in memory (memfs.MemoryFS); the real file system is never
read or written, whatever paths the patch names.
"""

from __future__ import annotations

import base64
import posixpath

from codex_reference.apply_patch import messages, parser
from codex_reference.apply_patch.applier import Applier, ApplyError, ReleasePanic
from codex_reference.apply_patch.memfs import MemoryFS
from codex_reference.apply_patch.model import PatchParseError
from codex_reference.apply_patch.rules import ApplyPatchRules
from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON

DEFAULT_CWD = "/workspace"


def _content_bytes(path: str, content: JSON) -> bytes:
    if isinstance(content, str):
        return content.encode("utf-8")  # args hold no lone surrogate (the adapter refuses one)
    if isinstance(content, dict) and set(content) == {"base64"} and isinstance(content["base64"], str):
        try:
            return base64.b64decode(content["base64"], validate=True)
        except ValueError as exc:
            raise InvalidArgs(f"files[{path!r}]: invalid base64: {exc}") from exc
    raise InvalidArgs(f"files[{path!r}]: content must be a string or {{'base64': ...}}")


def _content_json(data: bytes) -> JSON:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode("ascii")}


def files_json(fs: MemoryFS, cwd: str) -> JSON:
    """The protocol's ``files`` map of the file system: each file by its path under cwd, sorted."""
    files = {posixpath.relpath(path, cwd): _content_json(data) for path, data in fs.files.items()}
    return dict(sorted(files.items()))


def _cwd(args: dict[str, JSON]) -> str:
    cwd = args.get("cwd", DEFAULT_CWD)
    if not isinstance(cwd, str) or not cwd.startswith("/") or "\0" in cwd:
        raise InvalidArgs("`cwd` must be an absolute path")
    parts = cwd.split("/")
    if ".." in parts or posixpath.normpath(cwd) == "/":
        raise InvalidArgs("`cwd` must be an absolute path below /, without '..'")
    return posixpath.normpath(cwd)


def _patch(args: dict[str, JSON]) -> str:
    patch = args.get("patch")
    if not isinstance(patch, str):
        raise InvalidArgs("`patch` must be a string")
    if "\0" in patch:
        # A process argument cannot hold NUL: the release can never be given this patch.
        raise InvalidArgs("a patch with a NUL byte cannot be passed to apply_patch as an argument")
    return patch


def _file_system(cwd: str, files: JSON) -> MemoryFS:
    if files is None:
        files = {}
    if not isinstance(files, dict):
        raise InvalidArgs("`files` must be an object")
    fs = MemoryFS()
    fs.create_dir_all(cwd)
    for name, content in files.items():
        parts = name.split("/")
        if not name or name.startswith("/") or ".." in parts or "\0" in name:
            raise InvalidArgs(f"files: {name!r} is not a plain relative path inside cwd")
        target = MemoryFS.resolve(cwd, name)
        data = _content_bytes(name, content)  # outside the try: its own message says what is wrong
        try:
            fs.create_dir_all(posixpath.dirname(target))
            fs.write(target, data)
        except Exception as exc:
            raise InvalidArgs(f"files: {name!r} conflicts with another entry") from exc
    return fs


def apply(rules: ApplyPatchRules, args: dict[str, JSON]) -> dict[str, JSON]:
    cwd = _cwd(args)
    patch = _patch(args)
    fs = _file_system(cwd, args.get("files"))
    stdout = stderr = ""
    exit_code = 0
    try:
        hunks = parser.parse(patch, rules.parser)
        if not hunks:
            raise ApplyError(messages.NOTHING_TO_DO.rstrip("\n"))
        stdout = Applier(fs, cwd, rules.apply).apply(hunks).printed()
    except PatchParseError as exc:
        exit_code, stderr = 1, exc.printed()
    except ApplyError as exc:
        exit_code, stderr = 1, f"{exc}\n"
    except ReleasePanic as exc:
        exit_code = 101
        stderr = rules.apply.messages.panic(str(exc))
    return {"exit_code": exit_code, "stdout": stdout, "stderr": stderr, "files": files_json(fs, cwd)}


def parse(rules: ApplyPatchRules, args: dict[str, JSON]) -> dict[str, JSON]:
    patch = _patch(args)
    try:
        hunks = parser.parse(patch, rules.parser)
    except PatchParseError as exc:
        return {"parse_error": exc.as_json()}
    return {"hunks": [hunk.as_json() for hunk in hunks]}
