"""JSON values from another program's typed models: each field present, missing, null, empty or mistyped.

The models are pydantic classes (the ``openai`` package's Responses types):
their annotations say what a server may send, and nothing here knows what
Codex does with it.  A drawn object has its required fields and some of its
optional ones; a field is, now and then, left out, ``null``, empty or of
another type, the ways servers and gateways are reported to get a field
wrong.  Deep in a value (past ``DEEP``) only required fields are drawn and
lists stay empty, so that one stream stays a few kilobytes.

Shared by the areas that draw from those models (the sse explorer's events
and items, the items explorer's items), so it sits beside the area folders.
"""

from __future__ import annotations

import collections.abc
import types
import typing
from typing import Any, Literal, Union

from codex_conformance.generators import Draw

JSON = Any

# Texts and numbers a field gets: plain, empty, non-ASCII, a line break, JSON's escapes.
TEXTS = ("ok", "", "h\u00e9llo \U0001f600", "line\nbreak", 'quote " and \\', "\u2028")
INTEGERS = (0, 1, 5, -1, 2**53, 2**63)
NUMBERS = (0.0, -0.5, 1.25, 1e-7)
# How often (1 in N) a field drawn is damaged, and how often an optional one is sent.
DAMAGE_ONE_IN = 8
OPTIONAL_ONE_IN = 2
# Past this depth only required fields, and no list elements.
DEEP = 3
_MISSING = object()


def members(annotation: Any) -> tuple[Any, ...]:
    """The members of a union annotation (``Annotated`` unwrapped), or the annotation alone."""
    annotation = _unwrapped(annotation)
    if typing.get_origin(annotation) in (Union, types.UnionType):
        return typing.get_args(annotation)
    return (annotation,)


def is_model(annotation: Any) -> bool:
    """A pydantic model class (told by its field table, so that pydantic need not be imported)."""
    return isinstance(annotation, type) and isinstance(getattr(annotation, "model_fields", None), dict)


def literal_type(model: Any) -> str:
    """A model's ``type`` tag: the literal its ``type`` field allows."""
    (tag,) = typing.get_args(model.model_fields["type"].annotation)
    return str(tag)


def _unwrapped(annotation: Any) -> Any:
    while typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    return annotation


def value_of(draw: Draw, annotation: Any, depth: int = 0) -> JSON:
    """A value the annotation allows."""
    annotation = _unwrapped(annotation)
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        return value_of(draw, draw.choice(typing.get_args(annotation)), depth)
    if origin is Literal:
        return draw.choice(typing.get_args(annotation))
    if origin in (list, tuple, set, collections.abc.Sequence):
        (element, *_) = typing.get_args(annotation) or (object,)
        count = 0 if depth >= DEEP else draw.integer(0, 2)
        return [value_of(draw, element, depth + 1) for _ in range(count)]
    if origin is dict:
        args = typing.get_args(annotation)
        value_type = args[1] if len(args) == 2 else object
        return {} if depth >= DEEP or draw.boolean() else {"k": value_of(draw, value_type, depth + 1)}
    if is_model(annotation):
        return object_of(draw, annotation, depth)
    return _scalar(draw, annotation)


def _scalar(draw: Draw, annotation: Any) -> JSON:
    if annotation is type(None):
        return None
    if annotation is bool:
        return draw.boolean()
    if annotation is int:
        return draw.choice(INTEGERS)
    if annotation is float:
        return draw.choice(NUMBERS)
    if annotation is str:
        return draw.choice(TEXTS)
    # object, Any, and whatever else a model may name: some JSON.
    return draw.choice([None, "ok", 1, [], {}])


def object_of(draw: Draw, model: Any, depth: int = 0, *, keep: frozenset[str] = frozenset()) -> JSON:
    """An object of ``model``: required fields, optional ones at times, each damaged now and then
    (the fields named in ``keep``, and every ``type`` tag, are sent as the model says)."""
    out: dict[str, JSON] = {}
    for name, field in model.model_fields.items():
        key = field.alias or name
        if not field.is_required() and (depth >= DEEP or draw.integer(1, OPTIONAL_ONE_IN) != 1):
            continue
        value = value_of(draw, field.annotation, depth + 1)
        if key != "type" and key not in keep and draw.integer(1, DAMAGE_ONE_IN) == 1:
            value = damaged(draw, value)
        if value is not _MISSING:
            out[key] = value
    return out


def damaged(draw: Draw, value: JSON) -> JSON:
    """The value missing, ``null``, empty, or of another type (``_MISSING``: leave the field out)."""
    how = draw.integer(0, 3)
    if how == 0:
        return _MISSING
    if how == 1:
        return None
    if how == 2:
        return empty_like(value)
    return other_type(draw, value)


def empty_like(value: JSON) -> JSON:
    """The empty value of the value's kind (a number's is 0)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return 0
    if isinstance(value, list):
        return []
    if isinstance(value, dict):
        return {}
    return ""


def other_type(draw: Draw, value: JSON) -> JSON:
    """A value of a JSON type other than the value's."""
    if isinstance(value, str):
        return draw.choice([1, True, [value], {"text": value}])
    if isinstance(value, bool):
        return draw.choice(["true", 1])
    if isinstance(value, int | float):
        return draw.choice([str(value), 1.5, True])
    if isinstance(value, list):
        return draw.choice([{}, "list", 0])
    if isinstance(value, dict):
        return draw.choice([[], "object", 0])
    return draw.choice(["null", 0, {}])


def is_missing(value: JSON) -> bool:
    return value is _MISSING


__all__ = [
    "damaged",
    "empty_like",
    "is_missing",
    "is_model",
    "literal_type",
    "members",
    "object_of",
    "other_type",
    "value_of",
]
