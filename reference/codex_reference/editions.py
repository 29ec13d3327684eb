"""One table per edition: constants, texts, and which algorithm variant applies.

0.169.0's table is derived from 0.25.0's with ``dataclasses.replace``, so the
differences between the two releases read as a list.  Adding an edition
should cost a table entry (and captures), not new branches in the algorithms.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from codex_reference import dispatch, exec_output, items, mcp_output
from codex_reference.apply_patch import rules as apply_patch_rules
from codex_reference.chat.rules import CLASSIC_CHAT, ChatRules
from codex_reference.dynamic import DYNAMIC_0_169, DynamicRules
from codex_reference.json_types import JSON
from codex_reference.mcp import decode, extras, naming
from codex_reference.request.rules import CLASSIC_REQUEST, CURRENT_REQUEST, RequestRules
from codex_reference.safety import SAFETY_0_25, SAFETY_0_169, SafetyRules
from codex_reference.schema import classic, current
from codex_reference.skills import SKILLS_0_169, SkillsRules
from codex_reference.sse.responses import SseRules
from codex_reference.sse.rules import CLASSIC_SSE, CURRENT_SSE
from codex_reference.tools import apply_patch_spec, catalog


@dataclass(frozen=True)
class Edition:
    version: str
    # Server names the release accepts; others are skipped (their tools never
    # appear, nothing else changes).
    server_name_pattern: re.Pattern[str]
    # serde's view of one `tools/list` entry; a failing entry fails the list.
    tool_decoder: Callable[[JSON], bool]
    # What a list that fails to decode takes down: every MCP tool of every
    # server ("all") or just that server's ("server").
    list_failure_scope: Literal["all", "server"]
    naming_rules: naming.NamingRules
    name_tools: Callable[[list[naming.RawTool], naming.NamingRules], list[naming.NamedTool]]
    # inputSchema (already decoded) → parameters; raises SchemaRejected.
    convert_schema: Callable[[dict[str, JSON]], dict[str, JSON]]
    # Tools emitted as one `namespace` entry per namespace instead of flat functions.
    group_in_namespaces: bool
    namespace_description: str  # a format string over {namespace}
    # Added before the MCP tools whenever any server is configured.
    extra_tools: tuple[dict[str, JSON], ...]
    # apply_patch: grammar text, parser variant, matching passes, text model,
    # messages (reference/codex_reference/apply_patch/rules.py).
    apply_patch: apply_patch_rules.ApplyPatchRules
    # The apply_patch tool object per variant; None where the release cannot send it.
    apply_patch_tools: apply_patch_spec.ToolSpecs
    # How a Responses SSE stream is read and how it ends (spec/sse.md).
    sse: SseRules
    # The first request for a configuration (spec/request.md).
    request: RequestRules
    # The built-in tool catalog per model and configuration (tools.build).
    tools_catalog: catalog.CatalogRules
    # Which argv run without asking (safety.is_known_safe_command).
    safety: SafetyRules
    # What is written back for a streamed tool call (dispatch.call).
    dispatch: dispatch.DispatchRules
    # Command tool name → the formatter of what it writes back (exec.format_output).
    exec_output: exec_output.ToolFormatters
    # How output items are written back into the next request (items.serialize).
    items: items.ItemRules
    # How an MCP server's answer is written back (mcp.call_output).
    mcp_output: mcp_output.McpOutputRules
    # The Chat Completions wire (spec/chat.md); None where the release refuses it.
    chat: ChatRules | None
    # App-server dynamic tools (spec/dynamic.md); None where the release has none.
    dynamic: DynamicRules | None
    # The remote-skills namespace (spec/skills.md); None where the release has none.
    skills: SkillsRules | None


CLASSIC = Edition(
    version="0.25.0",
    server_name_pattern=re.compile(r"[a-zA-Z0-9_-]+"),
    tool_decoder=decode.CLASSIC_TOOL,
    list_failure_scope="all",
    naming_rules=naming.NamingRules(delimiter="__", max_name_bytes=64, hash_hex_len=40),
    name_tools=naming.flat_names,
    convert_schema=classic.convert,
    group_in_namespaces=False,
    namespace_description="",
    extra_tools=(),
    apply_patch=apply_patch_rules.CLASSIC,
    apply_patch_tools=apply_patch_spec.APPLY_PATCH_TOOLS_0_25,
    tools_catalog=catalog.CATALOG_0_25,
    safety=SAFETY_0_25,
    dispatch=dispatch.DISPATCH_0_25,
    sse=CLASSIC_SSE,
    request=CLASSIC_REQUEST,
    exec_output=exec_output.FORMATTERS_0_25,
    items=items.ITEMS_0_25,
    mcp_output=mcp_output.MCP_OUTPUT_0_25,
    chat=CLASSIC_CHAT,
    dynamic=None,
    skills=None,
)

CURRENT = replace(
    CLASSIC,
    version="0.169.0",
    # The CLI's `mcp add` alphabet; `.`/`:`/`@`/`/` are later sanitized to `_`.
    server_name_pattern=re.compile(r"[a-zA-Z0-9_:@/.-]+"),
    tool_decoder=decode.CURRENT_TOOL,
    list_failure_scope="server",
    naming_rules=naming.NamingRules(
        delimiter="__", max_name_bytes=128, hash_hex_len=12, prefix="mcp__", allowed_punctuation="_"
    ),
    name_tools=naming.namespaced_names,
    convert_schema=current.convert,
    group_in_namespaces=True,
    namespace_description="Tools in the {namespace} namespace.",
    extra_tools=extras.RESOURCE_TOOLS_0_169,
    apply_patch=apply_patch_rules.CURRENT,
    apply_patch_tools=apply_patch_spec.APPLY_PATCH_TOOLS_0_169,
    tools_catalog=catalog.CATALOG_0_169,
    safety=SAFETY_0_169,
    dispatch=dispatch.DISPATCH_0_169,
    sse=CURRENT_SSE,
    request=CURRENT_REQUEST,
    exec_output=exec_output.FORMATTERS_0_169,
    items=items.ITEMS_0_169,
    mcp_output=mcp_output.MCP_OUTPUT_0_169,
    chat=None,
    dynamic=DYNAMIC_0_169,
    skills=SKILLS_0_169,
)

EDITIONS: dict[str, Edition] = {edition.version: edition for edition in (CLASSIC, CURRENT)}
