"""Deliberately broken adapters: the reference model with one rule changed.

Each area's ``broken.py`` lists its ``BROKEN`` adapters.  The reference keeps
editions as data, so replacing one entry of one edition's table is a
realistic bug; each adapter names the spec clause whose cases must catch it,
and ``conformance/tests/test_broken_adapters.py`` runs every one through the
real runner and requires a ``fail`` naming that clause.  They ship with the
kit as worked examples of what the suite catches.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from codex_reference import editions
from codex_reference.adapter import Handler, make_handler
from codex_reference.editions import Edition


@dataclass(frozen=True)
class BrokenAdapter:
    name: str
    clause: str  # the clause whose cases must fail
    why: str
    handle: Handler


def with_edition(edition: Edition, **changes: Any) -> Handler:
    """The reference with fields of one edition's table replaced."""
    table = dict(editions.EDITIONS)
    table[edition.version] = replace(edition, **changes)
    return make_handler(table)


def with_rules(edition: Edition, part: str, **changes: Any) -> Handler:
    """The reference with fields of one edition's ``part`` rules (``chat``, ``sse``, ...) replaced."""
    rules = getattr(edition, part)
    if rules is None:
        raise ValueError(f"edition {edition.version} has no {part} rules")
    return with_edition(edition, **{part: replace(rules, **changes)})


__all__ = ["BrokenAdapter", "with_edition", "with_rules"]
