"""One table per edition: constants, texts, and which algorithm variant applies.

Each edition's table is derived from the nearest earlier one (0.94.0's from
0.25.0's, 0.169.0's from 0.94.0's) with ``dataclasses.replace``, so the
differences between releases read as a list, and the next edition is one
more derivation.  Adding an edition
should cost a table entry (and captures), not new branches in the algorithms.

Names follow one convention, so that none stops being true when another
release arrives (an older one, like 0.94.0, included):

- A table, a value saying how one release behaves, is named by that
  release's version: ``V0_25_0`` here, ``<PART>_0_25_0`` in an area
  (``REQUEST_0_25_0``, ``SSE_0_169_0``, ``SAFETY_0_169_0``, ...).  A later
  release that behaves the same reuses the table; one that differs gets a
  table of its own, derived from the nearest with ``replace``.
- Code that differs between releases (a module, class or function an entry
  names, or a ``Literal`` choice) is named by what it does, never by a
  version or an era: ``schema.typed_subset`` and ``schema.sanitizer``,
  ``exec_output.head_tail`` and ``exec_output.unified``, ``mcp_output.json_text``
  and ``mcp_output.content_items``, ``naming.flat_names`` and
  ``naming.namespaced_names``.  Another release can share it under that name.

This module is the only one in the reference that writes a version
(``conformance/workshop/tests/test_layout.py`` checks it).  A release's own texts
(instructions, tool objects, code-mode declarations) are data files named by
its version, which the ops find through ``Edition.version``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from codex_reference import dispatch, exec_output, items, mcp_output
from codex_reference.apply_patch import rules as apply_patch_rules
from codex_reference.approvals import APPROVALS_0_25_0, APPROVALS_0_94_0, APPROVALS_0_169_0, ApprovalRules
from codex_reference.chat.rules import CHAT_0_25_0, CHAT_0_94_0, ChatRules
from codex_reference.dynamic import DYNAMIC_0_94_0, DYNAMIC_0_169_0, DYNAMIC_0_171_0, DynamicRules
from codex_reference.host_tools import (
    HOST_TOOLS_0_94_0,
    PATCH_TOOL_0_25_0,
    PATCH_TOOL_0_94_0,
    PATCH_TOOL_0_169_0,
    HostToolsRules,
    PatchToolRules,
)
from codex_reference.http.rules import HTTP_0_25_0, HTTP_0_94_0, HTTP_0_169_0, HttpRules
from codex_reference.json_types import JSON
from codex_reference.mcp import decode, extras, naming
from codex_reference.mcp_output.resource_rules import McpResourceRules
from codex_reference.request.rules import (
    REQUEST_0_25_0,
    REQUEST_0_94_0,
    REQUEST_0_169_0,
    REQUEST_0_171_0,
    RequestRules,
)
from codex_reference.safety import SAFETY_0_25_0, SAFETY_0_94_0, SAFETY_0_169_0, SafetyRules
from codex_reference.schema import sanitizer, typed_subset
from codex_reference.skills import SKILLS_0_169_0, SkillsRules
from codex_reference.sse.responses import SseRules
from codex_reference.sse.rules import SSE_0_25_0, SSE_0_94_0, SSE_0_169_0
from codex_reference.tools import apply_patch_spec, catalog
from codex_reference.transport import (
    TRANSPORT_0_25_0,
    TRANSPORT_0_94_0,
    TRANSPORT_0_169_0,
    TRANSPORT_0_171_0,
    TransportRules,
)


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
    # What a reply before or instead of a stream makes the release do (spec/http.md).
    http: HttpRules
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
    # What the MCP resource tools write back (mcp.resource_output); None where the release has none.
    mcp_resources: McpResourceRules | None
    # The Chat Completions wire (spec/chat.md); None where the release refuses it.
    chat: ChatRules | None
    # App-server dynamic tools (spec/dynamic.md); None where the release has none.
    dynamic: DynamicRules | None
    # The remote-skills namespace (spec/skills.md); None where the release has none.
    skills: SkillsRules | None
    # What is written back after an approval is answered, or refused by the
    # release itself (spec/approvals.md); None where no approval is asked.
    approvals: ApprovalRules | None
    # The file tools read_file, list_dir, grep_files (spec/host_tools.md); None where it has none.
    host_tools: HostToolsRules | None
    # What an apply_patch tool call writes back (spec/host_tools.md, HOST-PATCH-*); None: not modelled.
    patch_tool: PatchToolRules | None
    # Model slugs whose MCP tools the release defers behind `tool_search` (not in the tools
    # array: only extra_tools are added), spec/mcp.md MCP-DEFER-1.
    mcp_deferring_models: frozenset[str] = frozenset()
    # Responses over a WebSocket and the fallback to HTTP (spec/transport.md).
    transport: TransportRules = TRANSPORT_0_25_0


V0_25_0 = Edition(
    version="0.25.0",
    server_name_pattern=re.compile(r"[a-zA-Z0-9_-]+"),
    tool_decoder=decode.TOOL_0_25_0,
    list_failure_scope="all",
    naming_rules=naming.NamingRules(delimiter="__", max_name_bytes=64, hash_hex_len=40),
    name_tools=naming.flat_names,
    convert_schema=typed_subset.convert,
    group_in_namespaces=False,
    namespace_description="",
    extra_tools=(),
    apply_patch=apply_patch_rules.APPLY_PATCH_0_25_0,
    apply_patch_tools=apply_patch_spec.APPLY_PATCH_TOOLS_0_25_0,
    tools_catalog=catalog.CATALOG_0_25_0,
    safety=SAFETY_0_25_0,
    dispatch=dispatch.DISPATCH_0_25_0,
    sse=SSE_0_25_0,
    http=HTTP_0_25_0,
    request=REQUEST_0_25_0,
    exec_output=exec_output.FORMATTERS_0_25_0,
    items=items.ITEMS_0_25_0,
    mcp_output=mcp_output.MCP_OUTPUT_0_25_0,
    mcp_resources=None,
    chat=CHAT_0_25_0,
    dynamic=None,
    skills=None,
    approvals=APPROVALS_0_25_0,
    host_tools=None,
    patch_tool=PATCH_TOOL_0_25_0,
)

# 0.94.0 is captured area by area (conformance/codex_conformance/editions.py
# lists the areas so far).  Its table is 0.25.0's except where a captured area
# showed otherwise; an area not yet captured has no 0.94.0 cases, so what the
# table says for it is untested and claims nothing.
V0_94_0 = replace(
    V0_25_0,
    version="0.94.0",
    apply_patch=apply_patch_rules.APPLY_PATCH_0_94_0,
    sse=SSE_0_94_0,
    http=HTTP_0_94_0,
    exec_output=exec_output.FORMATTERS_0_94_0,
    dispatch=dispatch.DISPATCH_0_94_0,
    items=items.ITEMS_0_94_0,
    tools_catalog=catalog.CATALOG_0_94_0,
    apply_patch_tools=apply_patch_spec.APPLY_PATCH_TOOLS_0_94_0,
    request=REQUEST_0_94_0,
    transport=TRANSPORT_0_94_0,
    safety=SAFETY_0_94_0,
    approvals=APPROVALS_0_94_0,
    mcp_output=mcp_output.MCP_OUTPUT_0_94_0,
    mcp_resources=mcp_output.MCP_RESOURCES_0_94_0,
    dynamic=DYNAMIC_0_94_0,
    # A list that fails to decode takes down its own server's tools only.
    tool_decoder=decode.TOOL_0_94_0,
    list_failure_scope="server",
    convert_schema=typed_subset.convert_type_defaulting_to_object,
    # mcp__server__tool, sanitized to the Responses API's name alphabet.
    naming_rules=naming.NamingRules(
        delimiter="__", max_name_bytes=64, hash_hex_len=40, prefix="mcp__", allowed_punctuation="_-"
    ),
    chat=CHAT_0_94_0,
    host_tools=HOST_TOOLS_0_94_0,
    patch_tool=PATCH_TOOL_0_94_0,
)

# 0.169.0 differs from 0.94.0 in nearly every area; what it keeps of 0.94.0
# is what is not listed (a failing tools/list takes down its own server only).
V0_169_0 = replace(
    V0_94_0,
    version="0.169.0",
    # The CLI's `mcp add` alphabet; `.`/`:`/`@`/`/` are later sanitized to `_`.
    server_name_pattern=re.compile(r"[a-zA-Z0-9_:@/.-]+"),
    tool_decoder=decode.TOOL_0_169_0,
    naming_rules=naming.NamingRules(
        delimiter="__", max_name_bytes=128, hash_hex_len=12, prefix="mcp__", allowed_punctuation="_"
    ),
    name_tools=naming.namespaced_names,
    convert_schema=sanitizer.convert,
    group_in_namespaces=True,
    namespace_description="Tools in the {namespace} namespace.",
    extra_tools=extras.RESOURCE_TOOLS_0_169_0,
    mcp_deferring_models=frozenset({"gpt-5.5"}),
    apply_patch=apply_patch_rules.APPLY_PATCH_0_169_0,
    apply_patch_tools=apply_patch_spec.APPLY_PATCH_TOOLS_0_169_0,
    tools_catalog=catalog.CATALOG_0_169_0,
    safety=SAFETY_0_169_0,
    dispatch=dispatch.DISPATCH_0_169_0,
    sse=SSE_0_169_0,
    http=HTTP_0_169_0,
    request=REQUEST_0_169_0,
    transport=TRANSPORT_0_169_0,
    exec_output=exec_output.FORMATTERS_0_169_0,
    items=items.ITEMS_0_169_0,
    mcp_output=mcp_output.MCP_OUTPUT_0_169_0,
    mcp_resources=mcp_output.MCP_RESOURCES_0_169_0,
    chat=None,
    dynamic=DYNAMIC_0_169_0,
    skills=SKILLS_0_169_0,
    approvals=APPROVALS_0_169_0,
    host_tools=None,
    patch_tool=PATCH_TOOL_0_169_0,
)

# Derived from 0.169.0's table by `codex-conformance edition add 0.171.0`; a rule its
# captures show changed gets a table of its own, derived from the nearest that changed it.
V0_171_0 = replace(
    V0_169_0,
    version="0.171.0",
    request=REQUEST_0_171_0,
    transport=TRANSPORT_0_171_0,
    dispatch=dispatch.DISPATCH_0_171_0,
    dynamic=DYNAMIC_0_171_0,
    mcp_resources=mcp_output.MCP_RESOURCES_0_171_0,
)

# Release order.
EDITIONS: dict[str, Edition] = {
    edition.version: edition for edition in (V0_25_0, V0_94_0, V0_169_0, V0_171_0)
}
