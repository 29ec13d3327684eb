"""``host_tools.apply_patch``: what a release writes back for an apply_patch tool call (HOST-PATCH-*).

The handler parses the patch and verifies it against the files as they are
(apply_patch/applier.py's ``verify``): a failure is written back as
``apply_patch verification failed: `` and the error, its paths absolute,
and nothing runs.  A patch without hunks is refused.  Otherwise the
release's apply_patch command runs on the files (the edition's own applier,
codex_reference.apply_patch) and its output is written back the way the
call's form writes a command's output: under the command header for a
freeform call, in the shell tool's JSON object for a function call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from codex_reference.apply_patch import parser
from codex_reference.apply_patch.applier import Applier, ApplyError, ReleasePanic
from codex_reference.apply_patch.memfs import MemoryFS
from codex_reference.apply_patch.messages import PathNames, resolved_path
from codex_reference.apply_patch.model import DeleteFile, Hunk, PatchParseError, UpdateFile
from codex_reference.apply_patch.ops import files_json
from codex_reference.apply_patch.rules import ApplyPatchRules
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.exec_output import FORMATTERS_0_25_0, FORMATTERS_0_94_0, Formatter
from codex_reference.host_tools.header import headed_output
from codex_reference.host_tools.tree import Node, Tree, load_tree
from codex_reference.json_types import JSON
from codex_reference.rustlib.serde_json import SerdeError, Shape, from_str

__all__ = ["PATCH_TOOL_0_25_0", "PATCH_TOOL_0_94_0", "PATCH_TOOL_0_169_0", "PatchToolRules", "apply_patch_op"]

# The function form's arguments: `{"input": <the patch>}`.
_ARGUMENTS = Shape(
    "struct",
    "struct ApplyPatchToolArgs",
    fields=(("input", Shape("string", "a string")),),
    required=frozenset({"input"}),
)

# (exit code, what the command printed: stdout then stderr, the op's args) -> the output text.
CommandOutput = Callable[[int, str, Mapping[str, Any]], str]


@dataclass(frozen=True)
class PatchToolRules:
    # How each call form the release dispatches writes the command's output.
    forms: Mapping[str, CommandOutput]
    # How a verification error names a file (messages.resolved_path: absolute).
    verified_path: Callable[[PathNames, str], str]
    # What a refusal's error comes after.
    verification_failed: str
    # Whether verification reads each file a hunk deletes.
    verify_deletes: bool
    # Whether two hunks naming one file are refused (a format string over {path}, absolute).
    one_hunk_per_path: bool = False
    repeated_path: str = "invalid patch: multiple operations target {path}"
    empty_patch: str = "patch rejected: empty patch"


def _memory_fs(tree: Tree) -> MemoryFS:
    """The tree's directories and files, where the applier looks for them."""
    fs = MemoryFS()
    pending: list[tuple[str, Node]] = [(tree.cwd, tree.root)]
    while pending:
        path, node = pending.pop()
        if node.kind == "dir":
            fs.create_dir_all(path)
            pending.extend((f"{path}/{name}", child) for name, child in node.children.items())
        elif node.kind == "file":
            fs.write(path, node.content)
        else:
            raise NotModelled("links and FIFOs under an apply_patch call are not modelled")
    return fs


def _patch(form: str, args: Mapping[str, JSON]) -> str | SerdeError:
    """The patch the call carries, or serde's error for function arguments it cannot read."""
    key = "input" if form == "custom" else "arguments"
    text = args.get(key)
    if not isinstance(text, str):
        raise InvalidArgs(f"`{key}` must be a string")
    if form == "custom":
        return text
    try:
        parsed = from_str(text, _ARGUMENTS)
    except SerdeError as err:
        return err
    assert isinstance(parsed, dict)
    return str(parsed["input"])


