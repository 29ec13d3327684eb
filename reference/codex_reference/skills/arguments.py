"""A skills call's arguments as 0.169.0 reads them (SKILLS-ARGS-1).

The text is parsed to a JSON value first (serde_json's syntax errors, with
their positions: a whole value followed by more text is ``trailing
characters``, whatever the value), then converted to the tool's argument
type, whose errors carry no position: ``skills.list`` denies unknown fields and takes an
internally tagged ``authority`` (``kind`` ``cloud`` or ``executor``);
``skills.read`` ignores unknown fields.  Other type errors are not modelled.
"""

from __future__ import annotations

import json

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON
from codex_reference.rustlib.serde_json import SerdeError, check_syntax
from codex_reference.skills.rules import SkillsRules

__all__ = ["RespondToModel", "list_arguments", "parse_value", "read_arguments"]


class RespondToModel(Exception):
    """The call fails with a text the model reads: the exception's one argument."""

    @property
    def message(self) -> str:
        text: str = self.args[0]
        return text


def parse_value(text: str) -> dict[str, JSON]:
    try:
        value = json.loads(text)
    except ValueError:
        try:
            check_syntax(text)
        except SerdeError as error:
            raise RespondToModel(str(error)) from error
        raise NotModelled("an arguments text Python and serde_json disagree on") from None
    if not isinstance(value, dict):
        raise NotModelled("serde's text for arguments that are not an object is not modelled")
    return value


def _optional_string(value: dict[str, JSON], key: str) -> str | None:
    item = value.get(key)
    if item is not None and not isinstance(item, str):
        raise NotModelled(f"serde's text for a non-string `{key}` is not modelled")
    return item


def list_arguments(rules: SkillsRules, value: dict[str, JSON]) -> tuple[str, str | None]:
    """The authority kind and the cursor of a ``skills.list`` call."""
    for key in value:
        if key not in ("authority", "cursor"):
            raise RespondToModel(f"unknown field `{key}`, expected `authority` or `cursor`")
    if "authority" not in value:
        raise RespondToModel("missing field `authority`")
    authority = value["authority"]
    if not isinstance(authority, dict) or not isinstance(authority.get("kind"), str):
        raise NotModelled("serde's text for an authority without a string `kind` is not modelled")
    kind = authority["kind"]
    if kind not in rules.authority_kinds:
        expected = " or ".join(f"`{name}`" for name in rules.authority_kinds)
        raise RespondToModel(f"unknown variant `{kind}`, expected {expected}")
    return kind, _optional_string(value, "cursor")


def read_arguments(value: dict[str, JSON]) -> tuple[str, str | None, str | None]:
    """The package, resource and cursor of a ``skills.read`` call."""
    if "package" not in value:
        raise RespondToModel("missing field `package`")
    package = value["package"]
    if not isinstance(package, str):
        raise NotModelled("serde's text for a non-string `package` is not modelled")
    return package, _optional_string(value, "resource"), _optional_string(value, "cursor")
