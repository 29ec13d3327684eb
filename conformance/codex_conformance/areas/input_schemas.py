"""MCP tools' input schemas as a Hypothesis strategy, shared by the mcp and schema areas' properties.

Objects, mostly ``type: object``, sometimes odd: leaves of every type a
release names (and ``date``, which none does), properties, ``items`` and
``anyOf`` nested, boolean schemas.  Property names come from the same
alphabet as server and tool names (``NAME_ALPHABET``): what sanitizing
rewrites, multi-byte characters, the delimiter's underscore.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

__all__ = ["NAME_ALPHABET", "input_schemas"]

NAME_ALPHABET = st.sampled_from(list("abcxyzAZ09_-.: /@+é日🚀"))

_LEAF_SCHEMAS: st.SearchStrategy[Any] = st.one_of(
    st.booleans(),
    st.just({}),
    st.fixed_dictionaries(
        {},
        optional={
            "type": st.sampled_from(
                ["string", "integer", "number", "boolean", "null", "date", ["string", "null"]]
            ),
            "description": st.sampled_from(["d", "", "multi\nline"]),
            "enum": st.lists(st.one_of(st.text(max_size=3), st.integers()), max_size=3),
            "const": st.integers(),
            "format": st.just("date"),
            "minimum": st.integers(),
        },
    ),
)


def _compound(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    props = st.dictionaries(st.text(NAME_ALPHABET, max_size=5), children, max_size=4)
    return st.one_of(
        st.fixed_dictionaries(
            {"properties": props},
            optional={
                "type": st.sampled_from(["object", ["object", "null"]]),
                "required": st.lists(st.text(max_size=3), max_size=2),
                "additionalProperties": st.one_of(st.booleans(), children),
            },
        ),
        st.fixed_dictionaries({"items": children}, optional={"type": st.just("array")}),
        st.fixed_dictionaries({"anyOf": st.lists(children, min_size=1, max_size=3)}),
    )


def input_schemas() -> st.SearchStrategy[dict[str, Any]]:
    """Top-level input schemas: objects, mostly `type: object`, sometimes odd."""
    inner = st.recursive(_LEAF_SCHEMAS, _compound, max_leaves=8)
    return st.one_of(
        st.fixed_dictionaries(
            {"type": st.just("object")},
            optional={
                "properties": st.dictionaries(st.text(NAME_ALPHABET, max_size=5), inner, max_size=5),
                "required": st.lists(st.text(max_size=3), max_size=2),
                "additionalProperties": st.booleans(),
                "description": st.just("top"),
            },
        ),
        inner.filter(lambda schema: isinstance(schema, dict)),
    )
