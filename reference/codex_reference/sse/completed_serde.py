"""How each release reads response.completed's ``response`` into ResponseCompleted (SSE-END-4, SSE-END-5).

The release parses the event's ``response`` as a JSON value, then as the
struct ``ResponseCompleted``: ``id`` (a string), ``usage`` (an optional
ResponseCompletedUsage) and, in 0.169.0, ``usage_metadata`` (an optional
ResponseUsageMetadata, whose ``amount`` is an optional string) and
``end_turn`` (an optional bool).  serde reads a struct from a JSON object
(its fields in the order they were written, the first one that does not read
named) or from an array (its fields by position: a missing field is an
``invalid length`` unless it has a serde default; an array longer than the
struct is ``invalid length N, expected fewer elements in array``, after the
fields are read).  Captured: the sse scenarios completed-id-*,
completed-response-array-*, usage-array-*, completed-usage-metadata-*,
completed-end-turn-string.

``read_completed`` answers serde's message where the value does not read,
or the response as a map of the fields it read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from codex_reference.json_types import JSON
from codex_reference.sse import usage_serde
from codex_reference.sse.usage_serde import unexpected

# A field of a struct read from an array: its key (None where no capture
# shows it) and whether it has a serde default (so an array may leave it out).
SeqField = tuple[str | None, bool]
Read = tuple[str | None, JSON]
_USAGE_COUNTS: tuple[SeqField, ...] = (
    ("input_tokens", False),
    ("input_tokens_details", False),
    ("output_tokens", False),
    ("output_tokens_details", False),
    ("total_tokens", False),
)


@dataclass(frozen=True)
class CompletedStruct:
    """ResponseCompleted as one edition declares it."""

    # Its fields in declaration order (captured: completed-response-array-*).
    fields: tuple[SeqField, ...]
    # ResponseCompletedUsage's, by position (captured: usage-array-*).
    usage_fields: tuple[SeqField, ...] = _USAGE_COUNTS
    # u64 counts (0.25.0) instead of i64.
    unsigned_counts: bool = False
    # serde_json's arbitrary_precision (0.169.0): numbers are named `number`.
    arbitrary_precision: bool = False
    # Counts a details struct holds besides its own, with a serde default
    # (0.169.0's cache_write_tokens; captured: usage-cache-write-tokens-*).
    details_defaulted: dict[str, tuple[str, ...]] = field(default_factory=dict)


COMPLETED_0_25_0 = CompletedStruct(fields=(("id", False), ("usage", False)), unsigned_counts=True)
# `usage` has a serde default: ["resp_1"] reads (captured: completed-response-array-id-only).
COMPLETED_0_94_0 = CompletedStruct(fields=(("id", False), ("usage", True)))
# Two more fields; usage_metadata has no serde default, end_turn has one
# (captured: completed-response-array-id-only, -third-null); the usage has a
# sixth field, defaulted, a JSON number, whose key no capture shows
# (usage-array-counts, -six-string).
COMPLETED_0_169_0 = CompletedStruct(
    fields=(("id", False), ("usage", True), ("usage_metadata", False), ("end_turn", True)),
    usage_fields=(*_USAGE_COUNTS, (None, True)),
    arbitrary_precision=True,
    details_defaulted={"input_tokens_details": ("cache_write_tokens",)},
)


def read_completed(struct: CompletedStruct, response: JSON) -> Read:
    """(serde's message, None) where ``response`` does not read; (None, its fields) where it does."""
    if isinstance(response, list):
        return _from_seq(
            "ResponseCompleted", struct.fields, response, lambda key, value: _field(struct, key, value)
        )
    if not isinstance(response, dict):
        return _invalid_type(struct, response, "struct ResponseCompleted"), None
    declared = {key for key, _ in struct.fields}
    read: dict[str, JSON] = {}
    for key, value in response.items():
        if key not in declared:
            continue
        problem, read[key] = _field(struct, key, value)
        if problem is not None:
            return problem, None
    # Only `id` is no Option; a missing field is named once the map is read.
    return ("missing field `id`", None) if "id" not in response else (None, read)


def _invalid_type(struct: CompletedStruct, value: JSON, expected: str) -> str:
    return f"invalid type: {unexpected(value, struct.arbitrary_precision)}, expected {expected}"


def _from_seq(
    name: str, fields: tuple[SeqField, ...], values: list[JSON], read: Callable[[str | None, JSON], Read]
) -> Read:
    """serde's derived visit_seq, then serde_json's check that nothing is left."""
    fields_read: dict[str, JSON] = {}
    for index, (key, defaulted) in enumerate(fields):
        if index >= len(values):
            if defaulted:
                continue
            plural = "" if len(fields) == 1 else "s"
            return f"invalid length {index}, expected struct {name} with {len(fields)} element{plural}", None
        problem, value = read(key, values[index])
        if problem is not None:
            return problem, None
        if key is not None:
            fields_read[key] = value
    if len(values) > len(fields):
        return f"invalid length {len(values)}, expected fewer elements in array", None
    return None, fields_read


def _field(struct: CompletedStruct, key: str | None, value: JSON) -> Read:
    if key == "id":
        return (None, value) if isinstance(value, str) else (_invalid_type(struct, value, "a string"), None)
    if key == "usage":
        return _usage(struct, value)
    if key == "usage_metadata":
        return _usage_metadata(struct, value), value
    if key == "end_turn":
        ok = value is None or isinstance(value, bool)
        return (None, value) if ok else (_invalid_type(struct, value, "a boolean"), None)
    raise AssertionError(f"no reader for ResponseCompleted field {key!r}")


def _usage(struct: CompletedStruct, usage: JSON) -> Read:
    if usage is None:
        return None, None
    if isinstance(usage, dict):
        return _usage_map(struct, usage)
    if isinstance(usage, list):
        return _from_seq(
            "ResponseCompletedUsage",
            struct.usage_fields,
            usage,
            lambda key, value: _usage_field(struct, key, value),
        )
    return _invalid_type(struct, usage, "struct ResponseCompletedUsage"), None


def _usage_map(struct: CompletedStruct, usage: dict[str, JSON]) -> Read:
    """serde reads the map in the order it was written and names the first field it
    cannot read (captured: usage-details-both-empty-output-first); a count missing
    from the usage itself is named only once the whole map is read."""
    read: dict[str, JSON] = {}
    for key, value in usage.items():
        if key not in usage_serde.COUNTS and key not in _DETAILS:
            continue
        problem, read[key] = _usage_field(struct, key, value)
        if problem is not None:
            return problem, None
    missing = [name for name in usage_serde.COUNTS if name not in usage]
    return (f"missing field `{missing[0]}`", None) if missing else (None, read)


def _usage_field(struct: CompletedStruct, key: str | None, value: JSON) -> Read:
    if key is None:  # 0.169.0's sixth field: an optional JSON number
        return _json_number(struct, value), value
    if key in _DETAILS:
        return _details(struct, key, value)
    return _count(struct, value)


def _count(struct: CompletedStruct, value: JSON) -> Read:
    return usage_serde.count_problem(value, struct.arbitrary_precision, struct.unsigned_counts), value


_DETAILS = {name: (count, struct_name) for name, count, struct_name in usage_serde.DETAILS}


def _details(struct: CompletedStruct, key: str, value: JSON) -> Read:
    """A details struct: from an object, or from an array by position, its own count
    first, then the edition's defaulted ones (captured: usage-array-details-array,
    usage-input-details-array-*, usage-output-details-array-*)."""
    count, struct_name = _DETAILS[key]
    defaulted = struct.details_defaulted.get(key, ())
    if isinstance(value, list):
        fields: tuple[SeqField, ...] = ((count, False), *((name, True) for name in defaulted))
        return _from_seq(struct_name, fields, value, lambda _name, element: _count(struct, element))
    problem = usage_serde.details_problem(
        value,
        count,
        struct_name,
        struct.arbitrary_precision,
        unsigned=struct.unsigned_counts,
        defaulted=frozenset(defaulted),
    )
    return problem, value


def _json_number(struct: CompletedStruct, value: JSON) -> str | None:
    """An optional serde_json Number.  With arbitrary_precision it is read from a
    map whose one key is serde_json's private number token, so an object with
    another first key fails on that key's name, an empty one as a map (captured:
    usage-array-six-object, -six-object-empty, -six-array-empty).  The token's
    own object never gets here: the event's parse already made it a number
    (number_token.py)."""
    if value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return None
    if isinstance(value, dict) and value and struct.arbitrary_precision:
        return "expected field with custom name"
    return _invalid_type(struct, value, "a JSON number")


# ResponseUsageMetadata: `amount` (an optional string), `metadata` (an optional
# JSON value); neither has a serde default, so an array must hold both
# (captured: completed-usage-metadata-array-*).
_METADATA_FIELDS: tuple[SeqField, ...] = (("amount", False), ("metadata", False))


def _usage_metadata(struct: CompletedStruct, metadata: JSON) -> str | None:
    """None where the usage_metadata reads; members other than amount and metadata
    are ignored, metadata takes any value (captured: completed-usage-metadata-extra-*,
    -metadata-string)."""
    if metadata is None:
        return None
    if isinstance(metadata, dict):
        return _amount_problem(struct, metadata.get("amount"))
    if isinstance(metadata, list):
        problem, _ = _from_seq(
            "ResponseUsageMetadata",
            _METADATA_FIELDS,
            metadata,
            lambda key, value: (_amount_problem(struct, value) if key == "amount" else None, value),
        )
        return problem
    return _invalid_type(struct, metadata, "struct ResponseUsageMetadata")


def _amount_problem(struct: CompletedStruct, amount: JSON) -> str | None:
    return None if amount is None or isinstance(amount, str) else _invalid_type(struct, amount, "a string")
