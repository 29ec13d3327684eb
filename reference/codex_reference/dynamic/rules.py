"""What differs per edition in the dynamic-tool layer (spec/dynamic.md)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from codex_reference.dynamic import budget, decode, output
from codex_reference.json_types import JSON
from codex_reference.mcp_output import content_items
from codex_reference.rustlib.image_png_write import RowFilters, adaptive_rows, adaptive_rows_up_for_repeats
from codex_reference.schema import sanitizer, typed_subset
from codex_reference.tools import catalog

# A made-up id of the release's form (the request's ids are compared by form).
_PLACEHOLDER_UUID = "00000000-0000-0000-0000-000000000000"


@dataclass(frozen=True)
class DynamicRules:
    # DYN-PARAMS-1, DYN-FLAT-1: serde's view of `dynamicTools` (with or without namespaces).
    decode_specs: Callable[[JSON], list[decode.FunctionSpec | decode.NamespaceSpec]]
    # DYN-NAME-1: names and namespaces are checked, never rewritten; None:
    # no alphabet, no length (DYN-NAME-4).
    name_pattern: re.Pattern[str] | None
    max_name_chars: int | None
    max_namespace_chars: int
    # DYN-NAME-3: namespaces the Responses API keeps for itself.
    reserved_namespaces: frozenset[str]
    max_namespace_description_chars: int
    # DYN-BUILTIN-1/2: the tools the release (of the version given) sends in
    # the pinned configuration without dynamic tools; a dynamic tool never
    # replaces one of them, and a namespace of the same name takes the dynamic
    # tools in.
    builtin_tools: Callable[[str], list[JSON]]
    # DYN-NS-1: written when a namespace's description is empty.
    namespace_description: str  # a format string over {namespace}
    # DYN-SCHEMA-1: inputSchema → parameters; raises SchemaRejected.
    parse_schema: Callable[[JSON], dict[str, JSON]]
    # DYN-OUT-CONTENT-1 / DYN-OUT-PLAIN-1: a client's result → the item's output.
    answer_output: Callable[[DynamicRules, JSON], JSON]
    # DYN-OUT-ITEM-1: whether the item carries an `fco_` id.
    generates_item_id: bool
    # DYN-OUT-TRUNC-1: a text output as written back.
    cut_text: Callable[[str], str]
    # DYN-OUT-TRUNC-1: an array output's text entries as written back.
    cut_items: Callable[[list[dict[str, JSON]]], list[dict[str, JSON]]]
    # DYN-OUT-*: the texts the release writes.
    request_failed_text: str
    response_invalid_text: str
    remote_image_text: str
    image_unprocessable_text: str
    audio_unprocessable_text: str
    audio_unsupported_text: str
    image_detail: str
    # DYN-REQUEST-1: the params of the item/tool/call request, in the order
    # sent (None: not captured), and a turn id of the release's form.
    call_request_keys: tuple[str, ...] | None = None
    call_request_turn_id: str = _PLACEHOLDER_UUID
    # DYN-OUT-IMAGE-1: how the rows of a PNG the release writes (a GIF, a resized image) are filtered.
    png_rows: RowFilters = adaptive_rows


def _gpt5_catalog(version: str) -> list[JSON]:
    # The capture configuration is model gpt-5 with no other settings: the
    # same catalog tools.build gives (its hosted web_search entry differs by
    # configuration, but holds no function a dynamic tool could meet).
    return list(catalog.build(catalog.CATALOG_0_169_0, version, {"model": "gpt-5"})["tools"])


DYNAMIC_0_169_0 = DynamicRules(
    decode_specs=decode.decode_specs,
    name_pattern=re.compile(r"[a-zA-Z0-9_-]+"),
    max_name_chars=128,
    max_namespace_chars=64,
    # Every one captured (namespace-reserved-*); the list is upstream's
    # (codex-rs tools, is_reserved_responses_tool_namespace).
    reserved_namespaces=frozenset(
        {
            "functions",
            "multi_tool_use",
            "file_search",
            "web",
            "browser",
            "image_gen",
            "computer",
            "container",
            "terminal",
            "python",
            "python_user_visible",
            "api_tool",
            "tool_search",
            "submodel_delegator",
        }
    ),
    max_namespace_description_chars=1024,
    builtin_tools=_gpt5_catalog,
    namespace_description="Tools in the {namespace} namespace.",
    parse_schema=sanitizer.parse,
    request_failed_text="dynamic tool request failed",
    response_invalid_text="dynamic tool response was invalid",
    remote_image_text="remote image URLs are not supported; use an inline data URL instead",
    image_unprocessable_text="image content omitted because it could not be processed",
    audio_unprocessable_text="audio content omitted because it could not be processed",
    audio_unsupported_text="audio content omitted because you do not support audio input",
    image_detail="high",
    answer_output=output.content_items_output,
    generates_item_id=True,
    cut_text=budget.uncut_within_captured_sizes,
    # Explored: the texts share 3,000 tokens as in MCP content items' second pass, with no byte pass.
    cut_items=content_items.cut_to_tokens,
)


def _sent_beside_builtins(_version: str) -> list[JSON]:
    # DYN-BUILTIN-3: no name is compared with the release's own tools, so no
    # built-in is ever in the way (captured: builtin-not-sent, builtin-exec-command).
    return []


# The app-server's first generation of dynamic tools: flat functions, few name
# checks, the typed schema subset, and a one-string answer.
DYNAMIC_0_94_0 = replace(
    DYNAMIC_0_169_0,
    decode_specs=decode.decode_flat_specs,
    name_pattern=None,
    max_name_chars=None,
    builtin_tools=_sent_beside_builtins,
    parse_schema=typed_subset.convert_whole_schema,
    answer_output=output.plain_output,
    generates_item_id=False,
    cut_text=budget.middle_cut_to_budget,
    # DYN-REQUEST-1 (captured: call-request); a turn id is a decimal number.
    call_request_keys=("threadId", "turnId", "callId", "tool", "arguments"),
    call_request_turn_id="0",
)

# 0.171.0: 0.169.0's rules; a PNG it writes for an image puts a row that repeats
# the one above under Up (DYN-OUT-IMAGE-1; captured: image-png-2049x4,
# image-gif-twice).  Its built-in tools' texts are its catalog's (DYN-BUILTIN-2).
DYNAMIC_0_171_0 = replace(DYNAMIC_0_169_0, png_rows=adaptive_rows_up_for_repeats)
