"""A problem found in the kit's own data, named by where it is: what ``fixtures lint`` prints."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """``where``: a file, a ``file:line`` or a ``file: case id``; ``message``: what is wrong there."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"
