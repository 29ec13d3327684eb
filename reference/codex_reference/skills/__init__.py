"""``skills.list`` / ``skills.read``: the remote-skills namespace of 0.169.0 (spec/skills.md).

0.25.0 has no skills namespace: its table entry is None and the ops decline.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from codex_reference.errors import NotModelled
from codex_reference.skills.listing import skills_list
from codex_reference.skills.reading import skills_read
from codex_reference.skills.rules import SKILLS_0_169, SkillsRules

__all__ = ["SKILLS_0_169", "SkillsRules", "list_op", "read_op"]

JSON = Any


def _supported(rules: SkillsRules | None) -> SkillsRules:
    if rules is None:
        raise NotModelled("this edition has no skills namespace (0.25.0 predates the skills extension)")
    return rules


def list_op(rules: SkillsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return skills_list(_supported(rules), args)


def read_op(rules: SkillsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return skills_read(_supported(rules), args)
