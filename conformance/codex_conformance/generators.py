"""One way to write an input generator, two ways to drive it: Hypothesis, or a seeded ``random.Random``.

A generator is a plain function of a ``Draw``.  ``as_strategy`` turns it into
a Hypothesis strategy (ports use it in their own property tests, and the
kit's property checks use it, with Hypothesis's shrinking); ``RandomDraw``
drives it from a seed a hundred times faster, which is what an explorer
sending tens of thousands of inputs through a release needs.

A generator may also draw from a Hypothesis strategy (``Draw.example``) where
one already says what to generate (``hypothesis.extra.lark.from_lark`` for a
grammar): Hypothesis draws it, and a ``RandomDraw`` asks for examples in
seeded batches, so the same seed still gives the same inputs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as seeded
from hypothesis import strategies as st

from codex_conformance.hypothesis_home import kit_storage

T = TypeVar("T")

# Examples a RandomDraw asks Hypothesis for at once: one seeded run costs
# about as much as tens of examples, and its first is always the simplest.
EXAMPLE_BATCH = 50


class Draw(Protocol):
    def choice(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        ...

    def boolean(self) -> bool: ...

    def example(self, strategy: st.SearchStrategy[T]) -> T:
        """A value of a Hypothesis strategy."""
        ...


def _examples(strategy: st.SearchStrategy[T], count: int, seed: int) -> list[T]:
    found: list[T] = []

    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @seeded(seed)
    @given(strategy)
    def collect(value: T) -> None:
        found.append(value)

    with kit_storage():
        collect()
    return found


class RandomDraw:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        # Examples drawn but not yet used, per strategy (by its description).
        self.examples: dict[str, list[Any]] = {}

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def boolean(self) -> bool:
        return self.rng.random() < 0.5

    def example(self, strategy: st.SearchStrategy[T]) -> T:
        waiting = self.examples.setdefault(repr(strategy), [])
        if not waiting:
            waiting.extend(reversed(_examples(strategy, EXAMPLE_BATCH, self.rng.getrandbits(64))))
        if not waiting:
            raise ValueError(f"Hypothesis found no example of {strategy!r}")
        value: T = waiting.pop()
        return value


class HypothesisDraw:
    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def choice(self, options: Sequence[T]) -> T:
        return self.draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def boolean(self) -> bool:
        return self.draw(st.booleans())

    def example(self, strategy: st.SearchStrategy[T]) -> T:
        return self.draw(strategy)


def as_strategy(generate: Callable[[Draw], T]) -> st.SearchStrategy[T]:
    """The generator as a Hypothesis strategy (choices shrink toward the first option)."""

    @st.composite
    def strategy(draw: st.DrawFn) -> T:
        return generate(HypothesisDraw(draw))

    return strategy()


def generated(generate: Callable[[Draw], T], count: int, seed: str) -> list[T]:
    """``count`` inputs from ``generate``, the same ones for the same seed."""
    return list(generating(generate, count, seed))


def generating(generate: Callable[[Draw], T], count: int, seed: str) -> Iterator[T]:
    """``generated``'s inputs one at a time, as they are drawn."""
    draw = RandomDraw(random.Random(seed))
    for _ in range(count):
        yield generate(draw)
