"""An ``output_item.done`` item as the release stores it in its history (SSE-ITEM-3).

The release deserializes the item into its typed ``ResponseItem`` and later
serializes it back: keys come out in the struct's field order, unknown
members are dropped, absent optional members become ``null`` or disappear
depending on the field.  An item of a kind the release does not know is not
recorded; tool calls and their outputs have forms of their own (item_forms.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum

from codex_reference.json_types import JSON
from codex_reference.reasoning_parts import typed_parts
from codex_reference.sse import image_prep, item_forms
from codex_reference.sse.item_forms import CallForms

ItemNormalizer = Callable[[dict[str, JSON]], dict[str, JSON] | None]


def _text_part(part: JSON, keep_annotations: bool, keep_logprobs: bool) -> JSON:
    if not isinstance(part, dict) or part.get("type") not in ("output_text", "input_text"):
        return part
    out: dict[str, JSON] = {"type": part["type"], "text": part.get("text")}
    # Only an output_text part has annotations (captured: assistant-message-input-text-part).
    # Null ones are left out (captured by items: message-annotations-null).
    if keep_annotations and part["type"] == "output_text" and part.get("annotations") is not None:
        out["annotations"] = part["annotations"]
    # 0.169.0 keeps the logprobs third-party servers send, when not null (captured: message-status-logprobs).
    if keep_logprobs and part["type"] == "output_text" and part.get("logprobs") is not None:
        out["logprobs"] = part["logprobs"]
    return out


def _kept_image(part: JSON) -> JSON:
    """0.25.0 and 0.94.0 store a message's image part without its `detail`
    (captured: message-with-image-part-details)."""
    if not isinstance(part, dict) or part.get("type") != "input_image":
        return part
    return {key: value for key, value in part.items() if key != "detail"}


def _prepared_image(part: JSON) -> JSON:
    """0.169.0 prepares the images of a message it records as those of a call output
    (image_prep.py; captured: message-with-image-part, message-with-unreadable-image-part,
    message-with-image-part-other-urls, -details, -gif)."""
    if not isinstance(part, dict) or part.get("type") != "input_image":
        return part
    url = part.get("image_url")
    detail = part.get("detail")
    if not isinstance(url, str):
        return part  # never here: _parts_read has dropped such a message
    return image_prep.prepared(url, detail)


# The content parts a message may hold; a part of another type (`refusal`), or a text part
# without its text, fails the whole item (captured: message-refusal-part).
_PART_TYPES = ("input_text", "output_text", "input_image")


def _parts_read(content: JSON) -> bool:
    """A message's content is a required list (captured by items: message-no-content)."""
    if not isinstance(content, list):
        return False
    parts = content
    return all(
        isinstance(part, dict)
        and part.get("type") in _PART_TYPES
        # An image part needs a string image_url, in every edition (captured:
        # message-with-image-part-without-url, -url-number).
        and isinstance(part.get("image_url" if part["type"] == "input_image" else "text"), str)
        for part in parts
    )


def _image_details_read(content: JSON) -> bool:
    """Where a message's image part has a `detail` (0.169.0, which prepares images), it is
    one the release knows, or null: another fails the item (captured:
    message-with-image-part-detail-unknown; 0.25.0 and 0.94.0 ignore it)."""
    parts = content if isinstance(content, list) else []
    return all(
        part.get("detail") in (None, *image_prep.DETAILS)
        for part in parts
        if isinstance(part, dict) and part.get("type") == "input_image"
    )


def _message(
    item: dict[str, JSON],
    *,
    keep_annotations: bool,
    keep_phase: bool,
    keep_id: bool,
    prepare_images: bool,
    keep_status: bool,
    id_read: IdRead,
) -> dict[str, JSON]:
    content = item.get("content")
    parts = content
    if isinstance(content, list):
        parts = [_text_part(p, keep_annotations, keep_status) for p in content]
    if isinstance(parts, list):
        parts = [_prepared_image(p) if prepare_images else _kept_image(p) for p in parts]
    out: dict[str, JSON] = {"type": "message"}
    # 0.169.0 keeps a message's `status` when sent, before its id (captured: message-status-logprobs).
    if keep_status and item.get("status") is not None:
        out["status"] = item["status"]
    if keep_id:
        out["id"] = _stored_id(item, id_read, "msg")
    out |= {"role": item.get("role"), "content": parts}
    # 0.169.0's message has an optional `phase` after `content` (upstream test
    # parses_items_and_completed, confirmed by the release); 0.25.0 has no such field.
    if keep_phase and item.get("phase") is not None:
        out["phase"] = item["phase"]
    return out


