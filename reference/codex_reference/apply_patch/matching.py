"""``seek_sequence``: where a chunk's lines are in the file, pass by pass.

The release tries each pass over the whole search range before the next
one: exact, then ignoring trailing whitespace, then ignoring surrounding
whitespace, then also folding typographic punctuation to ASCII.  An exact
match late in the file therefore beats a fuzzy match early on.  With
``*** End of File`` the range is the single position that ends at the last
line.

The release compares line by line at every position (quadratic on big
files).  Here each pass transforms the file's lines once and finds
candidates with ``list.index`` (a C loop), so a 100k-line file with
hundreds of chunks stays fast; the answers are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from codex_reference.rustlib.strings import trim, trim_end

# The characters the last pass folds (upstream `seek_sequence::normalise`,
# openai/codex codex-rs/apply-patch/src/seek_sequence.rs, unchanged from
# 15bf5ca97 (2025-04) to 2026-06; the fold-* captures confirm both editions).
PUNCTUATION_FOLDS: dict[str, str] = {
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"),
    **dict.fromkeys("\u2018\u2019\u201a\u201b", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f", '"'),
    **dict.fromkeys("\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000", " "),
}

Normalizer = Callable[[str], str]


def exact(line: str) -> str:
    return line


def fold_punctuation(table: Mapping[str, str]) -> Normalizer:
    translation = str.maketrans(dict(table))

    def folded(line: str) -> str:
        return trim(line).translate(translation)

    return folded


@dataclass(frozen=True)
class SeekRules:
    passes: tuple[Normalizer, ...]
    # With *** End of File: look only at the last possible position ("last",
    # 0.25.0, even when an earlier chunk already matched past it), only there
    # and only if the search has not passed it ("last-not-before-start",
    # 0.169.0), or from the current position like any other chunk ("first").
    end_of_file: str


def seek_passes(folds: Mapping[str, str] = PUNCTUATION_FOLDS) -> tuple[Normalizer, ...]:
    return (exact, trim_end, trim, fold_punctuation(folds))


class Seeker:
    """The file's lines, transformed once per pass on first use."""

    def __init__(self, lines: list[str], rules: SeekRules) -> None:
        self.lines = lines
        self.rules = rules
        self._views: dict[int, list[str]] = {}

    def _view(self, index: int) -> list[str]:
        view = self._views.get(index)
        if view is None:
            normalize = self.rules.passes[index]
            view = self.lines if normalize is exact else [normalize(line) for line in self.lines]
            self._views[index] = view
        return view

    def seek(self, pattern: list[str], start: int, eof: bool) -> int | None:
        if not pattern:
            return start
        count, width = len(self.lines), len(pattern)
        if width > count:
            return None
        if eof and self.rules.end_of_file == "last":
            start = count - width
        elif eof and self.rules.end_of_file == "last-not-before-start":
            start = max(start, count - width)
        last = count - width  # the last position a match can start at
        for index, normalize in enumerate(self.rules.passes):
            view = self._view(index)
            wanted = [normalize(line) for line in pattern]
            found = _find(view, wanted, start, last)
            if found is not None:
                return found
        return None


def _find(view: list[str], wanted: list[str], start: int, last: int) -> int | None:
    # list.index jumps to the next line equal to the pattern's first (in C): comparing a
    # slice at every position made a seek in a 5,000-line file about 11 times slower.
    head = wanted[0]
    width = len(wanted)
    position = start
    while position <= last:
        try:
            position = view.index(head, position, last + 1)
        except ValueError:
            return None
        if view[position : position + width] == wanted:
            return position
        position += 1
    return None
