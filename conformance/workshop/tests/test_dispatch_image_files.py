"""The view_image scenarios' image files are the ones image_files.py makes, and they are real images."""

from __future__ import annotations

import base64
import zlib

import pytest

from codex_conformance.paths import fixtures_dir
from codex_workshop.areas.dispatch.image_files import FILES, main
from codex_workshop.areas.dispatch.scenarios import load_dispatch_scenarios

SCENARIOS = {scenario.slug: scenario for scenario in load_dispatch_scenarios(fixtures_dir())}


@pytest.mark.parametrize("name", sorted(FILES))
def test_scenario_file_is_what_the_generator_makes(name: str) -> None:
    # A hand edit of the base64 in _scenarios.json would leave the
    # description ("made by image_files") untrue.
    filename, make = FILES[name]
    scenario = SCENARIOS[f"view-image-{name}"]
    assert scenario.files == {filename: base64.b64encode(make()).decode("ascii")}


# Files cut short on purpose: the GIF without its trailer, the PNG without image data.
_CUT_SHORT = {"gif-no-trailer": b"\x00", "png-header-alone": b"IHDR"}


def test_gif_files_are_well_formed() -> None:
    for name, (_, make) in FILES.items():
        data = make()
        if name in _CUT_SHORT:
            assert _CUT_SHORT[name] in data[-21:] and b"IDAT" not in data and not data.endswith(b"\x3b"), name
        elif name.startswith("gif"):
            assert data[:6] in (b"GIF87a", b"GIF89a") and data.endswith(b"\x3b"), name
        elif name.startswith("png"):
            # The IDAT of the writer's PNGs inflates (the CRCs are zlib's own).
            idat = data.index(b"IDAT")
            size = int.from_bytes(data[idat - 4 : idat], "big")
            assert zlib.decompress(data[idat + 4 : idat + 4 + size]), name


def test_main_prints_base64_and_rejects_unknown_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gif87a"]) == 0
    assert base64.b64decode(capsys.readouterr().out.strip()) == FILES["gif87a"][1]()
    assert main(["no-such-image"]) == 2
    assert "usage:" in capsys.readouterr().err
