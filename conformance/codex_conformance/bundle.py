"""The fixtures bundle format: what ``codex-conformance fixtures export DIR`` writes.

A bundle carries the kit's cases and spec clauses to teams that do not run
Python: plain JSON files, each described by a JSON Schema that ships inside
the bundle (and in ``spec/schemas/``). Layout, relative to the bundle root::

    manifest.json                    Manifest: versions, editions, areas, ops, counts, file hashes
    clauses.json                     ClauseIndex: every spec clause with its text
    cases/<area>/<edition>.json      a fixture file (fixture-file.schema.json) per area and edition
    spec/<page>.md                   the spec pages the clauses come from
    schemas/*.schema.json            the schemas of the three kinds of JSON file above
    README.md                        how to read the bundle

The models here are the single source of both the files and their schemas
(``codex_conformance.schemas`` publishes them), so the two cannot drift.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from codex_conformance.tiers import Tier

# Raised when a consumer of an older bundle could misread a newer one: a
# field removed or its meaning changed. Added fields do not raise it.
BUNDLE_FORMAT: Final = 1

MANIFEST_NAME: Final = "manifest.json"
CLAUSES_NAME: Final = "clauses.json"
MANIFEST_SCHEMA: Final = "bundle-manifest.schema.json"
CLAUSES_SCHEMA: Final = "bundle-clauses.schema.json"
FIXTURE_SCHEMA: Final = "fixture-file.schema.json"
# The schemas a bundle carries in schemas/: one per kind of JSON file in it.
BUNDLED_SCHEMAS: Final = (MANIFEST_SCHEMA, CLAUSES_SCHEMA, FIXTURE_SCHEMA)

_SHA256 = r"^[0-9a-f]{64}$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BundleFile(_Strict):
    path: str = Field(description="Relative to the bundle root, '/'-separated.")
    sha256: str = Field(pattern=_SHA256, description="SHA-256 of the file's bytes, lower-case hex.")
    bytes: int = Field(ge=0)


class CasesFile(_Strict):
    """Where one area's cases of one edition are."""

    area: str
    edition: str
    path: str = Field(description="cases/<area>/<edition>.json, relative to the bundle root.")
    cases: int = Field(ge=1)


class AreaEntry(_Strict):
    area: str
    editions: list[str] = Field(description="The editions with cases of this area, oldest release first.")
    ops: list[str]
    cases: int


class OpEntry(_Strict):
    op: str
    area: str
    editions: list[str] = Field(description="The editions with cases of this op, oldest release first.")
    cases: int


class Counts(_Strict):
    cases: int
    clauses: int
    areas: int
    ops: int
    editions: int
    files: int = Field(description="Files listed in `files` (every file of the bundle but manifest.json).")


# Format fields have no defaults, so the published schemas list them as required.


class Manifest(_Strict):
    bundle_format: Literal[1]
    kit_version: str = Field(description="The codex-conformance version that wrote the bundle.")
    fixture_format: Literal[1] = Field(
        description="The `format` of every cases file (fixture-file.schema.json)."
    )
    protocol: int = Field(description="The adapter protocol version the cases' ops belong to.")
    editions: list[str] = Field(description="Editions with at least one case, oldest release first.")
    areas: list[AreaEntry]
    ops: list[OpEntry]
    cases: list[CasesFile] = Field(description="The cases files, by area then edition.")
    clauses: str = Field(description="The clause index, relative to the bundle root.")
    counts: Counts
    files: list[BundleFile] = Field(description="Every file of the bundle but this manifest, by path.")


class Clause(_Strict):
    id: str = Field(description="The clause id cases cite, e.g. MCP-NAME-3.")
    title: str = Field(description="The rest of the clause's heading.")
    page: str = Field(description="The spec page that declares it, relative to the bundle root.")
    line: int = Field(ge=1, description="The line of its heading on that page.")
    text: str = Field(description="Its Markdown, from below the heading to the next heading of level 1-3.")
    cases: list[str] = Field(description="Ids of the cases that cite it, in bundle order.")
    tier: Tier = Field(
        description="What failing it costs (spec/tiers.toml): mandatory (Codex cannot run the turn or the "
        "tool without it), capability (only where the release uses the feature), advisory (identity "
        "headers, texts the model can live without), informational (observed, not judged)."
    )
    tier_why: str = Field(description="The one sentence of spec/tiers.toml that justifies the tier.")


class ClauseIndex(_Strict):
    bundle_format: Literal[1]
    clauses: list[Clause] = Field(description="In page order, then in order on the page.")
