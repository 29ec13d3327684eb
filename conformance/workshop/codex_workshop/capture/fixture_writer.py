"""Turn capture results into fixture cases and compare them with committed ones."""

from __future__ import annotations

import difflib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case, FixtureFile, load_fixture_file
from codex_conformance.invisible_json import escape_invisible
from codex_conformance.observed import without_observed


def render_fixture(fixture: FixtureFile) -> str:
    # Stable, readable, and byte-preserving: non-ASCII stays as written, but
    # for the characters a reader cannot see (write_fixture_text escapes them).
    data = fixture.model_dump(mode="json", by_alias=True, exclude_defaults=False)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def write_fixture_text(path: Path, text: str) -> None:
    """Put ``text`` (JSON) at ``path`` in a fixtures directory as a new regular file.

    Its invisible characters (U+202F, zero-width spaces, bidirectional
    controls, ...) are written as ``\\uXXXX`` escapes, the parsed value
    unchanged (codex_conformance.invisible_json): a golden shows what the
    release sent.  Written beside it and renamed over it, so that a link at ``path`` (a
    fixtures directory is somebody's data) is replaced, never written
    through to whatever it points at.
    """
    text = escape_invisible(text)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False) as stream:
        try:
            stream.write(text)
            stream.flush()  # all of it in the file before the file takes the fixture's name
            os.chmod(stream.name, 0o644)  # a temporary file is made private; a fixture is for everyone
            os.replace(stream.name, path)
        except BaseException:
            os.unlink(stream.name)  # no half-written temporary file left among the fixtures
            raise


def write_fixture(path: Path, fixture: FixtureFile) -> None:
    write_fixture_text(path, render_fixture(fixture))


def merge_cases(
    path: Path, area: str, description: str, fresh: Iterable[Case], replace_all: bool
) -> FixtureFile:
    """Existing cases of ``path`` with ``fresh`` ones put in (by id), or only ``fresh``."""
    fresh_list = list(fresh)
    if replace_all or not path.exists():
        return FixtureFile(area=area, description=description, cases=fresh_list)
    existing = load_fixture_file(path).cases
    by_id = {case.id: case for case in fresh_list}
    merged = [by_id.pop(case.id, case) for case in existing]
    merged.extend(by_id.values())
    return FixtureFile(area=area, description=description, cases=merged)


def diff_against_committed(path: Path, fresh: Iterable[Case]) -> list[str]:
    """One unified diff per case whose fresh capture differs from the committed golden."""
    committed = {case.id: case for case in load_fixture_file(path).cases} if path.exists() else {}
    diffs: list[str] = []
    for case in fresh:
        old = committed.get(case.id)
        new_text = expected_text(case.expected.model_dump())
        old_text = expected_text(old.expected.model_dump()) if old else "(no committed case)\n"
        if old_text != new_text:
            diffs.append(
                "".join(
                    difflib.unified_diff(
                        old_text.splitlines(keepends=True),
                        new_text.splitlines(keepends=True),
                        f"committed {case.id}",
                        f"recaptured {case.id}",
                    )
                )
            )
    return diffs


def expected_text(expected: Any) -> str:
    """A case's expected value as the goldens compare it: an error by its kind, a measured value by
    its form."""
    if isinstance(expected, dict) and "error" in expected:
        # The message of an expected error is documentation; only the kind is a golden.
        expected = {"error": {"kind": expected["error"].get("kind")}}
    # What a run measured differs from run to run; its form (the pattern) does not.
    expected = without_observed(expected)
    return json.dumps(expected, indent=1, ensure_ascii=False) + "\n"
