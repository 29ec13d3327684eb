"""The timeline's prefetch records a release without a linux x86_64 binary as unavailable once,
and leaves the words of one recorded so already as they are (timeline/prefetch.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from codex_workshop.timeline import prefetch
from codex_workshop.timeline.releases import Release, load_releases, save_releases

KEPT = "the package has no linux x86_64 binary: its platform package was never published"


def test_an_unavailable_release_keeps_its_words_and_a_new_one_gets_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    timeline = tmp_path / "timeline"
    timeline.mkdir()
    save_releases(
        timeline,
        {
            "1.0.0": Release("1.0.0", "@openai/codex@1.0.0", "sha512-a", KEPT),
            "1.1.0": Release("1.1.0", "@openai/codex@1.1.0", "sha512-b"),
        },
    )
    before = (timeline / "releases.json").read_text(encoding="utf-8")
    empty_package = tmp_path / "unpacked"
    empty_package.mkdir()

    class Edition:
        binary_path = Path("bin/codex")

    def fetched(edition: Any) -> Path:
        return empty_package  # no binary in it

    monkeypatch.setattr(prefetch, "published_versions", lambda: ["1.0.0", "1.1.0"])
    monkeypatch.setattr(prefetch, "edition_of", lambda release: Edition())
    monkeypatch.setattr(prefetch, "fetch_release", fetched)
    monkeypatch.setattr(prefetch, "free_gb", lambda path: 1000.0)

    assert prefetch.main(["--fixtures-dir", str(tmp_path), "1.0.0"]) == 0
    assert (timeline / "releases.json").read_text(encoding="utf-8") == before

    assert prefetch.main(["--fixtures-dir", str(tmp_path), "1.1.0"]) == 0
    releases = load_releases(timeline)
    assert releases["1.0.0"].unavailable == KEPT
    assert releases["1.1.0"].unavailable == prefetch.NO_BINARY
