"""The results site as a user sees it: a real headless Chromium loads every page of the small report
set's site, with no console error, no failed load, every link's page and anchor found, and takes
screenshots.

Needs Playwright (``pip install playwright``; its own browser download is not used) and a Chromium
(Debian's ``chromium``; or the path in ``CODEX_CONFORMANCE_CHROMIUM``); skipped, with the reason
shown, where either is missing.  The screenshots go to ``CODEX_CONFORMANCE_ARTIFACTS`` when set (CI
keeps them), else beside the test's temporary files.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from site_inputs import build_small_site

# The flags a sandboxed CI machine needs: no sandbox (root in a container), no GPU, and nothing
# that reaches out to the network on start.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
SCREENSHOTS = ("index.html", "gateways.html", "impl-port-openai-agents.html")


def _chromium() -> str:
    found = os.environ.get("CODEX_CONFORMANCE_CHROMIUM") or shutil.which("chromium")
    if not found:
        pytest.skip("no Chromium: install Debian's chromium, or set CODEX_CONFORMANCE_CHROMIUM")
    return found


def test_the_site_in_a_headless_chromium(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    chromium = _chromium()
    out = build_small_site(tmp_path).pages[0].parent
    shots = Path(os.environ.get("CODEX_CONFORMANCE_ARTIFACTS") or tmp_path / "screenshots")
    shots.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=chromium, headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = context.new_page()
            page.on("console", lambda message: _console(message, problems))
            page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
            page.on("requestfailed", lambda request: problems.append(f"failed to load {request.url}"))
            links: set[str] = set()
            for path in sorted(out.glob("*.html")):
                response = page.goto(path.as_uri())
                assert response is not None and response.ok, path.name
                assert page.title(), f"{path.name} has no title"
                links.update(page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"))
                if path.name in SCREENSHOTS:
                    page.screenshot(path=str(shots / f"{path.stem}.png"), full_page=True)
            for link in sorted(links):
                problems += _missing(page, link)
        finally:
            context.close()
    assert problems == []
    assert sorted(shot.name for shot in shots.glob("*.png")) == sorted(
        f"{Path(n).stem}.png" for n in SCREENSHOTS
    )


def _console(message: Any, problems: list[str]) -> None:
    if message.type == "error":
        problems.append(f"console error: {message.text}")


def _missing(page: Any, link: str) -> list[str]:
    """Why ``link`` does not resolve: its page does not load, or its anchor is not on the page."""
    target, _, fragment = link.partition("#")
    response = page.goto(target)
    if response is None or not response.ok:
        return [f"{link}: the page does not load"]
    if fragment and not page.evaluate("id => document.getElementById(id) !== null", fragment):
        return [f"{link}: no element with id {fragment}"]
    return []
