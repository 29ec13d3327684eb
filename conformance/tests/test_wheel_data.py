"""The wheel carries fixtures/ and spec/ where the installed kit looks for them.

The whole install is checked by .ci/newcomer-from-wheel (a wheel built and
run in an empty directory); this is the cheap half, on every test run.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from codex_conformance import paths

REPO = Path(__file__).resolve().parents[2]


def test_fixtures_and_spec_are_package_data_where_paths_finds_them() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]
    installed = {name: Path(target) for name, target in wheel["force-include"].items()}
    assert set(installed) == {"fixtures", "spec"}
    package = Path(paths.__file__).resolve().parent
    for name, target in installed.items():
        assert (REPO / name).is_dir()
        # What the wheel installs next to the package is what paths._locate tries first.
        assert target == Path(package.name) / "_data" / name
    assert "conformance/codex_conformance" in wheel["packages"]
