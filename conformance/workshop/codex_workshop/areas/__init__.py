"""The workshop's parts of each area, found beside the kit's declaration.

For an area ``<name>`` declared in ``codex_conformance.areas.<name>``, the
folder ``codex_workshop/areas/<name>/`` may hold (CONTRIBUTING.md):

- ``scenarios.py``   the capture inputs' model (``fixtures/<name>/_scenarios.json``);
- ``capture.py``     ``cases(root, version, only)``: captured cases, run by ``codex-conformance capture``;
- ``release.py``     ``OPS``: the ops ``--impl=release:V`` answers by running the release, and
                     optionally ``hidden_ops(V)``: those of them release V never shows the answer of;
- ``broken.py``      ``BROKEN``: deliberately broken adapters, each caught on its clause;
- ``explore.py``     ``EXPLORERS``: the explorers ``codex-conformance explore`` runs (optional).

``parts_of(area)`` gathers them; the release adapter's op table, the capture
command, the explorer and the broken-adapter tests are built from it over
``codex_conformance.areas.discover()``, and ``completeness`` says what an
area still lacks.  An area's parts never import another area's: what two
share is a module beside the folders (``capturing``, ``scenarios``,
``tool_answers``) or lives in ``drive`` (conformance/workshop/tests/test_area_walls.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from codex_conformance.areas import Area, find_part

if TYPE_CHECKING:
    from codex_conformance.cases import Case
    from codex_workshop.broken import BrokenAdapter
    from codex_workshop.explorer import Explorer

__all__ = ["WORKSHOP_PARTS", "AreaParts", "CaseSource", "ReleaseOp", "parts_of"]

# An op answered by running a release: (version, args) -> result.
ReleaseOp = Callable[[str, dict[str, Any]], dict[str, Any]]
# The captured cases of one edition: (fixtures root, version, only these slugs) -> cases.
CaseSource = Callable[[Path, str, "set[str] | None"], Iterator["Case"]]

WORKSHOP_PARTS = ("scenarios", "capture", "release", "broken", "explore")


@dataclass(frozen=True)
class AreaParts:
    """The workshop's modules of one area."""

    area: Area

    def part(self, name: str) -> ModuleType | None:
        """The area's workshop module ``name`` (one of WORKSHOP_PARTS), or None where it has none."""
        return find_part(f"{__name__}.{self.area.name}", name)

    def capture_cases(self) -> CaseSource:
        capture = self.part("capture")
        if capture is None:
            raise LookupError(f"area {self.area.name!r} has no capture.py")
        source: CaseSource = capture.cases
        return source

    def release_ops(self) -> dict[str, ReleaseOp]:
        release = self.part("release")
        ops: dict[str, ReleaseOp] = {} if release is None else dict(release.OPS)
        return ops

    def release_hidden_ops(self, version: str) -> dict[str, str]:
        """The release ops that release ``version`` runs but never shows the answer of, with why.

        The release adapter leaves them out of its hello: declared, its
        ``unsupported`` answers would count against the release (runner.py).
        """
        release = self.part("release")
        hidden = None if release is None else getattr(release, "hidden_ops", None)
        found: dict[str, str] = {} if hidden is None else dict(hidden(version))
        return found

    def explorers(self) -> tuple[Explorer, ...]:
        explore = self.part("explore")
        found: tuple[Explorer, ...] = () if explore is None else tuple(explore.EXPLORERS)
        return found

    def broken_adapters(self) -> list[BrokenAdapter]:
        broken = self.part("broken")
        adapters: list[BrokenAdapter] = [] if broken is None else list(broken.BROKEN)
        return adapters


def parts_of(area: Area) -> AreaParts:
    """The workshop's parts of ``area``."""
    return AreaParts(area)
