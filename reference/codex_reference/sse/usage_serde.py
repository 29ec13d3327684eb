"""Why a response.completed usage does not deserialize, in serde's words (SSE-END-4).

The releases that fail the stream on such a usage (0.94.0, 0.169.0) read the
event's ``response`` as a JSON value, then as ``ResponseCompleted``: counts are
i64, the details are optional structs whose one count is required (an empty
details object does not deserialize).  serde names the first field it cannot
read, in the order the map was written (usage_problem).  0.169.0 reads
numbers with arbitrary precision: a number that is no i64 is "invalid
number" there, and a number where a struct is expected is just "number".
Captured: sse scenarios usage-cached-tokens-string,
usage-reasoning-tokens-fraction, usage-input-tokens-past-i64,
usage-details-number, usage-output-details-empty, usage-input-details-empty,
usage-details-both-empty-output-first.
"""

from __future__ import annotations

from codex_reference.json_types import JSON
from codex_reference.rustlib.serde_json import rust_debug_str
from codex_reference.rustlib.serde_json_write import f64_text

COUNTS = ("input_tokens", "output_tokens", "total_tokens")
DETAILS = (
    ("input_tokens_details", "cached_tokens", "ResponseCompletedInputTokensDetails"),
    ("output_tokens_details", "reasoning_tokens", "ResponseCompletedOutputTokensDetails"),
)
_I64 = (-(2**63), 2**63)
_U64_END = 2**64


def usage_problem(usage: dict[str, JSON], arbitrary_precision: bool, unsigned: bool = False) -> str | None:
    """serde's message for ``usage``; None where it deserializes.

    serde reads the map in the order it was written and names the first
    field it cannot read (captured: usage-details-both-empty-output-first,
    where the output details, written first, are named); a count missing
    from the usage itself is named only once the whole map is read.
    """
    details = {name: (key, struct) for name, key, struct in DETAILS}
    for name, value in usage.items():
        if name in COUNTS:
            problem = count_problem(value, arbitrary_precision, unsigned)
        elif name in details:
            problem = details_problem(value, *details[name], arbitrary_precision, unsigned)
        else:
            continue
        if problem is not None:
            return problem
    missing = [name for name in COUNTS if name not in usage]
    return f"missing field `{missing[0]}`" if missing else None


def details_problem(
    section: JSON, key: str, struct: str, arbitrary_precision: bool, unsigned: bool = False
) -> str | None:
    if section is None:
        return None
    if isinstance(section, dict):
        # The details are optional; their count is not: `{}` is a missing
        # field, named when serde reaches the end of that object, like a
        # mistyped field (captured: usage-output-details-empty).
        return (
            count_problem(section[key], arbitrary_precision, unsigned)
            if key in section
            else f"missing field `{key}`"
        )
    return f"invalid type: {unexpected(section, arbitrary_precision)}, expected struct {struct}"


def count_problem(value: JSON, arbitrary_precision: bool, unsigned: bool = False) -> str | None:
    """serde's message for a count; ``unsigned``: 0.25.0's u64 (only whether it reads is
    captured there: that release skips the event without a message)."""
    low, end, kind = (0, _U64_END, "u64") if unsigned else (*_I64, "i64")
    if isinstance(value, int) and not isinstance(value, bool) and low <= value < end:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if arbitrary_precision:
            return "invalid number"
        if isinstance(value, int) and _I64[0] <= value < _U64_END:
            return f"invalid value: integer `{value}`, expected {kind}"
    return f"invalid type: {unexpected(value, arbitrary_precision)}, expected {kind}"


def unexpected(value: JSON, arbitrary_precision: bool) -> str:
    """serde's ``Unexpected`` for a JSON value, as its Display writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean `{'true' if value else 'false'}`"
    if isinstance(value, (int, float)):
        if arbitrary_precision:
            return "number"
        if isinstance(value, int) and _I64[0] <= value < _U64_END:
            return f"integer `{value}`"
        # serde_json holds any other number as an f64.
        return f"floating point `{f64_text(float(value))}`"
    if isinstance(value, str):
        return f"string {rust_debug_str(value)}"
    return "sequence" if isinstance(value, list) else "map"
