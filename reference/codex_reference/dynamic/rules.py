"""What differs per edition in the dynamic-tool layer (spec/dynamic.md)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from codex_reference.schema import current

JSON = Any


@dataclass(frozen=True)
class DynamicRules:
    # DYN-NAME-1: names and namespaces are checked, never rewritten.
    name_pattern: re.Pattern[str]
    max_name_chars: int
    # DYN-BUILTIN-1: function names the release already sends in the pinned
    # configuration (the `tools` array of a thread without dynamic tools);
    # a top-level dynamic function with one of these names is left out.
    builtin_function_names: frozenset[str]
    # DYN-NS-1: written when a namespace's description is empty.
    namespace_description: str  # a format string over {namespace}
    # DYN-SCHEMA-1: inputSchema → parameters; raises SchemaRejected.
    parse_schema: Callable[[JSON], dict[str, JSON]]
    # DYN-OUT-*: the texts the release writes.
    request_failed_text: str
    response_invalid_text: str
    remote_image_text: str
    image_unprocessable_text: str
    audio_unprocessable_text: str
    audio_unsupported_text: str
    image_detail: str


DYNAMIC_0_169 = DynamicRules(
    name_pattern=re.compile(r"[a-zA-Z0-9_-]+"),
    max_name_chars=128,
    builtin_function_names=frozenset(
        {
            "exec_command",
            "write_stdin",
            "request_user_input",
            "view_image",
            "multi_agent_v1",
            "get_goal",
            "create_goal",
            "update_goal",
        }
    ),
    namespace_description="Tools in the {namespace} namespace.",
    parse_schema=current.parse,
    request_failed_text="dynamic tool request failed",
    response_invalid_text="dynamic tool response was invalid",
    remote_image_text="remote image URLs are not supported; use an inline data URL instead",
    image_unprocessable_text="image content omitted because it could not be processed",
    audio_unprocessable_text="audio content omitted because it could not be processed",
    audio_unsupported_text="audio content omitted because you do not support audio input",
    image_detail="high",
)
