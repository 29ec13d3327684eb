"""Which cases a run selects beyond the editions: ``--op``, ``--area`` and ``certify -k``.

A port usually works on one op at a time, and a CI lane may certify one area;
selecting by name is shorter and surer than a ``-k`` substring of case ids.
An op or area nobody spelled right must not select nothing silently, so an
unknown name is a usage error listing the known ones.

``certify -k EXPR`` takes pytest's ``-k`` language (``and``, ``or``, ``not``,
parentheses; each name a case-insensitive substring of the item's id or op),
evaluated by pytest's own parser so that both front ends read an expression
the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from codex_conformance.case_input import exact_keyword
from codex_conformance.errors import UsageError

if TYPE_CHECKING:
    from _pytest.mark.expression import Expression


class Selectable(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def op(self) -> str: ...


Item = TypeVar("Item", bound=Selectable)


@dataclass(frozen=True)
class Selection:
    ops: Sequence[str] = ()  # empty: every op
    areas: Sequence[str] = ()  # empty: every area
    keyword: str | None = None  # a pytest -k expression over ids and ops (certify only)

    def check(
        self, known_ops: Collection[str], known_areas: Collection[str], flag: Callable[[str], str]
    ) -> None:
        """``UsageError`` for an unknown op or area, or a -k expression that does not parse.

        ``flag`` spells an option's name as the front end does (``--op``, ``-k``).
        """
        for what, names, known in (("op", self.ops, known_ops), ("area", self.areas, known_areas)):
            unknown = [name for name in names if name not in known]
            if unknown:
                raise UsageError(
                    f"{flag(what)} {unknown[0]!r}: no such {what}; known {what}s: {', '.join(sorted(known))}"
                )
        if self.keyword is not None:
            _compile(self.keyword, flag("keyword"))

    def cases_wanted(self, op: str, area: str) -> bool:
        return (not self.ops or op in self.ops) and (not self.areas or area in self.areas)

    def by_keyword(self, items: Iterable[Item]) -> list[Item]:
        if self.keyword is None:
            return list(items)
        expression = _compile(self.keyword, "-k")
        return [item for item in items if expression.evaluate(_Matcher(item))]


class _Matcher:
    """pytest's -k semantics: a name matches if it is a substring of the id or the op, any case.

    The id in brackets is a name too, as for the plugin's items: ``-k '[ID]'``
    selects that one case (case_input.exact_keyword).
    """

    def __init__(self, item: Selectable) -> None:
        self.names = (item.id.lower(), item.op.lower(), exact_keyword(item.id).lower())

    def __call__(self, name: str, /, **kwargs: str | int | bool | None) -> bool:
        if kwargs:
            return False  # -k's keyword arguments are for markers, which items of the kit have none of
        return any(name.lower() in known for known in self.names)


def _compile(expression: str, flag: str) -> Expression:
    from _pytest.mark.expression import Expression  # the parser behind pytest -k; no public path

    try:
        return Expression.compile(expression)
    except SyntaxError as exc:
        raise UsageError(f"{flag} {expression!r}: not a valid expression: {exc.msg}") from None