def _annotations_read(content: JSON) -> bool:
    parts = content if isinstance(content, list) else []
    return all(
        not isinstance(part, dict)
        or part.get("type") != "output_text"
        or isinstance(part.get("annotations"), (list, type(None)))
        for part in parts
    )


def _summary_reads(summary: JSON) -> bool:
    """A summary part's text is a required string: a part without one fails the whole item
    (explored: reasoning-summary-text-null)."""
    if not isinstance(summary, list):
        return False  # captured: reasoning-summary-not-a-list
    return all(not isinstance(part, dict) or isinstance(part.get("text"), str) for part in summary)


# The phases a 0.169.0 message may carry (captured: message-with-phase; by items:
# message-phase-final-answer).
_PHASES = ("commentary", "final_answer")


class IdRead(Enum):
    """How an edition reads a message's or a reasoning item's `id` (captured: reasoning-id-empty,
    reasoning-id-absent-or-null, message-id-empty-absent-or-null)."""

    AS_SENT = "written as sent, null when absent"
    REQUIRED = "a string, required: an item without one is not recorded"
    DEFAULTED = "a string, empty when absent: null is not read"
    MADE_UP = "made up (`<prefix>_<UUIDv7>`) when empty, absent or null"


def _id_reads(item: dict[str, JSON], how: IdRead) -> bool:
    if how is IdRead.REQUIRED:
        return isinstance(item.get("id"), str)
    if how is IdRead.DEFAULTED:
        return "id" not in item or isinstance(item["id"], str)
    return True


def _stored_id(item: dict[str, JSON], how: IdRead, prefix: str) -> JSON:
    value = item.get("id")
    if how is IdRead.MADE_UP and value in ("", None):
        # The reference writes the zero UUID; the explorer settles the release's to it.
        return f"{prefix}_{item_forms.ZERO_UUID}"
    return value


def _content_reads(content: JSON) -> bool:
    """A reasoning_text part's text is a required string too: a `null` one fails the whole item
    (captured: reasoning-content-text-null); the content is a list or null, of part objects
    (captured by items: reasoning-content-forms, reasoning-content-part-string)."""
    if content is None:
        return True
    if not isinstance(content, list):
        return False
    return all(
        isinstance(part, dict) and (part.get("type") != "reasoning_text" or isinstance(part.get("text"), str))
        for part in content
    )


def _reasoning(item: dict[str, JSON], keep_id: bool, id_read: IdRead) -> dict[str, JSON] | None:
    reads = _summary_reads(item.get("summary")) and _content_reads(item.get("content"))
    # Its encrypted content is an optional string (captured by items: reasoning-encrypted-content-list).
    reads = reads and isinstance(item.get("encrypted_content"), (str, type(None)))
    if not reads or not _id_reads(item, id_read):
        return None
    out: dict[str, JSON] = {
        "type": "reasoning",
        **({"id": _stored_id(item, id_read, "rs")} if keep_id else {}),
        "summary": typed_parts(item.get("summary")),
    }
    if _content_written(item.get("content")):
        out["content"] = typed_parts(item.get("content"))
    out["encrypted_content"] = item.get("encrypted_content")
    return out


def _content_written(content: JSON) -> bool:
    """A content list is written only when it holds a reasoning_text part; an absent or null
    one is written as null (captured by items: reasoning-content-forms, reasoning-content)."""
    if not isinstance(content, list):
        return True
    return any(isinstance(part, dict) and part.get("type") == "reasoning_text" for part in content)


# A web_search_call action's variants, in the enum's order, and their members after `type`.
_ACTION_VARIANTS = ("search", "open_page", "find_in_page")
_ACTION_ORDER = {"search": ("query", "queries"), "open_page": ("url",), "find_in_page": ("url", "pattern")}


