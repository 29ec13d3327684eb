"""How fast the reference applies a big patch, next to the release's whole process.

    CODEX_CONFORMANCE_CACHE=... python conformance/workshop/benchmarks/apply_patch_speed.py \
        [--edition 0.169.0]

Input: a 100,000-line file and one update hunk of 200 chunks spread over it
(each with a context line, a removed and an added line).  The reference is
timed inside Python (``apply_patch.apply`` through the adapter, imports
excluded, best of 3); the release is timed as the wall time of its whole
``apply_patch`` process in a fresh sandbox (write the file, run, read the
tree back are outside the timing: only the process is measured), best of 3.
Goal: reference / release <= 1 (at most as slow as the release).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LINES = 100_000
CHUNKS = 200


def make_input() -> tuple[str, str]:
    content = "".join(f"line {i}: value = {i * 7 % 1000}\n" for i in range(LINES))
    step = LINES // CHUNKS
    body = ["*** Begin Patch", "*** Update File: big.txt"]
    for n in range(CHUNKS):
        i = n * step + step // 2
        body += ["@@", f" line {i - 1}: value = {(i - 1) * 7 % 1000}", f"-line {i}: value = {i * 7 % 1000}"]
        body.append(f"+line {i}: value = changed")
    body.append("*** End Patch")
    return content, "\n".join(body)


def time_reference(edition: str, content: str, patch: str) -> tuple[float, dict[str, object]]:
    from codex_reference.adapter import handle

    request = {
        "op": "apply_patch.apply",
        "args": {"edition": edition, "patch": patch, "files": {"big.txt": content}},
    }
    best = float("inf")
    response: dict[str, object] = {}
    for _ in range(3):
        started = time.perf_counter()
        response = handle(request)
        best = min(best, time.perf_counter() - started)
    return best, response


def time_release(edition: str, content: str, patch: str) -> tuple[float, str]:
    from codex_workshop.drive.cache import release_binary

    binary = release_binary(edition)
    best = float("inf")
    result = ""
    for _ in range(3):
        with tempfile.TemporaryDirectory(prefix="ap-bench-") as scratch:
            Path(scratch, "big.txt").write_text(content)
            started = time.perf_counter()
            completed = subprocess.run(
                ["apply_patch", patch],
                executable=str(binary),
                cwd=scratch,
                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                check=False,
            )
            best = min(best, time.perf_counter() - started)
            result = Path(scratch, "big.txt").read_text()
            if completed.returncode != 0:
                sys.exit(f"release failed: {completed.stderr.decode(errors='replace')}")
    return best, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--edition", default="0.169.0")
    args = parser.parse_args(argv)
    content, patch = make_input()
    reference_seconds, response = time_reference(args.edition, content, patch)
    release_seconds, release_content = time_release(args.edition, content, patch)
    result = response.get("result")
    same = isinstance(result, dict) and result["files"]["big.txt"] == release_content
    print(f"input: {LINES} lines, {CHUNKS} chunks, patch {len(patch)} bytes (edition {args.edition})")
    print(f"reference (in process, best of 3): {reference_seconds * 1000:.1f} ms")
    print(f"release apply_patch process (wall, best of 3): {release_seconds * 1000:.1f} ms")
    print(f"ratio reference/release: {reference_seconds / release_seconds:.2f} (goal <= 1)")
    print(f"same resulting file: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
