"""Shrinking a disagreement against the release: delta debugging over the input's JSON.

``still`` re-asks the release and the reference; a candidate is kept only if
they still disagree the same way.  Lists lose elements, objects lose keys
(never ``edition``), and strings lose lines and then characters, each in
halves first and then one at a time (Zeller's ddmin), until nothing more
can go or the budget of release runs is spent.  An explorer may name
top-level args to keep as generated too (``kept``): values its scenario
does not store, which a written case could not reproduce shrunk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

Predicate = Callable[[Any], bool]
KEPT_KEYS = frozenset({"edition"})


class Budget:
    def __init__(self, runs: int) -> None:
        self.left = runs

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _ddmin(items: list[Any], keeps: Callable[[list[Any]], bool], budget: Budget) -> list[Any]:
    """The smallest sub-list (by removing chunks) that still ``keeps`` the disagreement."""
    chunk = max(1, len(items) // 2)
    while items and chunk >= 1:
        removed = False
        start = 0
        while start < len(items):
            candidate = items[:start] + items[start + chunk :]
            if not budget.spend():
                return items
            if keeps(candidate):
                items = candidate
                removed = True
            else:
                start += chunk
        if not removed:
            chunk //= 2
    return items


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _places(value: Any, kept: frozenset[str] = frozenset()) -> Iterator[tuple[Any, ...]]:
    """Paths to every shrinkable value, outermost first; ``kept`` keys of this level left out."""
    yield ()
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in KEPT_KEYS and key not in kept:
                for path in _places(item):
                    yield (key, *path)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            for path in _places(item):
                yield (index, *path)


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, *rest = path
    if isinstance(value, dict):
        return {**value, head: _set(value[head], tuple(rest), new)}
    copy = list(value)
    copy[head] = _set(copy[head], tuple(rest), new)
    return copy


def _shrink_at(
    root: Any, path: tuple[Any, ...], still: Predicate, budget: Budget, kept: frozenset[str] = frozenset()
) -> Any:
    value = _get(root, path)
    keep = KEPT_KEYS | kept if not path else KEPT_KEYS

    def with_(new: Any) -> Any:
        return _set(root, path, new)

    if isinstance(value, list):
        return with_(_ddmin(value, lambda items: still(with_(items)), budget))
    if isinstance(value, dict):
        keys = [key for key in value if key not in keep]
        fixed = {key: value[key] for key in value if key in keep}
        left = _ddmin(keys, lambda ks: still(with_({**fixed, **{k: value[k] for k in ks}})), budget)
        return with_({key: value[key] for key in value if key in left or key in keep})
    if isinstance(value, str) and value:
        lines = _ddmin(_lines(value), lambda ls: still(with_("".join(ls))), budget)
        text = "".join(lines)
        if len(text) > 400:  # characters one by one would spend the budget on one long text
            return with_(text)
        return with_("".join(_ddmin(list(text), lambda cs: still(with_("".join(cs))), budget)))
    return root


def shrink(value: Any, still: Predicate, runs: int = 400, kept: frozenset[str] = frozenset()) -> Any:
    """A smaller value for which ``still`` holds (``still(value)`` is assumed).

    ``kept``: top-level keys left as they are.
    """
    budget = Budget(runs)
    current = value
    changed = True
    while changed and budget.left > 0:
        changed = False
        for path in list(_places(current, kept)):
            try:
                _get(current, path)
            except (KeyError, IndexError, TypeError):
                continue  # an earlier step removed it
            smaller = _shrink_at(current, path, still, budget, kept)
            if smaller != current:
                current, changed = smaller, True
            if budget.left <= 0:
                break
    return current
