"""What 0.169.0 adds to a request for its built-in OpenAI provider (spec/request.md, REQ-BUILTIN-1).

Each input message carries metadata for the OpenAI backend: the kinds of
content it holds and, for the messages of the turn, the turn id and the time
the release made it (an observed clock reading, the text of a JSON number:
spec/request.md, "How a result is observed").  The client metadata names
the MCP attribution and, under a ChatGPT login, the guardian credits.
"""

from __future__ import annotations

from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.request.parts import Observed

PASSTHROUGH = "internal_chat_message_metadata_passthrough"
# The content kinds of the four input messages, in order (instructions; skills
# and permissions; environment; the user's text).
_KINDS = (
    ["model.base_instructions"],
    ["host_skills.instructions", "permissions.instructions"],
    ["environments.environment_context"],
    ["user.text"],
)


def _create_times(observed: Observed, count: int) -> list[str]:
    times = observed.values.get("message_create_times")
    if not isinstance(times, list) or len(times) != count or not all(isinstance(t, str) for t in times):
        raise InvalidArgs(f"`observed.message_create_times` must be a list of {count} strings")
    return times


def tag_messages(messages: list[dict[str, JSON]], turn: str, observed: Observed) -> None:
    """Put each message's metadata on it: the first (the instructions) has its kinds only."""
    times = _create_times(observed, len(messages) - 1)
    for index, (item, kinds) in enumerate(zip(messages, _KINDS, strict=True)):
        tags: dict[str, JSON] = {"content_item_kinds": list(kinds)}
        if index > 0:
            tags = {"turn_id": turn, "create_time": times[index - 1], **tags}
        item[PASSTHROUGH] = tags


def client_metadata(*, logged_in: bool) -> dict[str, JSON]:
    extra: dict[str, JSON] = {"mcp_attribution": '{"status":"none"}'}
    if logged_in:
        extra["guardian_credits_requested"] = "true"
    return extra
