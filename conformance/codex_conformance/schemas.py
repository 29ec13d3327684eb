"""The published JSON Schemas, generated from the pydantic models that the kit itself uses.

``codex-conformance schemas --write`` regenerates ``spec/schemas/``; a test
checks that the committed files equal the generated ones, so the published
protocol cannot drift from the code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from codex_conformance.bundle import CLAUSES_SCHEMA, MANIFEST_SCHEMA, ClauseIndex, Manifest
from codex_conformance.cases import FixtureFile
from codex_conformance.protocol import Hello, Request, Response
from codex_conformance.report import Report

_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

# file name -> (title, the type it describes)
_SOURCES: dict[str, tuple[str, Any]] = {
    "request.schema.json": ("Adapter protocol v1: a request from the kit", Request),
    "response.schema.json": ("Adapter protocol v1: a response (result, error or unsupported)", Response),
    "hello.schema.json": ("Adapter protocol v1: the result of the hello op", Hello),
    "fixture-file.schema.json": ("A fixture file: fixtures/<area>/<name>.json", FixtureFile),
    "report.schema.json": ("A conformance run report (codex-conformance certify --report)", Report),
    MANIFEST_SCHEMA: ("A fixtures bundle's manifest.json (codex-conformance fixtures export)", Manifest),
    CLAUSES_SCHEMA: ("A fixtures bundle's clauses.json: the spec clauses with their text", ClauseIndex),
}


def generate() -> dict[str, dict[str, Any]]:
    schemas: dict[str, dict[str, Any]] = {}
    for name, (title, source) in _SOURCES.items():
        body = TypeAdapter(source).json_schema()
        schemas[name] = {"$schema": _SCHEMA_DIALECT, "$id": name, **body, "title": title}
    return schemas


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def schema(name: str) -> dict[str, Any]:
    return generate()[name]


def write(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, body in generate().items():
        path = directory / name
        path.write_text(render(body), encoding="utf-8")
        written.append(path)
    return written


def stale(directory: Path) -> list[str]:
    """Names of schema files in ``directory`` that are missing or differ from the generated ones."""
    out_of_date = []
    for name, body in generate().items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != render(body):
            out_of_date.append(name)
    return out_of_date
