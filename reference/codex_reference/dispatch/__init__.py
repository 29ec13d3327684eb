"""``dispatch.call``: the output item a release writes back for one streamed tool call.

The flow (spec/dispatch.md): the call's kind (function, custom,
local_shell) and name pick a handler; a name no handler serves, or a
payload of the other kind, is answered at once with a fixed text; a
handler parses its arguments (serde_json) and answers with its own output.
Argument parse errors come from a model of serde_json over the handler's
argument type (``rustlib/serde_json.py``); view_image's images from a model
of the release's image handling (``image_prompt.py``: pass-through, GIF
re-encoded as PNG, resizing; resized JPEG is declined with ``NotModelled``).
A call that runs a command writes the edition's exec output of what the
command did, which is the host's and given as ``runs`` (``commands.py``);
apply_patch applies the patch to the case's files in memory
(``patch_call.py``, host_tools' model).  Nothing runs on the host.

What a gateway may hand back beyond the API's own shapes (spec/dispatch.md,
"What Codex accepts from a gateway"): a call's ``namespace`` (read by
0.169.0 alone, ``NamespaceRule``), MCP-style names (plain names to a run
with no MCP server), ``tool_search_call`` items (0.169.0, ``ToolSearchRule``)
and handlers that do not follow the tools sent (0.94.0's ``shell_command``;
``apply_patch`` where the model has it).  A call no release reads
(``arguments`` not a string; in 0.169.0 a ``namespace`` not a string; a
``tool_search_call`` an edition does not run) gets nothing written back,
so no case can hold it: declined with ``NotModelled``, saying so.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from codex_reference.apply_patch import rules as apply_patch_rules
from codex_reference.args import mapping, string, string_map
from codex_reference.dispatch.commands import (
    CommandRules,
    CommandTool,
    command_output,
    local_shell_output,
    not_started_debug,
    not_started_display,
    not_started_unified,
)
from codex_reference.dispatch.image_prompt import prompt_image
from codex_reference.dispatch.patch_call import PatchCall, patch_output
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.exec_output import FORMATTERS_0_25_0, FORMATTERS_0_94_0, FORMATTERS_0_169_0
from codex_reference.host_tools import PATCH_TOOL_0_25_0, PATCH_TOOL_0_94_0, PATCH_TOOL_0_169_0
from codex_reference.host_tools.header import headed_output
from codex_reference.json_types import JSON
from codex_reference.rustlib.image_png_write import RowFilters, adaptive_rows, adaptive_rows_up_for_repeats
from codex_reference.rustlib.serde_json import SerdeError, Shape, from_str
from codex_reference.tools import catalog

__all__ = [
    "DISPATCH_0_25_0",
    "DISPATCH_0_94_0",
    "DISPATCH_0_169_0",
    "DISPATCH_0_171_0",
    "DispatchRules",
    "EnvironmentRule",
    "NamespaceRule",
    "ToolSearchRule",
    "call",
]


@dataclass(frozen=True)
class DispatchRules:
    # Function tools the release has a handler for, by name.
    function_handlers: frozenset[str]
    # Tools whose handler takes a freeform (custom) payload.
    custom_handlers: frozenset[str]
    unknown_function: str  # format string over {name}
    unknown_custom: str
    # What a call of the wrong payload kind to a known tool gets; None: as unknown.
    kind_mismatch: str | None
    plan_updated: str | None  # update_plan's output; None where there is no plan handler
    # Output items carry a made-up id (fco_/ctco_ and a UUID) after `type`.
    item_ids: bool
    # The Rust types each function handler parses its arguments into, in the
    # order it parses them (the first error is written back).
    argument_types: Mapping[str, tuple[Shape, ...]]
    # serde_json built with arbitrary_precision (how numbers are named).
    arbitrary_precision: bool
    # Tools whose arguments are first read for the turn environment they name
    # (before the tool's own argument type), and the environments a turn has.
    environment: EnvironmentRule | None = None
    # How view_image filters the rows of a PNG it writes (a GIF, an image it resizes).
    png_rows: RowFilters = adaptive_rows
    # view_image's `detail` values other than these get ``detail_refused``.
    image_details: frozenset[str] = frozenset()
    detail_refused: str = ""
    # The text view_image answers for a file it found, the image itself going
    # into the next request; None where the output carries the image.
    image_attached: str | None = None
    # write_stdin to a session no command of the run opened (a turn's first
    # call can name none): a format string over {id}; None where not captured.
    unknown_session: str | None = None
    # The names of the tools the release has handlers for, given the call's
    # model and configuration: a custom handler answers a function call of its
    # name with ``kind_mismatch`` only where it has its tool (code mode or
    # not), else as unknown (0.169.0 with gpt-5, which has no apply_patch
    # tool); None: always ``kind_mismatch``.
    offered: Callable[[str, Mapping[str, JSON]], frozenset[str]] | None = None
    # Handlers the release has only where the model has their tool (``offered``
    # says which it has): apply_patch in 0.94.0 and 0.169.0 (captured:
    # apply-patch-function-gpt-5-codex-*, custom-apply-patch-not-offered).
    offered_handlers: frozenset[str] = frozenset()
    # Handlers that take a tool_search_call, neither a function nor a custom
    # payload: a function or custom call of the name is ``kind_mismatch``
    # where the model has the tool (0.169.0's tool_search with gpt-5.5;
    # captured: function-call-tool-search-gpt-5.5, custom-tool-search-gpt-5.5),
    # unknown where it has not (gpt-5: function-call-tool-search).
    search_handlers: frozenset[str] = frozenset()
    # How a call's `namespace` is read; None: it is not (an unknown field).
    namespaces: NamespaceRule | None = None
    # tool_search_call items; None: the edition has no such item.
    tool_search: ToolSearchRule | None = None
    # The handlers that run a command (DISPATCH-RUN-1, -2); None: not modelled.
    commands: CommandRules | None = None
    # apply_patch's handler, where it reads the patch (DISPATCH-PATCH-1); None: not modelled.
    patch: PatchCall | None = None


@dataclass(frozen=True)
class NamespaceRule:
    """0.169.0: a call names a tool by (namespace, name).

    A namespace of ``bare`` (and none, or null) is the bare name; any other
    pair is looked up among the namespaced tools the model has
    (``namespaced``: pair -> the tool's kind), and a pair no tool has is
    unknown under the two joined with nothing between them (captured:
    namespace-equal-to-name-exec-command, namespace-split-name).
    """

    bare: frozenset[str]
    namespaced: Callable[[str, Mapping[str, JSON]], Mapping[tuple[str, str], str]]


@dataclass(frozen=True)
class ToolSearchRule:
    """0.169.0: a client-executed tool_search_call is answered with the tools found.

    With no MCP server configured nothing is searchable: ``tools`` is empty
    whatever the arguments (captured: tool-search-*).
    """

    executions: frozenset[str]
    status: str


def _handled_names(version: str, args: Mapping[str, JSON]) -> frozenset[str]:
    """The names of the tools the release has handlers for, given the call's model and configuration;
    a tool without a name (``tool_search``) goes by its type."""
    tools = catalog.handled_tools(version, string(args, "model"), mapping(args.get("config"), "config"))
    return frozenset(
        str(tool["name"] if "name" in tool else tool.get("type")) for tool in tools if isinstance(tool, dict)
    )


def _namespaced_tools(version: str, args: Mapping[str, JSON]) -> dict[tuple[str, str], str]:
    """(namespace, name) -> kind of each tool the model has in a namespace."""
    tools = catalog.handled_tools(version, string(args, "model"), mapping(args.get("config"), "config"))
    pairs: dict[tuple[str, str], str] = {}
    for tool in tools:
        if isinstance(tool, dict) and tool.get("type") == "namespace" and isinstance(tool.get("tools"), list):
            for nested in tool["tools"]:
                if isinstance(nested, dict):
                    pairs[str(tool["name"]), str(nested.get("name"))] = str(nested.get("type"))
    return pairs


def _offered_tools_by_family(version: str, args: Mapping[str, JSON]) -> frozenset[str]:
    """The names of the tools 0.94.0 sends the call's model with its configuration."""
    built = catalog.build(catalog.CATALOG_0_94_0, version, args)["tools"]
    names = (tool.get("name") for tool in built if isinstance(tool, dict)) if isinstance(built, list) else ()
    return frozenset(name for name in names if isinstance(name, str))


@dataclass(frozen=True)
class EnvironmentRule:
    shape: Shape
    tools: frozenset[str]
    known: frozenset[str]
    unknown: str  # format string over {id}


_STRING = Shape("string", "a string")
_STRINGS = Shape("seq", "a sequence", item=_STRING)


def _optional(shape: Shape) -> Shape:
    return Shape("option", item=shape)


def _struct(name: str, fields: tuple[tuple[str, Shape], ...], **kw: Any) -> Shape:
    """A derived struct; fields in declaration order, Option fields and those with a
    serde default (`defaulted`) optional."""
    defaulted = kw.get("defaulted") or frozenset()
    required = frozenset(
        field for field, shape in fields if shape.kind != "option" and field not in defaulted
    )
    return Shape("struct", f"struct {name}", fields=fields, required=required, **kw)


# 0.25.0: shell and container.exec parse ShellToolCallParams (`timeout` is an
# alias of timeout_ms; unknown fields are skipped); update_plan parses
# UpdatePlanArgs, whose structs reject unknown fields.
_SHELL_0_25_0 = _struct(
    "ShellToolCallParams",
    (
        ("command", _STRINGS),
        ("workdir", _optional(_STRING)),
        ("timeout_ms", _optional(Shape("u64"))),
        ("with_escalated_permissions", _optional(Shape("bool"))),
        ("justification", _optional(_STRING)),
    ),
    aliases=(("timeout", "timeout_ms"),),
    # No field has a serde default, Options included: `[[]]` is `invalid length 1`
    # (captured: serde-array-shell-fields-short, serde-array-container-exec-fields-short).
    defaulted=frozenset(),
)
_PLAN_ITEM = _struct(
    "PlanItemArg",
    (("step", _STRING), ("status", Shape("enum", variants=("pending", "in_progress", "completed")))),
    others="deny",
)
_UPDATE_PLAN = _struct(
    "UpdatePlanArgs",
    (("explanation", _optional(_STRING)), ("plan", Shape("seq", "a sequence", item=_PLAN_ITEM))),
    others="deny",
    # `[]` is `invalid length 1` (captured: serde-empty-array-update-plan).
    defaulted=frozenset({"explanation"}),
)
# 0.169.0: exec_command's and view_image's arguments are first parsed for
# the turn environment they name (ToolEnvironmentArgs: its one field, every
# other key skipped, so syntax errors are found by serde_json's skipping
# reader), and the environment is checked; then exec_command's are parsed
# for `workdir` alone (a `workdir` error comes before any `cmd` error,
# duplicates included; the struct's name never shows: a top-level type error
# is the first parse's), then as ExecCommandArgs.  ExecCommandArgs has more
# optional fields than the captures pin down; only `cmd` and `workdir` are
# typed, keys the tool declares otherwise are declined.
# `[]` is `invalid length 0 ... with 1 element`: its Option has no serde default.
_TOOL_ENVIRONMENT_0_169_0 = _struct(
    "ToolEnvironmentArgs", (("environment_id", _optional(_STRING)),), defaulted=frozenset()
)
_EXEC_WORKDIR_0_169_0 = _struct("ExecWorkdir", (("workdir", _optional(_STRING)),))
_VIEW_IMAGE_0_169_0 = _struct("ViewImageArgs", (("path", _STRING), ("detail", _optional(_STRING))))
_EXEC_COMMAND_0_169_0 = _struct(
    "ExecCommandArgs",
    (("cmd", _STRING), ("workdir", _optional(_STRING))),
    declined=frozenset(
        {
            "shell",
            "login",
            "tty",
            "yield_time_ms",
            "max_output_tokens",
            "sandbox_permissions",
            "justification",
            "prefix_rule",
            "additional_permissions",
        }
    ),
)
# write_stdin first parses TerminalSessionArgs, its one field `session_id`
# an i32 (`[]` is `invalid length 0 ... TerminalSessionArgs with 1 element`,
# captured: serde-empty-array-write-stdin), then WriteStdinArgs.  This model
# reads no i32 (a present session_id is declined) and `{}` fails the first
# parse, so no modelled input reaches the second: it is not written here.
_TERMINAL_SESSION_0_169_0 = _struct("TerminalSessionArgs", (("session_id", Shape("i32", "i32")),))

# 0.25.0 runs exec_command and write_stdin by name whether or not the tools
# are offered (captured: exec-command-missing-cmd, write-stdin-missing-session-id).
# ExecCommandParams is cmd and four fields with serde defaults (u64, u64, String,
# bool); their types are read, so a wrong one fails as the release fails
# (captured: serde-array-exec-command-*, exec-command-yield-time-string,
# exec-command-login-string), but what they change in a run is not modelled: a
# value that reads is declined.  The timeouts some builds of that era have
# (idle_timeout_ms, hard_timeout_ms, grace_period_ms, log_threshold_bytes) are
# no fields of this build: ignored like any unknown key, of any type (captured:
# run-exec-command-echo-timeout-keys-mistyped, -one).
_EXEC_COMMAND_0_25_0 = _struct(
    "ExecCommandParams",
    (
        ("cmd", _STRING),
        ("yield_time_ms", Shape("u64")),
        ("max_output_tokens", Shape("u64")),
        ("shell", _STRING),
        ("login", Shape("bool")),
    ),
    defaulted=frozenset({"yield_time_ms", "max_output_tokens", "shell", "login"}),
    declined=frozenset(
        {
            "yield_time_ms",
            "max_output_tokens",
            "shell",
            "login",
        }
    ),
    # cmd, yield_time_ms, max_output_tokens, shell, login: `[]` says "with 5
    # elements" (captured: serde-empty-array-exec-command).
    field_count=5,
)
_WRITE_STDIN_0_25_0 = _struct(
    "WriteStdinParams",
    # session_id is a u32 newtype (captured: write-stdin-session-id-*).
    (("session_id", Shape("u32", "u32")), ("chars", _STRING)),
    declined=frozenset({"yield_time_ms", "max_output_tokens"}),
    # `[]` says "with 4 elements" (captured: serde-empty-array-write-stdin).
    field_count=4,
)

# 0.25.0 runs apply_patch by name too; its arguments are ApplyPatchToolArgs,
# unknown keys skipped (captured: apply-patch-function-*).
_APPLY_PATCH_0_25_0 = _struct("ApplyPatchToolArgs", (("input", _STRING),))

# The run of a command (DISPATCH-RUN-1, -2): shell and its alias container.exec write
# exec_output's JSON object, exec_command (run by name) its terminal text; an empty argv
# never starts (captured: run-shell-empty-argv), and a process that did not start is
# io::Error's Display (run-shell-missing-program).
_EMPTY_ARGV_0_25_0 = "execution error: command args are empty"
_COMMANDS_0_25_0 = CommandRules(
    tools={
        "shell": CommandTool(FORMATTERS_0_25_0["shell"], "command", _EMPTY_ARGV_0_25_0),
        "container.exec": CommandTool(FORMATTERS_0_25_0["shell"], "command", _EMPTY_ARGV_0_25_0),
        "exec_command": CommandTool(FORMATTERS_0_25_0["exec_command"], "cmd"),
    },
    not_started=not_started_display,
    local_shell="shell",
)

DISPATCH_0_25_0 = DispatchRules(
    function_handlers=frozenset(
        {"shell", "container.exec", "update_plan", "apply_patch", "exec_command", "write_stdin"}
    ),
    # A custom call to apply_patch runs the patch, whatever the model is sent
    # (tried: `error: invalid patch: ...`; the patch is host_tools' area).
    custom_handlers=frozenset({"apply_patch"}),
    unknown_function="unsupported call: {name}",
    unknown_custom="unsupported custom tool call: {name}",
    kind_mismatch=None,
    plan_updated="Plan updated",
    item_ids=False,
    argument_types={
        "shell": (_SHELL_0_25_0,),
        "container.exec": (_SHELL_0_25_0,),
        "update_plan": (_UPDATE_PLAN,),
        "exec_command": (_EXEC_COMMAND_0_25_0,),
        "write_stdin": (_WRITE_STDIN_0_25_0,),
        "apply_patch": (_APPLY_PATCH_0_25_0,),
    },
    arbitrary_precision=False,
    unknown_session="unknown session id {id}",
    commands=_COMMANDS_0_25_0,
    patch=PatchCall(PATCH_TOOL_0_25_0, apply_patch_rules.APPLY_PATCH_0_25_0),
)

DISPATCH_0_169_0 = DispatchRules(
    function_handlers=frozenset({"exec_command", "write_stdin", "view_image", "request_user_input"}),
    custom_handlers=frozenset({"apply_patch"}),
    unknown_function="unsupported call: {name}",
    unknown_custom="unsupported custom tool call: {name}",
    kind_mismatch="aborted",
    # A function call to apply_patch: `aborted` where the model has the freeform
    # tool (gpt-5.5), `unsupported call` where it has none (gpt-5; captured:
    # function-to-freeform-apply-patch, apply-patch-function-not-json).
    offered=_handled_names,
    # A custom call to apply_patch too: with gpt-5 it is unsupported
    # (captured: custom-apply-patch-not-offered).
    offered_handlers=frozenset({"apply_patch", "tool_search"}),
    search_handlers=frozenset({"tool_search"}),
    # `functions` (and an empty namespace) is the bare name (captured:
    # namespace-functions-exec-command, namespace-empty-exec-command).
    namespaces=NamespaceRule(bare=frozenset({"", "functions"}), namespaced=_namespaced_tools),
    tool_search=ToolSearchRule(executions=frozenset({"client"}), status="completed"),
    plan_updated=None,
    item_ids=True,
    argument_types={
        "exec_command": (_EXEC_WORKDIR_0_169_0, _EXEC_COMMAND_0_169_0),
        "view_image": (_VIEW_IMAGE_0_169_0,),
        "write_stdin": (_TERMINAL_SESSION_0_169_0,),
    },
    arbitrary_precision=True,
    environment=EnvironmentRule(
        shape=_TOOL_ENVIRONMENT_0_169_0,
        tools=frozenset({"exec_command", "view_image"}),
        known=frozenset({"local"}),
        unknown="unknown turn environment id `{id}`",
    ),
    # exec_command's run is unified exec's text; a process that did not start is its refusal
    # (captured: run-exec-command-missing-workdir); an empty `cmd` runs.  A local_shell_call
    # alone gets nothing written back (tried: no follow-up request; beside a call that makes
    # one, it is `aborted`): declined.
    commands=CommandRules(
        tools={"exec_command": CommandTool(FORMATTERS_0_169_0["exec_command"], "cmd")},
        not_started=not_started_unified,
    ),
    patch=PatchCall(PATCH_TOOL_0_169_0, apply_patch_rules.APPLY_PATCH_0_169_0),
    image_details=frozenset({"high", "original"}),
    detail_refused="view_image.detail only supports `high` or `original`; "
    "omit `detail` for default high resized behavior, got `{detail}`",
)

# 0.171.0: 0.169.0's handlers; a PNG view_image writes puts a row that repeats
# the one above under Up (DISPATCH-IMAGE-1; captured: view-image-png-2049x4,
# view-image-gif-pattern-300 and seven more).
DISPATCH_0_171_0 = replace(DISPATCH_0_169_0, png_rows=adaptive_rows_up_for_repeats)

# 0.94.0 (gpt-5, no unified exec): shell (and its aliases container.exec, local_shell),
# update_plan and view_image; a
# call of the wrong kind to one of them is "aborted" (captured:
# custom-to-function-shell).  shell's arguments lost 0.25.0's
# with_escalated_permissions and gained fields whose types no case pins;
# view_image attaches the file to the next request and answers a fixed text
# (captured: view-image-png).
_SHELL_0_94_0 = _struct(
    "ShellToolCallParams",
    (
        ("command", _STRINGS),
        ("workdir", _optional(_STRING)),
        ("timeout_ms", _optional(Shape("u64"))),
        ("justification", _optional(_STRING)),
    ),
    aliases=(("timeout", "timeout_ms"),),
    declined=frozenset({"sandbox_permissions", "prefix_rule"}),
    field_count=6,  # `[]`: "with 6 elements" (captured: serde-empty-array-shell)
    # No field has a serde default: `[[]]` is `invalid length 1` (captured:
    # serde-array-shell-fields-short, serde-array-container-exec-fields-short).
    defaulted=frozenset(),
)
_VIEW_IMAGE_0_94_0 = _struct("ViewImageArgs", (("path", _STRING),))
# 0.94.0 runs shell_command by name, whatever the model is sent (captured:
# shell-command-function-*): ShellCommandToolCallParams, `command` one string;
# sandbox_permissions and prefix_rule are declined as in shell's.
_SHELL_COMMAND_0_94_0 = _struct(
    "ShellCommandToolCallParams",
    (
        ("command", _STRING),
        ("workdir", _optional(_STRING)),
        ("login", _optional(Shape("bool"))),
        ("timeout_ms", _optional(Shape("u64"))),
        ("justification", _optional(_STRING)),
    ),
    aliases=(("timeout", "timeout_ms"),),
    declined=frozenset({"sandbox_permissions", "prefix_rule"}),
    field_count=7,  # `[]`: "with 7 elements" (captured: shell-command-function-empty-array)
)


def _headed(measured: dict[str, Any]) -> str:
    """shell_command's run under the command header (HOST-SHELL-1)."""
    return headed_output(int(measured["exit_code"]), str(measured["output"]), measured)


def _offered_patch_kind_by_family(version: str, args: Mapping[str, JSON]) -> str | None:
    """The kind of apply_patch tool 0.94.0 sends the call's model ("custom" for a freeform one)."""
    built = catalog.build(catalog.CATALOG_0_94_0, version, args)["tools"]
    for tool in built if isinstance(built, list) else []:
        if isinstance(tool, dict) and tool.get("name") == "apply_patch":
            return "custom" if tool.get("type") == "custom" else "function"
    return None


_EMPTY_ARGV_0_94_0 = "command args are empty"
# 0.94.0: the JSON object cut in the middle; the empty-argv text lost its prefix and a process
# that did not start is the error's Debug form (captured: run-shell-empty-argv,
# run-shell-missing-program); shell_command writes the command header, and an empty command
# is `aborted` (run-shell-command-empty).
_COMMANDS_0_94_0 = CommandRules(
    tools={
        **{
            name: CommandTool(FORMATTERS_0_94_0["shell"], "command", _EMPTY_ARGV_0_94_0)
            for name in ("shell", "container.exec", "local_shell")
        },
        "shell_command": CommandTool(_headed, "command", "aborted"),
    },
    not_started=not_started_debug,
    local_shell="shell",
)
DISPATCH_0_94_0 = replace(
    DISPATCH_0_25_0,
    unknown_session=None,  # no write_stdin handler
    # apply_patch's handler takes a call of either kind, and only where the
    # model is sent an apply_patch tool of either kind (gpt-5-codex: freeform,
    # gpt-oss-20b: function; captured: apply-patch-function-gpt-5-codex-*).
    # local_shell is registered with the shell handler too, so a function call
    # of that name parses shell's arguments (captured: local-shell-function-missing-command).
    function_handlers=frozenset(
        {
            "shell",
            "container.exec",
            "local_shell",
            "shell_command",
            "update_plan",
            "view_image",
            "apply_patch",
        }
    ),
    offered_handlers=frozenset({"apply_patch"}),
    offered=_offered_tools_by_family,
    kind_mismatch="aborted",
    argument_types={
        "shell": (_SHELL_0_94_0,),
        "container.exec": (_SHELL_0_94_0,),
        "local_shell": (_SHELL_0_94_0,),
        "shell_command": (_SHELL_COMMAND_0_94_0,),
        "update_plan": (_UPDATE_PLAN,),
        "view_image": (_VIEW_IMAGE_0_94_0,),
        "apply_patch": (_APPLY_PATCH_0_25_0,),
    },
    image_attached="attached local image path",
    commands=_COMMANDS_0_94_0,
    patch=PatchCall(
        PATCH_TOOL_0_94_0, apply_patch_rules.APPLY_PATCH_0_94_0, form=_offered_patch_kind_by_family
    ),
)

_ID_PREFIX = {
    "function_call_output": "fco_",
    "custom_tool_call_output": "ctco_",
    "tool_search_output": "tso_",
}
_PLACEHOLDER_UUID = "00000000-0000-0000-0000-000000000000"


def _item(rules: DispatchRules, kind: str, call_id: str, output: JSON) -> dict[str, JSON]:
    item: dict[str, JSON] = {"type": kind}
    if rules.item_ids:
        # The release makes the id up; any UUID of that form is as good.
        item["id"] = _ID_PREFIX[kind] + _PLACEHOLDER_UUID
    item["call_id"] = call_id
    item["output"] = output
    return item


def _cwd(args: Mapping[str, JSON]) -> str:
    cwd = args.get("cwd")
    if not isinstance(cwd, str):
        raise InvalidArgs("a view_image call naming no file of `files` needs `cwd` (the working directory)")
    return cwd


_OUTSIDE = "view_image on a path outside the working directory (the host's) is not modelled"


def _located(files: Mapping[str, str], path: str) -> str:
    """What a relative path names among the run's files, walked as the OS walks it: ``"file"``,
    ``"directory"``, ``"missing"``, or ``"not-a-directory"`` where it goes on past a file (a final
    ``/`` or ``.`` included).  Declines a path that ``..`` takes out of the working directory.

    ``.`` and empty segments name nothing (``a/./b`` and ``a//b`` are ``a/b``); ``..`` goes up from
    a directory that exists (``gone/../x`` is missing: captured, view-image-parent-missing-dir).
    """
    raw = path.split("/")
    walked: list[str] = []
    for index, segment in enumerate(raw):
        if segment in ("", "."):
            continue
        if segment == "..":
            if not walked:
                raise NotModelled(_OUTSIDE)
            walked.pop()
            continue
        walked.append(segment)
        here = "/".join(walked)
        if here in files:
            return "file" if index == len(raw) - 1 else "not-a-directory"
        if not any(name.startswith(here + "/") for name in files):
            return "missing"
    return "directory"


def _normalised(path: str) -> str:
    """0.169.0's path: its `.` and empty components dropped and each `..` taking the one before it
    away, before the file system is asked (captured: view-image-double-slash, -parent-missing,
    -parent-missing-dir, -directory-dot-dot); declines a path `..` takes out of the working directory."""
    kept: list[str] = []
    for segment in path.split("/"):
        if segment == "..":
            if not kept:
                raise NotModelled(_OUTSIDE)
            kept.pop()
        elif segment not in ("", "."):
            kept.append(segment)
    return "/".join(kept)


def _unlocated(kind: str, shown: str) -> str:
    """The text of a path that names no file: what the release says, ``shown`` being the path it gives."""
    if kind == "directory":
        return f"image path `{shown}` is not a file"
    if kind == "not-a-directory":
        return f"unable to locate image at `{shown}`: Not a directory (os error 20)"
    return f"unable to locate image at `{shown}`: No such file or directory (os error 2)"


def _attached_image(attached: str, args: Mapping[str, JSON], arguments: Mapping[str, JSON]) -> JSON:
    """A file is attached as it is, image or not: the output only says so.

    0.94.0 joins the path to the working directory as it is given, in its
    messages too: an empty path shows as the directory with its slash, a final
    `/` is kept (captured: view-image-directory-slash, view-image-missing-dir-slash).
    """
    path = arguments.get("path")
    files = string_map(args.get("files"), "files")
    if not isinstance(path, str):
        raise NotModelled("view_image arguments the release would reject are not modelled")
    if path.startswith("/"):
        raise NotModelled(_OUTSIDE)
    kind = _located(files, path)
    if kind == "file":
        return attached
    return _unlocated(kind, f"{_cwd(args)}/{path}")


def _view_image(rules: DispatchRules, args: Mapping[str, JSON], arguments: Mapping[str, JSON]) -> JSON:
    if rules.image_attached is not None:
        return _attached_image(rules.image_attached, args, arguments)
    path = arguments.get("path")
    files = string_map(args.get("files"), "files")
    if not isinstance(path, str):
        raise NotModelled("view_image arguments the release would reject are not modelled")
    detail = arguments.get("detail")
    if isinstance(detail, str) and detail not in rules.image_details:
        return rules.detail_refused.format(detail=detail)
    if path.startswith("/"):
        raise NotModelled(_OUTSIDE)
    path = _normalised(path)
    kind = _located(files, path)
    if kind != "file":
        # The working directory itself is shown without a slash.
        return _unlocated(kind, f"{_cwd(args)}/{path}" if path else _cwd(args))
    try:
        # Non-ASCII text is no base64 either (b64decode says so with a ValueError).
        content = base64.b64decode(files[path], validate=True)
    except ValueError as exc:
        raise InvalidArgs(f"`files[{path!r}]` is not base64") from exc
    image = prompt_image(content, rows=rules.png_rows)
    if image is None:
        return "unable to process image: invalid or unsupported image data"
    mime, data = image
    if detail == "original" and data != content:
        # gpt-5 gets `original` written as `high`, and an image sent as it is
        # is the same either way (captured: view-image-detail-original); one
        # `high` would resize or re-encode is not captured with `original`.
        raise NotModelled("view_image's original detail on an image high would change is not modelled")
    url = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    return [{"type": "input_image", "image_url": url, "detail": "high"}]


def _has(rules: DispatchRules, args: Mapping[str, JSON], name: str) -> bool:
    """Whether the release has a handler for ``name`` given the call's model and configuration."""
    if name not in rules.offered_handlers:
        return True
    return rules.offered is not None and name in rules.offered(str(args.get("edition")), args)


def _other_kind(rules: DispatchRules, args: Mapping[str, JSON], name: str, handlers: frozenset[str]) -> bool:
    """Whether a call of ``name`` reaches a handler of another payload kind (DISPATCH-KIND-1):
    one of ``handlers`` that the release has, in an edition that answers ``kind_mismatch``."""
    return name in handlers and rules.kind_mismatch is not None and _has(rules, args, name)


# Nothing is written back for these: the release drops an item it cannot read
# (tried in every edition: no follow-up request), so no case can show them.
_UNREAD = "the release reads no such item and writes nothing back (no follow-up request)"


def _namespaced(rules: DispatchRules, args: Mapping[str, JSON], item: Mapping[str, JSON], name: str) -> JSON:
    """The answer to a call in a namespace other than the bare one, or None where the bare name rules."""
    namespaces = rules.namespaces
    if namespaces is None or item.get("namespace") is None:
        return None
    namespace = item["namespace"]
    if not isinstance(namespace, str):
        raise NotModelled(f"a call whose `namespace` is not a string: {_UNREAD}")
    if namespace in namespaces.bare:
        return None
    custom = item.get("type") == "custom_tool_call"
    kind = namespaces.namespaced(str(args.get("edition")), args).get((namespace, name))
    if kind is None:
        unknown = rules.unknown_custom if custom else rules.unknown_function
        return unknown.format(name=namespace + name)
    if custom != (kind == "custom") and rules.kind_mismatch is not None:
        return rules.kind_mismatch
    raise NotModelled(f"running {namespace}'s {name} is not modelled (its argument types)")


def _function(rules: DispatchRules, args: Mapping[str, JSON], item: Mapping[str, JSON]) -> JSON:
    name = item.get("name")
    if not isinstance(name, str):
        raise InvalidArgs("a function_call needs a string `name`")
    if "arguments" in item and not isinstance(item["arguments"], str):
        raise NotModelled(f"a function_call whose `arguments` is not a string: {_UNREAD}")
    namespaced = _namespaced(rules, args, item, name)
    if namespaced is not None:
        return namespaced
    if name not in rules.function_handlers or not _has(rules, args, name):
        if _other_kind(rules, args, name, rules.custom_handlers | rules.search_handlers):
            return rules.kind_mismatch
        return rules.unknown_function.format(name=name)
    if "arguments" not in item:
        # 0.25.0 runs no call for such an item and sends no output for it (tried: no follow-up request).
        raise NotModelled("a function_call without `arguments` is not modelled")
    text = str(item["arguments"])  # a string: checked above
    environment = rules.environment
    shapes = rules.argument_types.get(name, ())
    try:
        if environment is not None and name in environment.tools:
            named = from_str(text, environment.shape, rules.arbitrary_precision)
            chosen = named.get("environment_id") if isinstance(named, dict) else None
            # Checked before the tool's own arguments are read (DISPATCH-ENV-1).
            if isinstance(chosen, str) and chosen not in environment.known:
                return environment.unknown.format(id=chosen)
        read: JSON = None
        for shape in shapes:
            read = from_str(text, shape, rules.arbitrary_precision)
    except SerdeError as err:
        return f"failed to parse function arguments: {err}"
    try:
        arguments = json.loads(text)
    except RecursionError as exc:  # serde_json skipped it; Python's reader nests by recursion
        if not isinstance(read, dict):
            raise NotModelled("arguments nested deeper than Python's JSON reader goes") from exc
        # The handler reads its struct's fields alone, as serde_json gave them: the deep value
        # was an unknown field, skipped.
        arguments = read
    except json.JSONDecodeError as exc:
        raise NotModelled(
            f"the argument type of {name} is not modelled (serde_json's errors for it)"
        ) from exc
    if name == "update_plan" and rules.plan_updated is not None:
        return rules.plan_updated
    # Reached only for a tool the edition has a handler for (checked above).
    if name == "view_image" and isinstance(arguments, dict):
        return _view_image(rules, args, arguments)
    if name == "write_stdin" and rules.unknown_session is not None and isinstance(arguments, dict):
        session = arguments.get("session_id")
        # The call is the turn's only one, so no exec_command opened the session.
        if isinstance(session, int) and not isinstance(session, bool):
            return rules.unknown_session.format(id=session)
    if name == "apply_patch" and rules.patch is not None:
        patch = arguments.get("input") if isinstance(arguments, dict) else arguments[0] if arguments else None
        if isinstance(patch, str):
            return patch_output(rules.patch, args, patch, "function")
    if rules.commands is not None and name in rules.commands.tools:
        return command_output(rules.commands, name, arguments, args)
    raise NotModelled(f"running {name} depends on the host")


def _custom(rules: DispatchRules, args: Mapping[str, JSON], item: Mapping[str, JSON]) -> JSON:
    name = item.get("name")
    if not isinstance(name, str):
        raise InvalidArgs("a custom_tool_call needs a string `name`")
    namespaced = _namespaced(rules, args, item, name)
    if namespaced is not None:
        return namespaced
    if name in rules.custom_handlers and _has(rules, args, name):
        patch = item.get("input")
        if name == "apply_patch" and rules.patch is not None and isinstance(patch, str):
            return patch_output(rules.patch, args, patch, "custom")
        raise NotModelled(f"running {name} depends on the host")
    if _other_kind(rules, args, name, rules.function_handlers | rules.search_handlers):
        return rules.kind_mismatch
    return rules.unknown_custom.format(name=name)


def _local_shell(rules: DispatchRules, args: Mapping[str, JSON], item: Mapping[str, JSON]) -> JSON:
    """A local_shell_call item: its argv run as the edition's shell call, written back as one."""
    if rules.commands is None:
        raise NotModelled("dispatch of 'local_shell_call' items is not modelled in this edition")
    return local_shell_output(rules.commands, item, args)


def _tool_search(rules: DispatchRules, args: Mapping[str, JSON], item: Mapping[str, JSON]) -> dict[str, JSON]:
    """A tool_search_call's output item: no tool is searchable without an MCP server."""
    search = rules.tool_search
    if search is None:
        raise NotModelled(f"this edition has no tool_search_call item: {_UNREAD}")
    execution = item.get("execution")
    if not isinstance(execution, str) or execution not in search.executions or "arguments" not in item:
        raise NotModelled(f"a tool_search_call the release does not run here: {_UNREAD}")
    config = mapping(args.get("config"), "config")
    if any(key.startswith("mcp_servers") for key in config):
        raise NotModelled("tool_search over configured MCP servers' tools is not modelled")
    output: dict[str, JSON] = {"type": "tool_search_output"}
    if rules.item_ids:
        output["id"] = _ID_PREFIX["tool_search_output"] + _PLACEHOLDER_UUID
    output.update(call_id=item["call_id"], status=search.status, execution=execution, tools=[])
    return output


_KINDS: dict[str, tuple[str, Callable[[DispatchRules, Mapping[str, JSON], Mapping[str, JSON]], JSON]]] = {
    "function_call": ("function_call_output", _function),
    "custom_tool_call": ("custom_tool_call_output", _custom),
    "local_shell_call": ("function_call_output", _local_shell),
}


def call(rules: DispatchRules, args: Mapping[str, JSON]) -> dict[str, JSON]:
    item = args.get("item")
    if not isinstance(item, dict) or not isinstance(item.get("call_id"), str):
        raise InvalidArgs("`item` must be a call object with a string `call_id`")
    kind = string(item, "type", "item.type")
    if kind == "tool_search_call":
        return {"item": _tool_search(rules, args, item)}
    if kind not in _KINDS:
        raise NotModelled(f"dispatch of {kind!r} items is not modelled")
    output_kind, handler = _KINDS[kind]
    return {"item": _item(rules, output_kind, item["call_id"], handler(rules, args, item))}
