"""One module per captured area; each defines ``AREA``, found here by name.

Adding an area means adding a module (and its scenario file), never editing a
shared table: several areas are developed at once.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.release.ops import ReleaseRejectedError

CaseSource = Callable[[Path, str, set[str] | None], Iterator[Case]]


@dataclass(frozen=True)
class CaptureArea:
    name: str
    description: str
    cases: CaseSource


def capture_command(area: str, version: str, slug: str) -> str:
    return f"codex-conformance capture {area} --edition {version} --only {slug}"


def wanted(slug: str, version: str, editions: list[str] | None, only: set[str] | None) -> bool:
    return (editions is None or version in editions) and (not only or slug in only)


def captured_case(
    area: str,
    version: str,
    scenario: Any,
    *,
    op: str,
    args: dict[str, Any],
    run: Callable[[], dict[str, Any]],
    repeat: int = 1,
) -> Case:
    """A case whose expected value is what ``run`` (a real release) answers now.

    With ``repeat`` > 1 the release is run that many times: where it gives
    more than one result, the case expects any one of those it gave
    (``any_of``, ordered by their JSON text so a recapture writes the same
    file).  A rejection in any run is the expected value, as with one run.
    """
    expected: dict[str, Any]
    try:
        results = {_canonical(result): result for result in (run() for _ in range(repeat))}
    except ReleaseRejectedError as rejected:
        expected = {"error": {"kind": rejected.kind, "message": rejected.message}}
    else:
        if len(results) == 1:
            expected = {"result": next(iter(results.values()))}
        else:
            expected = {"any_of": [{"result": results[text]} for text in sorted(results)]}
    return Case.model_validate(
        {
            "id": f"{area}/{version}/{scenario.slug}",
            "edition": version,
            "op": op,
            "args": args,
            "expected": expected,
            "compare": "json-exact",
            "clauses": scenario.clauses,
            "description": scenario.description,
            "provenance": {
                "kind": "captured",
                "release": version,
                "command": capture_command(area, version, scenario.slug),
            },
        }
    )


def _canonical(result: dict[str, Any]) -> str:
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


def discover() -> dict[str, CaptureArea]:
    areas: dict[str, CaptureArea] = {}
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        area = getattr(module, "AREA", None)
        if isinstance(area, CaptureArea):
            areas[area.name] = area
    return dict(sorted(areas.items()))
