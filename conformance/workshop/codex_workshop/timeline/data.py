"""The timeline's data: one JSON file per probe in ``fixtures/timeline/``.

``<probe>.json`` holds, per release (in release order), the fingerprint of
the probe's result and whether it was observed (run on that release, with
its provenance) or inferred (the release lies between two observed releases
with the same fingerprint, and the sweep did not run it); and, once per
fingerprint, the result itself (``values``): the bytes are kept once
however many releases share them.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codex_conformance.editions import version_key
from codex_workshop.timeline.probes import Probe, fingerprint


@dataclass
class Observation:
    fingerprint: str
    # None: inferred from the observed releases around it (``between``).
    provenance: dict[str, str] | None = None
    between: tuple[str, str] | None = None

    @property
    def observed(self) -> bool:
        return self.provenance is not None


@dataclass
class ProbeData:
    probe: Probe
    releases: dict[str, Observation] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)

    def ordered(self) -> list[tuple[str, Observation]]:
        return sorted(self.releases.items(), key=lambda item: version_key(item[0]))

    def observed(self) -> dict[str, str]:
        return {version: obs.fingerprint for version, obs in self.releases.items() if obs.observed}

    def record(self, version: str, fingerprint: str, value: Any, provenance: dict[str, str]) -> None:
        self.releases[version] = Observation(fingerprint, provenance=provenance)
        self.values[fingerprint] = value

    def renormalise(self, normalise: Callable[[Probe, Any, str], Any]) -> None:
        """Apply ``normalise(probe, value, release)`` to every observed result again (after the
        normalisation grew), recomputing fingerprints; inferred releases are inferred again by the
        caller (infer_gaps)."""
        values: dict[str, Any] = {}
        for version, obs in list(self.releases.items()):
            if obs.provenance is None:
                continue
            value = normalise(self.probe, self.values[obs.fingerprint], version)
            self.releases[version] = Observation(fingerprint(value), provenance=obs.provenance)
            values[fingerprint(value)] = value
        self.values = values

    def infer_gaps(self, releases: list[str]) -> None:
        """Give each release of ``releases`` not observed the fingerprint of the observed releases
        around it, where both have the same; a release between different ones is left out."""
        for version in [v for v, obs in self.releases.items() if not obs.observed]:
            del self.releases[version]
        observed = [v for v in releases if v in self.releases]
        for before, after in itertools.pairwise(observed):
            same = self.releases[before].fingerprint == self.releases[after].fingerprint
            start, end = releases.index(before), releases.index(after)
            if same:
                for version in releases[start + 1 : end]:
                    self.releases[version] = Observation(
                        self.releases[before].fingerprint, between=(before, after)
                    )
        used = {obs.fingerprint for obs in self.releases.values()}
        self.values = {fp: value for fp, value in self.values.items() if fp in used}


def _observation_json(obs: Observation) -> dict[str, Any]:
    if obs.provenance is not None:
        return {"fingerprint": obs.fingerprint, "observed": True, "provenance": obs.provenance}
    assert obs.between is not None
    return {"fingerprint": obs.fingerprint, "observed": False, "between": list(obs.between)}


def render_probe_data(data: ProbeData) -> str:
    ordered = data.ordered()
    first_use = []
    for _version, obs in ordered:
        if obs.fingerprint not in first_use:
            first_use.append(obs.fingerprint)
    document = {
        "probe": data.probe.model_dump(),
        "releases": {version: _observation_json(obs) for version, obs in ordered},
        "values": {fp: data.values[fp] for fp in first_use},
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def probe_path(directory: Path, name: str) -> Path:
    return directory / f"{name}.json"


def load_probe_data(directory: Path, probe: Probe) -> ProbeData:
    path = probe_path(directory, probe.name)
    data = ProbeData(probe)
    if not path.is_file():
        return data
    document = json.loads(path.read_text(encoding="utf-8"))
    for version, entry in document["releases"].items():
        if entry["observed"]:
            data.releases[version] = Observation(entry["fingerprint"], provenance=entry["provenance"])
        else:
            data.releases[version] = Observation(entry["fingerprint"], between=tuple(entry["between"]))
    data.values = dict(document["values"])
    return data


def save_probe_data(directory: Path, data: ProbeData) -> None:
    # Written beside, then renamed: a reader (another sweep rendering the page) never sees half a file.
    path = probe_path(directory, data.probe.name)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    partial.write_text(render_probe_data(data), encoding="utf-8")
    partial.replace(path)
