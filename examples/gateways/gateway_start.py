"""What every ``start_*.py`` script beside this file does the same way.

Each script starts one third-party gateway for ``codex-conformance gateway``,
which runs it as ``python START_SCRIPT --port {port} --upstream {upstream}``:
the same two flags, the gateway's program found beside the Python that runs
the script (a tox env's), an empty temporary directory where the gateway may
write what it likes, the kit's placeholder key, and at the end the script
becomes the gateway (``os.execv``), so the kit stops the gateway by stopping
the process it started.  Only what each gateway needs to be told differs, and
that stays in its own script.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

# The kit's placeholder key: the upstream is the kit's mock server.
PLACEHOLDER_KEY = "sk-conformance"
LOOPBACK = "127.0.0.1"


def gateway_parser(doc: str | None) -> argparse.ArgumentParser:
    """The command line the kit's ``--gateway "cmd:..."`` template fills in; a script may add flags."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True)
    return parser


def installed(program: str) -> str:
    """The gateway's program: on PATH, else beside this Python (a tox env not activated)."""
    return shutil.which(program) or str(Path(sys.executable).with_name(program))


def scratch_directory(gateway: str) -> Path:
    """An empty directory of the run's own, so no user's config or history is read or written."""
    return Path(tempfile.mkdtemp(prefix=f"codex-conformance-{gateway}-"))


def become(argv: list[str]) -> None:
    """Replace this process with the gateway, so the kit's stop signal reaches it."""
    os.execv(argv[0], argv)
