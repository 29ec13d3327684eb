"""Area ``host_tools``: see spec/host_tools.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.editions import FILE_TOOLS

AREA = Area(
    name="host_tools",
    description=(
        "What the file tools read_file, list_dir and grep_files, shell_command and apply_patch write "
        "back for one call, given the directory they look at as data."
    ),
    ops=(
        "host_tools.read_file",
        "host_tools.list_dir",
        "host_tools.grep_files",
        "host_tools.shell_command",
        "host_tools.apply_patch",
    ),
    # apply_patch is in every edition; the file tools and shell_command only where the release
    # offers them (spec/host_tools.md).
    op_features={
        "host_tools.read_file": FILE_TOOLS,
        "host_tools.list_dir": FILE_TOOLS,
        "host_tools.grep_files": FILE_TOOLS,
        "host_tools.shell_command": FILE_TOOLS,
    },
)
