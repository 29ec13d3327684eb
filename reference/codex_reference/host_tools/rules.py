"""What the file tools of one release write back: defaults, bounds and texts (spec/host_tools.md)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HOST_TOOLS_0_94_0", "HostToolsRules"]


@dataclass(frozen=True)
class HostToolsRules:
    # read_file: lines per call by default, bytes of a line kept, columns of a tab.
    read_limit: int
    max_line_bytes: int
    tab_width: int
    # Indentation mode: max_levels, include_siblings, include_header by default.
    max_levels: int
    include_siblings: bool
    include_header: bool
    comment_prefixes: tuple[str, ...]
    # list_dir: entries per call and depth by default, spaces per level, bytes of a name kept.
    list_limit: int
    list_depth: int
    indent_spaces: int
    max_entry_bytes: int
    # grep_files: files per call by default and at most.
    grep_limit: int
    grep_max_limit: int
    no_matches: str
    # grep_files without `rg` on PATH: a format string over {error}.
    rg_missing: str
    # The longest output written back whole; a longer one is cut in the middle to this
    # many bytes around a `…N tokens truncated…` marker (captured: 2,000 grep_files
    # paths, 105,999 bytes, kept 48,000), which is not modelled.
    output_bytes: int


HOST_TOOLS_0_94_0 = HostToolsRules(
    read_limit=2000,
    max_line_bytes=500,
    tab_width=4,
    max_levels=0,
    include_siblings=False,
    include_header=True,
    comment_prefixes=("#", "//", "--"),
    list_limit=25,
    list_depth=2,
    indent_spaces=2,
    max_entry_bytes=500,
    grep_limit=100,
    grep_max_limit=2000,
    no_matches="No matches found.",
    rg_missing="failed to launch rg: {error}. Ensure ripgrep is installed and on PATH.",
    output_bytes=48_000,
)
