"""Inputs for exploring ``schema.sanitize``: schemas drawn from the JSON Schema vocabulary itself
(areas/schema_generator.py); the explorer in the workshop runs them.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.schema_generator import generate_schema
from codex_conformance.generators import Draw, as_strategy

__all__ = ["explored_schema_args", "generate_args"]

Args = dict[str, Any]


def generate_args(draw: Draw, edition: str) -> Args:
    return {"edition": edition, "schema": generate_schema(draw)}


def explored_schema_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's schemas as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: generate_args(draw, edition))