def _web_search_call(item: dict[str, JSON], keep_id: bool, id_read: IdRead) -> dict[str, JSON]:
    """Its members in the struct's order, those it does not have dropped (captured:
    web-search-call-member-order); 0.169.0 makes up a `ws_` id when it is empty, absent or
    null (captured: web-search-call-ids)."""
    out: dict[str, JSON] = {"type": "web_search_call"}
    if keep_id and ("id" in item or id_read is IdRead.MADE_UP):
        out["id"] = _stored_id(item, id_read, "ws")
    # Its status and action are optional, left out when null (captured by items:
    # web-search-call-status-null, web-search-call-action-null).
    out |= {name: item[name] for name in ("status", "action") if item.get(name) is not None}
    action = out.get("action")
    if isinstance(action, dict) and _is_variant_index(action.get("type")):
        # serde reads a whole number as the index of the action's variant, in the enum's
        # order, past the last known one `other` (captured: web-search-call-action-type-forms;
        # by items: web-search-call-action-type-number).
        out["action"] = action = {**action, "type": _variant(action["type"])}
    if (
        isinstance(action, dict)
        and isinstance(action.get("type"), str)
        and action["type"] not in _ACTION_ORDER
    ):
        # An action of a type it does not know is its catch-all `other` (captured:
        # web-search-call-action-without-type).
        out["action"] = action = {"type": "other"}
    if isinstance(action, dict) and isinstance(action.get("type"), str) and action["type"] in _ACTION_ORDER:
        # Written in the action's struct order (captured: web-search-call-action-member-order).
        # Members the action's struct does not have are dropped (captured by items:
        # web-search-call-action-extras).
        known = ("type", *_ACTION_ORDER[action["type"]])
        action = {name: action[name] for name in known if name in action}
        out["action"] = action
    if isinstance(action, dict) and isinstance(action.get("type"), str) and action["type"] in _ACTION_ORDER:
        # An action's members are optional, not written when null (captured:
        # web-search-call-queries-null; by items: web-search-call-action-extras,
        # web-search-call-url-null).
        out["action"] = {name: value for name, value in action.items() if value is not None}
    return out


def _web_search_call_reads(item: dict[str, JSON]) -> bool:
    """Its `status` is an optional string: another value fails the item
    (explored: web-search-call-status-not-string)."""
    # An action without a type is not read either (captured: web-search-call-action-without-type).
    action = item.get("action")
    # An action is an object (captured by items: web-search-call-action-number).
    if action is not None and not isinstance(action, dict):
        return False
    if isinstance(action, dict) and "type" not in action:
        return False
    # A type that is neither a string nor a variant's index (a boolean, a fraction, null, a
    # negative number) fails the item (captured: web-search-call-action-type-forms).
    if isinstance(action, dict) and not (
        isinstance(action["type"], str) or _is_variant_index(action["type"])
    ):
        return False
    if isinstance(action, dict) and not _action_members_read(action):
        return False
    return item.get("status") is None or isinstance(item["status"], str)


