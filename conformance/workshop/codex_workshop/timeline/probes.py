"""Probes: named scenarios the capture harness already runs, reduced to a fingerprint.

A probe names an area and one of its scenario slugs (``fixtures/timeline/
_probes.json``).  Running it on a release runs that area's own capture code
(``areas/<area>/capture.py``) on the scenario, with the scenario's edition
list lifted so that any release may run it: the case the capture builds has
the release's answer, with volatile values already turned into patterns and
credentials redacted as in every fixture.  Its ``expected`` value is the
probe's result; the fingerprint is a short hash of its canonical JSON.

A release that refuses the input answers an ``error``: that is a value of the
timeline like any other.  A run the harness could not complete on that
release (no such subcommand, no request observed, a config key it does not
know before it sends anything) is recorded as ``not_driven`` with the
reason: a value too, so that a feature appearing or vanishing shows.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from codex_conformance.areas import discover
from codex_conformance.observed import without_observed
from codex_workshop.areas import parts_of
from codex_workshop.drive.cache import cache_root
from codex_workshop.drive.errors import (
    CaptureError,
    ConfigRejectedError,
    InvalidInputError,
    ReleaseUnavailableError,
)

PROBES_FILE = "_probes.json"
FINGERPRINT_LENGTH = 12
RELEASE_PLACEHOLDER = "<release>"
UNSTEADY_PLACEHOLDER = "<measured>"
# Paths of throwaway directories and durations in a harness message differ per run.
_VOLATILE_IN_MESSAGES = (
    (re.compile(r"/tmp/[^\s'\"]*"), "<tmp>"),
    (re.compile(r"\b\d+(\.\d+)? ?(ms|s)\b"), "<duration>"),
)


class Probe(BaseModel):
    """One named scenario of one area."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    area: str
    scenario: str
    about: str = Field(min_length=1, description="What a change of this probe tells a reader.")
    # Keys whose values a run measures rather than the release fixes (a retry gap under load):
    # their values are written UNSTEADY_PLACEHOLDER, so only their presence is compared.
    unsteady: list[str] = Field(default_factory=list)


def load_probes(directory: Path) -> list[Probe]:
    path = directory / PROBES_FILE
    probes = TypeAdapter(list[Probe]).validate_python(json.loads(path.read_text(encoding="utf-8")))
    names = [probe.name for probe in probes]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"{path}: probes named twice: {', '.join(twice)}")
    areas = discover()
    unknown = sorted({probe.area for probe in probes} - set(areas))
    if unknown:
        raise ValueError(f"{path}: unknown areas {', '.join(unknown)}; known: {', '.join(areas)}")
    return probes


def canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=False, separators=(",", ":"))


def fingerprint(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()[:FINGERPRINT_LENGTH]


def open_scenarios(fixtures: Path, scratch: Path) -> Path:
    """A copy of the fixtures' scenario files (no captured goldens) with every scenario's edition
    list lifted, so that a probe's scenario runs on any release; returns its root."""
    root = scratch / "fixtures"
    for source in sorted(fixtures.glob("*/_*.json")):
        if source.parent.name == "timeline":
            continue
        target = root / source.parent.name / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        data = json.loads(source.read_text(encoding="utf-8"))
        target.write_text(json.dumps(_lift_editions(data), ensure_ascii=False), encoding="utf-8")
    for other in sorted(fixtures.glob("*/*")):
        # Data beside the scenarios (images, trees) that some captures read.
        if other.is_dir():
            shutil.copytree(other, root / other.parent.name / other.name, dirs_exist_ok=True)
    return root


def _lift_editions(data: Any) -> Any:
    if isinstance(data, list):
        return [_lift_editions(item) for item in data]
    if isinstance(data, dict) and "slug" in data and isinstance(data.get("editions"), list):
        return {key: value for key, value in data.items() if key != "editions"}
    return data


@dataclass(frozen=True)
class ProbeRun:
    value: dict[str, Any]
    command: str

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.value)


def probe_command(probe: Probe, version: str) -> str:
    return f"codex-conformance timeline --run {probe.name} --release {version}"


def run_probe(probe: Probe, version: str, scenarios_root: Path) -> ProbeRun:
    """Run the probe on a release (one made known to get_edition); never raises for the release's sake."""
    area = discover()[probe.area]
    try:
        cases = list(parts_of(area).capture_cases()(scenarios_root, version, {probe.scenario}))
    except ConfigRejectedError as rejected:
        value: dict[str, Any] = {"config_rejected": _steady(rejected.message)}
    except (CaptureError, InvalidInputError, TimeoutError, OSError) as failed:
        value = {"not_driven": {"kind": type(failed).__name__, "message": _steady(str(failed))}}
    except ReleaseUnavailableError:
        raise
    else:
        if len(cases) != 1:
            raise LookupError(f"probe {probe.name}: area {probe.area} has no scenario {probe.scenario!r}")
        # The texts a run measured (wall times) differ from run to run: only their form
        # is the wire a timeline follows.
        value = without_observed(cases[0].expected.model_dump(mode="json"))
    # Harness messages name the release too (its cache path, "release V sent no request").
    return ProbeRun(value=normalised(probe, value, version), command=probe_command(probe, version))


def without_release(value: Any, version: str) -> Any:
    """``value`` with the release's own version written RELEASE_PLACEHOLDER: a release names itself
    (user agent, version headers, also inside the patterns made of them), which is no change of the
    wire."""
    text = canonical(value)
    for spelling in (re.escape(version), version):
        text = text.replace(json.dumps(spelling)[1:-1], RELEASE_PLACEHOLDER)
    return json.loads(text)


def normalised(probe: Probe, value: Any, version: str) -> Any:
    """The result as the timeline keeps it: the release's own version and the probe's unsteady
    values replaced by placeholders."""
    return _without_keys(without_release(value, version), frozenset(probe.unsteady))


def _without_keys(value: Any, keys: frozenset[str]) -> Any:
    if not keys:
        return value
    if isinstance(value, list):
        return [_without_keys(item, keys) for item in value]
    if isinstance(value, dict):
        return {k: UNSTEADY_PLACEHOLDER if k in keys else _without_keys(v, keys) for k, v in value.items()}
    return value


def _steady(message: str) -> str:
    first = message.strip().splitlines()[0] if message.strip() else ""
    # A stalled release is named by its path in this machine's cache.
    first = first.replace(str(cache_root()), "<release cache>")
    for pattern, replacement in _VOLATILE_IN_MESSAGES:
        first = pattern.sub(replacement, first)
    return first[:400]
