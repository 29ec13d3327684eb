"""Area ``exec_output``: see spec/exec_output.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="exec_output",
    description="The output string a release writes back in function_call_output after running a command.",
    ops=("exec.format_output",),
)