def _is_variant_index(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**64


def _variant(kind: JSON) -> JSON:
    """The action's variant: its type, or the variant a whole number is the index of."""
    if _is_variant_index(kind):
        assert isinstance(kind, int)
        return _ACTION_VARIANTS[kind] if kind < len(_ACTION_VARIANTS) else "other"
    return kind


def _action_members_read(action: dict[str, JSON]) -> bool:
    """A known action's `query`, `url` and `pattern` are optional strings, its `queries` an
    optional list of strings: another value fails the item (captured by items:
    web-search-call-pattern-mistyped, web-search-call-query-mistyped)."""
    kind = _variant(action.get("type"))
    known = _ACTION_ORDER.get(kind, ()) if isinstance(kind, str) else ()
    for name in known:
        value = action.get(name)
        if value is None:
            continue
        if name == "queries":
            if not (isinstance(value, list) and all(isinstance(query, str) for query in value)):
                return False
        elif not isinstance(value, str):
            return False
    return True


def _normalizer(
    *,
    keep_annotations: bool,
    keep_phase: bool,
    keep_id: bool = True,
    prepare_images: bool = False,
    assistant_messages_only: bool = False,
    keep_web_search_calls: bool = True,
    keep_status: bool = False,
    message_id: IdRead = IdRead.AS_SENT,
    reasoning_id: IdRead = IdRead.AS_SENT,
    web_search_id: IdRead = IdRead.AS_SENT,
    idless_kinds: frozenset[str] = frozenset(),
    type_aliases: Mapping[str, str] | None = None,
    call_forms: CallForms,
) -> ItemNormalizer:
    aliases = type_aliases or {}

    def normalize(item: dict[str, JSON]) -> dict[str, JSON] | None:
        kind = item.get("type")
        if isinstance(kind, str) and kind in aliases:
            # Another name the item's type is read under, written by its own name.
            item = {**item, "type": aliases[kind]}
            kind = item["type"]
        # Every kind's id is read as a string or null, where it is written or not: another value
        # fails the item (captured by items: message-id-number, function-call-id-number,
        # web-search-call-id-object); a kind whose struct has no id ignores it, of any type.
        idless = isinstance(kind, str) and kind in idless_kinds
        if not idless and not isinstance(item.get("id"), (str, type(None))):
            return None
        # 0.25.0 records an assistant message alone (captured: user-message-item, message-roles).
        if kind == "message" and assistant_messages_only and item.get("role") != "assistant":
            return None
        # A role that is no string fails the item too (captured: message-role-not-a-string).
        if kind == "message" and not (_parts_read(item.get("content")) and isinstance(item.get("role"), str)):
            return None
        # Where the message has a `status` field, it is an optional string: another value
        # fails the item (captured: message-status-not-a-string, message-status-list-phase-null).
        if kind == "message" and keep_status and not isinstance(item.get("status"), (str, type(None))):
            return None
        # Where a text part has `annotations`, they are a list or null: an object fails the
        # item (captured by items: message-annotations-object).
        if kind == "message" and keep_annotations and not _annotations_read(item.get("content")):
            return None
        # Where the message has a `phase`, it is one of the phases the struct names, or null:
        # another value fails the item (captured by items: message-phase-empty, -unknown).
        if kind == "message" and keep_phase and item.get("phase") not in (None, *_PHASES):
            return None
        if kind == "message" and prepare_images and not _image_details_read(item.get("content")):
            return None
        if kind == "message":
            return _message(
                item,
                keep_annotations=keep_annotations,
                keep_phase=keep_phase,
                keep_id=keep_id,
                prepare_images=prepare_images,
                keep_status=keep_status,
                id_read=message_id,
            )
        if kind == "reasoning":
            return _reasoning(item, keep_id, reasoning_id)
        if kind == "web_search_call" and keep_web_search_calls and not _web_search_call_reads(item):
            return None
        if kind == "web_search_call" and keep_web_search_calls:
            return _web_search_call(item, keep_id, web_search_id)
        # Calls and outputs; None for any other kind (captured: unknown-item-type;
        # 0.25.0's web-search-call-item).
        return item_forms.stored_call(call_forms, item)

    return normalize


# 0.25.0's output_text part is `{text}` only: annotations are dropped; a message of another
# role than assistant is not recorded (captured: user-message-item, message-roles), nor a
# web_search_call (web-search-call-item).
NORMALIZE_ITEM_0_25_0: ItemNormalizer = _normalizer(
    keep_annotations=False,
    keep_phase=False,
    assistant_messages_only=True,
    keep_web_search_calls=False,
    reasoning_id=IdRead.REQUIRED,
    call_forms=item_forms.CALL_FORMS_0_25_0,
)
# 0.94.0 and later read a `compaction_summary` item as a compaction, and write it `compaction`
# (captured by items: compaction-summary-type; by sse: server-items-id-not-string).
_COMPACTION_ALIASES = {"compaction_summary": "compaction"}
# 0.94.0 stores a message, reasoning or web_search_call item without its `id` (captured:
# message-completed, web-search-call-item).
NORMALIZE_ITEM_0_94_0: ItemNormalizer = _normalizer(
    keep_annotations=False,
    keep_phase=False,
    keep_id=False,
    reasoning_id=IdRead.DEFAULTED,
    # A compaction item and a call output have no id here: an id of any JSON type is
    # ignored (captured by items: compaction-id-array, -object, -number; by sse:
    # server-items-id-not-string).
    idless_kinds=frozenset({"compaction", "function_call_output", "custom_tool_call_output"}),
    type_aliases=_COMPACTION_ALIASES,
    call_forms=item_forms.CALL_FORMS_0_94_0,
)
# 0.169.0 keeps `annotations` and a message's `phase` when the server sent them (and omits them
# otherwise), a message's `status` and its text parts' `logprobs`, and prepares a message's images.
NORMALIZE_ITEM_0_169_0: ItemNormalizer = _normalizer(
    keep_annotations=True,
    keep_phase=True,
    prepare_images=True,
    keep_status=True,
    message_id=IdRead.MADE_UP,
    reasoning_id=IdRead.MADE_UP,
    web_search_id=IdRead.MADE_UP,
    type_aliases=_COMPACTION_ALIASES,
    call_forms=item_forms.CALL_FORMS_0_169_0,
)
# The item types 0.169.0's ResponseItem names (those it records, and the alias it reads
# under another name); any other type reads as its catch-all variant (SSE-ITEM-6).
ITEM_TYPES_0_169_0 = frozenset(
    {"message", "reasoning", "web_search_call", *_COMPACTION_ALIASES, *item_forms.CALL_FORMS_0_169_0}
)
