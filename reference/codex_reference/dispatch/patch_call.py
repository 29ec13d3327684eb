"""An apply_patch call whose payload the handler reads (DISPATCH-PATCH-1): host_tools' apply_patch.

The patch is verified and applied on the run's files (``files``, the
directory is otherwise empty) by ``host_tools.apply_patch_op``, the
edition's own applier, in memory: nothing is written on the host.  Its
output takes the form of the apply_patch tool the model was sent
(``form``: 0.94.0 writes a function call to a freeform tool under the
command header, HOST-PATCH-2), or of the call's own kind.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from codex_reference.apply_patch.rules import ApplyPatchRules
from codex_reference.args import string_map
from codex_reference.host_tools import PatchToolRules, apply_patch_op
from codex_reference.json_types import JSON

__all__ = ["PatchCall", "patch_output"]

# The working directory a verification message names when the case gives none: only an output
# that names no path is compared without the run's own (a case whose output names it gives `cwd`).
_STAND_IN_CWD = "/tmp/codex-conformance-work-dispatch"


@dataclass(frozen=True)
class PatchCall:
    tool: PatchToolRules
    patching: ApplyPatchRules
    # (version, args) -> "custom" or "function": the kind of apply_patch tool the model is sent,
    # whose form the output takes; None: the call's own kind.
    form: Callable[[str, Mapping[str, JSON]], str | None] | None = None


def patch_output(rules: PatchCall, args: Mapping[str, JSON], patch: str, call_kind: str) -> JSON:
    """What the call carrying ``patch`` (already read out of a function call's arguments) writes back."""
    form = (rules.form(str(args.get("edition")), args) if rules.form is not None else None) or call_kind
    files = string_map(args.get("files", {}), "files")
    op_args: dict[str, JSON] = {
        "cwd": args.get("cwd", _STAND_IN_CWD),
        "tree": [{"path": path, "content_base64": content} for path, content in files.items()],
        "call": form,
    }
    if form == "custom":
        op_args["input"] = patch
    else:
        op_args["arguments"] = json.dumps({"input": patch})
    if "duration_seconds" in args:
        op_args["duration_seconds"] = args["duration_seconds"]
    return apply_patch_op(rules.tool, rules.patching, op_args)["output"]