def _repeated_path(hunks: list[Hunk], cwd: str) -> str | None:
    """The first file (absolute) a second hunk names."""
    paths = [MemoryFS.resolve(cwd, hunk.path) for hunk in hunks]
    moves = [
        MemoryFS.resolve(cwd, hunk.move_path)
        for hunk in hunks
        if isinstance(hunk, UpdateFile) and hunk.move_path is not None
    ]
    if len(set(moves)) < len(moves) or set(moves) & set(paths):
        raise NotModelled(
            "whether a move's destination counts for the one-hunk-per-path check is not modelled"
        )
    seen: set[str] = set()
    for path in paths:
        if path in seen:
            return path
        seen.add(path)
    return None


def _written_back(
    rules: PatchToolRules, patching: ApplyPatchRules, fs: MemoryFS, cwd: str, patch: str
) -> tuple[int, str] | str:
    """(exit code, printed) of the command the call runs, or the text of a refusal."""
    try:
        hunks = parser.parse(patch, patching.parser)
    except PatchParseError as exc:
        return rules.verification_failed + exc.displayed()
    if not hunks:
        return rules.empty_patch
    if rules.one_hunk_per_path and (repeated := _repeated_path(hunks, cwd)) is not None:
        return rules.verification_failed + rules.repeated_path.format(path=repeated)
    messages = replace(patching.apply.messages, display=rules.verified_path)
    verifier = Applier(fs, cwd, replace(patching.apply, messages=messages))
    try:
        verifier.verify([hunk for hunk in hunks if rules.verify_deletes or not isinstance(hunk, DeleteFile)])
    except ApplyError as exc:
        return rules.verification_failed + str(exc)
    try:
        return 0, Applier(fs, cwd, patching.apply).apply(hunks).printed()
    except ApplyError as exc:
        return 1, f"{exc}\n"
    except ReleasePanic as exc:
        raise NotModelled("a panic of the applier under the tool is not modelled") from exc


def apply_patch_op(
    rules: PatchToolRules | None, patching: ApplyPatchRules, args: Mapping[str, JSON]
) -> dict[str, JSON]:
    if rules is None:
        raise NotModelled("the reference does not model this release's apply_patch tool calls")
    form = args.get("call")
    if not isinstance(form, str) or form not in ("custom", "function"):
        raise InvalidArgs('`call` must be "custom" or "function"')
    if form not in rules.forms:
        raise NotModelled(f"this release gives no model an apply_patch tool of the {form} form")
    tree = load_tree(args)
    fs = _memory_fs(tree)
    patch = _patch(form, args)
    if isinstance(patch, SerdeError):
        return {"output": f"failed to parse function arguments: {patch}", "files": files_json(fs, tree.cwd)}
    ran = _written_back(rules, patching, fs, tree.cwd, patch)
    output = ran if isinstance(ran, str) else rules.forms[form](*ran, args)
    return {"output": output, "files": files_json(fs, tree.cwd)}


def _shell_json(formatter: Formatter) -> CommandOutput:
    """The shell tool's JSON object (the edition's exec_output formatter) around what the command printed."""

    def written(exit_code: int, printed: str, args: Mapping[str, Any]) -> str:
        measured = {
            "output": printed,
            "exit_code": exit_code,
            "duration_seconds": args.get("duration_seconds"),
        }
        return formatter({key: value for key, value in measured.items() if value is not None})

    return written


PATCH_TOOL_0_25_0 = PatchToolRules(
    # Both forms write the shell tool's object; a refusal is `error: ` and the error.
    forms={
        "custom": _shell_json(FORMATTERS_0_25_0["shell"]),
        "function": _shell_json(FORMATTERS_0_25_0["shell"]),
    },
    verified_path=resolved_path,
    verification_failed="error: ",
    # A missing file to delete is left for the command to meet.
    verify_deletes=False,
)
PATCH_TOOL_0_94_0 = replace(
    PATCH_TOOL_0_25_0,
    forms={"custom": headed_output, "function": _shell_json(FORMATTERS_0_94_0["shell"])},
    verification_failed="apply_patch verification failed: ",
    verify_deletes=True,
)
# Only the freeform tool; two hunks on one path are refused.
PATCH_TOOL_0_169_0 = replace(PATCH_TOOL_0_94_0, forms={"custom": headed_output}, one_hunk_per_path=True)
