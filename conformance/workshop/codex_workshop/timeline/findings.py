"""The timeline's answers to reported wire changes: ``fixtures/timeline/_findings.json``.

People who carry Codex traffic report changes ("MCP tools became namespace
tools", "the Chat wire is gone"); each finding answers one report from the
data: the probes and the releases where their results change, a verdict
(confirmed, corrected, not seen) and the evidence in words.  A cited release
must be one where the probe's fingerprint changes in the data
(``stale_citations``): a re-sweep that moves a change makes the finding
fail ``timeline --render`` and the kit's tests instead of going stale.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from codex_workshop.timeline.data import ProbeData
from codex_workshop.timeline.sweep import changes

FINDINGS_FILE = "_findings.json"


class CitedChange(BaseModel):
    """A release where one probe's result changes, and what the change shows."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    probe: str
    release: str = Field(description="The first release showing the change (its probe's data changes here).")
    shows: str = Field(min_length=1, description="What the change is, in words.")


class Finding(BaseModel):
    """One reported change, answered from the data."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    claim: str = Field(min_length=1, description="The reported change, as reporters put it.")
    verdict: Literal["confirmed", "corrected", "not seen"]
    summary: str = Field(min_length=1, description="The verdict in one line.")
    evidence: str = Field(min_length=1, description="What the data shows, in words.")
    changes: list[CitedChange] = Field(default_factory=list)
    # With "not seen": the probes whose data would show the change.
    probes: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _cites_what_its_verdict_needs(self) -> Finding:
        if self.verdict == "not seen":
            if self.changes or not self.probes:
                raise ValueError(f"{self.claim!r}: a 'not seen' finding names probes and cites no change")
        elif not self.changes:
            raise ValueError(f"{self.claim!r}: a {self.verdict!r} finding cites at least one change")
        return self


def load_findings(directory: Path) -> list[Finding]:
    """The findings of a timeline directory; none where it has no findings file."""
    path = directory / FINDINGS_FILE
    if not path.is_file():
        return []
    findings = TypeAdapter(list[Finding]).validate_python(json.loads(path.read_text(encoding="utf-8")))
    claims = [finding.claim for finding in findings]
    twice = sorted({claim for claim in claims if claims.count(claim) > 1})
    if twice:
        raise ValueError(f"{path}: claims answered twice: {', '.join(twice)}")
    return findings


def previous_release(data: ProbeData, release: str) -> str | None:
    """The release before ``release`` where the probe's fingerprint changes there; None where it
    does not change at ``release``."""
    return next((before for before, version, _fp in changes(data) if version == release), None)


def stale_citations(findings: Sequence[Finding], data: Mapping[str, ProbeData]) -> list[str]:
    """What no longer holds: a probe without data, or a cited release where its probe's result does
    not change."""
    problems = []
    for finding in findings:
        for name in [*(cited.probe for cited in finding.changes), *finding.probes]:
            if name not in data or not data[name].releases:
                problems.append(f"{finding.claim!r}: probe {name} has no data")
        for cited in finding.changes:
            if cited.probe in data and previous_release(data[cited.probe], cited.release) is None:
                shown = ", ".join(version for _b, version, _fp in changes(data[cited.probe])) or "none"
                problems.append(
                    f"{finding.claim!r}: {cited.probe} does not change at {cited.release} "
                    f"(it changes at: {shown})"
                )
    return problems
