"""What installing the kit adds to a virtual environment, measured against a bare one made in the same run.

    python conformance/workshop/benchmarks/install_size.py [--with-workshop] [--target-mb 100]

The kit's wheel is built from this checkout, a bare virtual environment and
one with the wheel and its dependencies installed are made side by side in a
temporary directory, and both are measured on disk (every file's size, links
not followed).  Printed: the two sizes, what the install adds, and the
installed distributions by size, largest first, each with the share of the
addition it takes.  ``--with-workshop`` installs the workshop beside the kit
(what a maintainer has).  The exit status is 1 when the addition passes
``--target-mb`` (issue #32: the kit with its dependencies at most 100 MB over a
bare virtual environment), so that the figure can gate a release.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
MB = 1_000_000


def tree_size(root: Path) -> int:
    """Bytes of every regular file under ``root`` (links are counted as links, not followed)."""
    return sum(path.lstat().st_size for path in root.rglob("*") if path.is_file() and not path.is_symlink())


def make_venv(where: Path) -> Path:
    venv.EnvBuilder(with_pip=True, symlinks=True).create(where)
    return where / "bin" / "python"


def pip(python: Path, *args: str) -> None:
    subprocess.run([str(python), "-m", "pip", "-q", "--disable-pip-version-check", *args], check=True)


def distributions(python: Path) -> dict[str, int]:
    """Each installed distribution's files' bytes, by name (from its RECORD)."""
    script = (
        "import json, importlib.metadata as m, os\n"
        "sizes = {}\n"
        "for d in m.distributions():\n"
        "    total = 0\n"
        "    for f in d.files or []:\n"
        "        p = d.locate_file(f)\n"
        "        if os.path.isfile(p) and not os.path.islink(p): total += os.path.getsize(p)\n"
        "    sizes[d.metadata['Name']] = total\n"
        "print(json.dumps(sizes))\n"
    )
    out = subprocess.run([str(python), "-c", script], check=True, capture_output=True, text=True).stdout
    sizes: dict[str, int] = json.loads(out)
    return sizes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--with-workshop", action="store_true", help="install the workshop beside the kit")
    parser.add_argument("--target-mb", type=float, default=100.0, help="the most the kit may add (MB)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="install-size-") as scratch:
        work = Path(scratch)
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(REPO)],
            check=True,
        )
        (wheel,) = (work / "dist").glob("codex_conformance-*.whl")
        bare = make_venv(work / "bare")
        kit = make_venv(work / "kit")
        bare_before = set(distributions(bare))
        pip(kit, "install", str(wheel))
        if args.with_workshop:
            pip(kit, "install", "--no-deps", str(REPO / "conformance" / "workshop"))
        bare_size, kit_size = tree_size(work / "bare"), tree_size(work / "kit")
        added = kit_size - bare_size
        print(f"wheel: {wheel.name}, {wheel.stat().st_size / MB:.1f} MB")
        print(f"bare virtual environment: {bare_size / MB:.1f} MB")
        print(f"with the kit{' and the workshop' if args.with_workshop else ''}: {kit_size / MB:.1f} MB")
        print(f"added: {added / MB:.1f} MB (target: at most {args.target_mb:g} MB)")
        print("installed distributions, largest first:")
        sizes = {name: size for name, size in distributions(kit).items() if name not in bare_before}
        for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
            print(f"  {name:32} {size / MB:7.1f} MB  {size / added:6.1%}")
    return 0 if added <= args.target_mb * MB else 1


if __name__ == "__main__":
    sys.exit(main())
