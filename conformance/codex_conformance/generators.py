"""One way to write an input generator, two ways to drive it: Hypothesis, or a seeded ``random.Random``.

A generator is a plain function of a ``Draw``.  ``as_strategy`` turns it into
a Hypothesis strategy (ports use it in their own property tests, and the
kit's property checks use it, with Hypothesis's shrinking); ``RandomDraw``
drives it from a seed a hundred times faster, which is what an explorer
sending tens of thousands of inputs through a release needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


class Draw(Protocol):
    def choice(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        ...

    def boolean(self) -> bool: ...


class RandomDraw:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def boolean(self) -> bool:
        return self.rng.random() < 0.5


class HypothesisDraw:
    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def choice(self, options: Sequence[T]) -> T:
        return self.draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def boolean(self) -> bool:
        return self.draw(st.booleans())


def as_strategy(generate: Callable[[Draw], T]) -> st.SearchStrategy[T]:
    """The generator as a Hypothesis strategy (choices shrink toward the first option)."""

    @st.composite
    def strategy(draw: st.DrawFn) -> T:
        return generate(HypothesisDraw(draw))

    return strategy()


def generated(generate: Callable[[Draw], T], count: int, seed: str) -> list[T]:
    """``count`` inputs from ``generate``, the same ones for the same seed."""
    draw = RandomDraw(random.Random(seed))
    return [generate(draw) for _ in range(count)]
