"""The argument types the file tools parse a call's arguments into (HOST-ARGS-1).

Each handler reads its arguments with ``serde_json::from_str`` into a
derived struct; an error is written back as ``failed to parse function
arguments: `` and serde's message.  Fields with a serde default may be left
out; unknown fields are skipped.  The numbers are ``usize``.
"""

from __future__ import annotations

from codex_reference.rustlib.serde_json import Shape

__all__ = ["GREP_FILES", "LIST_DIR", "READ_FILE", "SHELL_COMMAND"]

_STRING = Shape("string", "a string")
_USIZE = Shape("u64", "usize")
_BOOL = Shape("bool")


def _optional(shape: Shape) -> Shape:
    return Shape("option", item=shape)


def _struct(name: str, fields: tuple[tuple[str, Shape], ...], required: tuple[str, ...]) -> Shape:
    return Shape("struct", f"struct {name}", fields=fields, required=frozenset(required))


_INDENTATION = _struct(
    "IndentationArgs",
    (
        ("anchor_line", _optional(_USIZE)),
        ("max_levels", _USIZE),
        ("include_siblings", _BOOL),
        ("include_header", _BOOL),
        ("max_lines", _optional(_USIZE)),
    ),
    (),
)
READ_FILE = _struct(
    "ReadFileArgs",
    (
        ("file_path", _STRING),
        ("offset", _USIZE),
        ("limit", _USIZE),
        ("mode", Shape("enum", variants=("slice", "indentation"))),
        ("indentation", _optional(_INDENTATION)),
    ),
    ("file_path",),
)
LIST_DIR = _struct(
    "ListDirArgs",
    (("dir_path", _STRING), ("offset", _USIZE), ("limit", _USIZE), ("depth", _USIZE)),
    ("dir_path",),
)
GREP_FILES = _struct(
    "GrepFilesArgs",
    (("pattern", _STRING), ("include", _optional(_STRING)), ("path", _optional(_STRING)), ("limit", _USIZE)),
    ("pattern",),
)
# The other fields shell_command declares (sandbox_permissions, justification,
# prefix_rule) have types no case pins: reaching one is declined.
SHELL_COMMAND = Shape(
    "struct",
    "struct ShellCommandToolCallParams",
    fields=(
        ("command", _STRING),
        ("workdir", _optional(_STRING)),
        ("login", _optional(_BOOL)),
        ("timeout_ms", _optional(Shape("u64"))),
    ),
    required=frozenset({"command"}),
    declined=frozenset({"sandbox_permissions", "justification", "prefix_rule"}),
)
