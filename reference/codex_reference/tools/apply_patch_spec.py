"""The ``apply_patch`` tool object a release sends, per variant: op ``tools.apply_patch_spec``.

Texts are the releases' own strings, reproduced byte for byte from the
captured request bodies (``codex-conformance capture tools``):

- 0.25.0 sends the freeform variant (a ``custom`` tool with a Lark grammar)
  or the function variant (one string parameter ``input``) depending on how
  it is configured;
- 0.94.0 sends either: the freeform one with 0.169.0's grammar, the
  function one as 0.25.0 has it;
- 0.169.0 sends only the freeform variant; its grammar lets added and
  changed lines be empty (``/(.*)/`` where 0.25.0 has ``/(.+)/``).

The grammars are public constants so that the apply_patch reference (which
parses the same language) can import them rather than keep a second copy.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from codex_reference.errors import InvalidArgs, ReferenceError_
from codex_reference.json_types import JSON

__all__ = [
    "APPLY_PATCH_TOOLS_0_25_0",
    "APPLY_PATCH_TOOLS_0_94_0",
    "APPLY_PATCH_TOOLS_0_169_0",
    "GRAMMAR_0_25_0",
    "GRAMMAR_0_169_0",
    "VARIANTS",
    "NoSuchVariant",
    "ToolSpecs",
    "apply_patch_spec",
]


# Variant name -> the tool object, or None where the release cannot send it.
ToolSpecs = Mapping[str, JSON | None]

VARIANTS = ("freeform", "function")


class NoSuchVariant(ReferenceError_):
    """The release refuses every configuration that would ask for this variant."""

    kind = "no-such-variant"


GRAMMAR_0_25_0 = (
    "start: begin_patch hunk+ end_patch\n"
    'begin_patch: "*** Begin Patch" LF\n'
    'end_patch: "*** End Patch" LF?\n'
    "\n"
    "hunk: add_hunk | delete_hunk | update_hunk\n"
    'add_hunk: "*** Add File: " filename LF add_line+\n'
    'delete_hunk: "*** Delete File: " filename LF\n'
    'update_hunk: "*** Update File: " filename LF change_move? change?\n'
    "\n"
    "filename: /(.+)/\n"
    'add_line: "+" /(.+)/ LF -> line\n'
    "\n"
    'change_move: "*** Move to: " filename LF\n'
    "change: (change_context | change_line)+ eof_line?\n"
    'change_context: ("@@" | "@@ " /(.+)/) LF\n'
    'change_line: ("+" | "-" | " ") /(.+)/ LF\n'
    'eof_line: "*** End of File" LF\n'
    "\n"
    "%import common.LF\n"
)

_FUNCTION_DESCRIPTION_0_25_0 = (
    "Use the `apply_patch` tool to edit files.\n"
    "Your patch language is a stripped\u2011down, file\u2011oriented diff format designed to be easy "
    "to parse and safe to apply. You can think of it as a high\u2011level envelope:\n"
    "\n"
    "*** Begin Patch\n"
    "[ one or more file sections ]\n"
    "*** End Patch\n"
    "\n"
    "Within that envelope, you get a sequence of file operations.\n"
    "You MUST include a header to specify the action you are taking.\n"
    "Each operation starts with one of three headers:\n"
    "\n"
    "*** Add File: <path> - create a new file. Every following line is a + line (the "
    "initial contents).\n"
    "*** Delete File: <path> - remove an existing file. Nothing follows.\n"
    "*** Update File: <path> - patch an existing file in place (optionally with a rename).\n"
    "\n"
    "May be immediately followed by *** Move to: <new path> if you want to rename the file.\n"
    "Then one or more \u201chunks\u201d, each introduced by @@ (optionally followed by a hunk "
    "header).\n"
    "Within a hunk each line starts with:\n"
    "\n"
    "For instructions on [context_before] and [context_after]:\n"
    "- By default, show 3 lines of code immediately above and 3 lines immediately below "
    "each change. If a change is within 3 lines of a previous change, do NOT duplicate the "
    "first change\u2019s [context_after] lines in the second change\u2019s [context_before] "
    "lines.\n"
    "- If 3 lines of context is insufficient to uniquely identify the snippet of code "
    "within the file, use the @@ operator to indicate the class or function to which the "
    "snippet belongs. For instance, we might have:\n"
    "@@ class BaseClass\n"
    "[3 lines of pre-context]\n"
    "- [old_code]\n"
    "+ [new_code]\n"
    "[3 lines of post-context]\n"
    "\n"
    "- If a code block is repeated so many times in a class or function such that even a "
    "single `@@` statement and 3 lines of context cannot uniquely identify the snippet of "
    "code, you can use multiple `@@` statements to jump to the right context. For instance:\n"
    "\n"
    "@@ class BaseClass\n"
    "@@ \t def method():\n"
    "[3 lines of pre-context]\n"
    "- [old_code]\n"
    "+ [new_code]\n"
    "[3 lines of post-context]\n"
    "\n"
    "The full grammar definition is below:\n"
    "Patch := Begin { FileOp } End\n"
    'Begin := "*** Begin Patch" NEWLINE\n'
    'End := "*** End Patch" NEWLINE\n'
    "FileOp := AddFile | DeleteFile | UpdateFile\n"
    'AddFile := "*** Add File: " path NEWLINE { "+" line NEWLINE }\n'
    'DeleteFile := "*** Delete File: " path NEWLINE\n'
    'UpdateFile := "*** Update File: " path NEWLINE [ MoveTo ] { Hunk }\n'
    'MoveTo := "*** Move to: " newPath NEWLINE\n'
    'Hunk := "@@" [ header ] NEWLINE { HunkLine } [ "*** End of File" NEWLINE ]\n'
    'HunkLine := (" " | "-" | "+") text NEWLINE\n'
    "\n"
    "A full patch can combine several operations:\n"
    "\n"
    "*** Begin Patch\n"
    "*** Add File: hello.txt\n"
    "+Hello world\n"
    "*** Update File: src/app.py\n"
    "*** Move to: src/main.py\n"
    "@@ def greet():\n"
    '-print("Hi")\n'
    '+print("Hello, world!")\n'
    "*** Delete File: obsolete.txt\n"
    "*** End Patch\n"
    "\n"
    "It is important to remember:\n"
    "\n"
    "- You must include a header with your intended action (Add/Delete/Update)\n"
    "- You must prefix new lines with `+` even when creating a new file\n"
    "- File references can only be relative, NEVER ABSOLUTE.\n"
)


def _derive(text: str, changes: Mapping[str, str]) -> str:
    # Each change must apply exactly once, so a typo cannot silently leave the
    # previous edition's text in place.
    for old, new in changes.items():
        if text.count(old) != 1:
            raise ValueError(f"grammar change {old!r} does not apply exactly once")
        text = text.replace(old, new)
    return text


# 0.169.0: an added or changed line may be empty (the rule of lines is `.*`).
GRAMMAR_0_169_0 = _derive(
    GRAMMAR_0_25_0,
    {
        'add_line: "+" /(.+)/ LF': 'add_line: "+" /(.*)/ LF',
        'change_line: ("+" | "-" | " ") /(.+)/ LF': 'change_line: ("+" | "-" | " ") /(.*)/ LF',
    },
)


def _freeform(description: str, grammar: str) -> dict[str, JSON]:
    return {
        "type": "custom",
        "name": "apply_patch",
        "description": description,
        "format": {"type": "grammar", "syntax": "lark", "definition": grammar},
    }


def _function(description: str) -> dict[str, JSON]:
    return {
        "type": "function",
        "name": "apply_patch",
        "description": description,
        "strict": False,
        "parameters": {
            "type": "object",
            "properties": {
                "input": {"type": "string", "description": "The entire contents of the apply_patch command"}
            },
            "required": ["input"],
            "additionalProperties": False,
        },
    }


APPLY_PATCH_TOOLS_0_25_0: ToolSpecs = {
    "freeform": _freeform("Use the `apply_patch` tool to edit files", GRAMMAR_0_25_0),
    "function": _function(_FUNCTION_DESCRIPTION_0_25_0),
}

# 0.94.0: 0.169.0's freeform grammar (empty lines allowed) under its own
# description, and 0.25.0's function tool for families that ask for it.
APPLY_PATCH_TOOLS_0_94_0: ToolSpecs = {
    "freeform": _freeform(
        "Use the `apply_patch` tool to edit files. "
        "This is a FREEFORM tool, so do not wrap the patch in JSON.",
        GRAMMAR_0_169_0,
    ),
    "function": _function(_FUNCTION_DESCRIPTION_0_25_0),
}

APPLY_PATCH_TOOLS_0_169_0: ToolSpecs = {
    "freeform": _freeform(
        "The `apply_patch` tool can be used to edit files. "
        "This is a FREEFORM tool, so do not wrap the patch in JSON.",
        GRAMMAR_0_169_0,
    ),
    # The release's model metadata accepts only `freeform` as an apply_patch type.
    "function": None,
}


def apply_patch_spec(tools: ToolSpecs, version: str, variant: JSON) -> dict[str, JSON]:
    if variant not in VARIANTS:
        raise InvalidArgs(f"`variant` must be one of {', '.join(VARIANTS)}, not {variant!r}")
    tool = tools.get(variant)
    if tool is None:
        raise NoSuchVariant(f"release {version} cannot send the {variant} apply_patch tool")
    return {"tool": copy.deepcopy(tool)}  # the table is shared; callers get their own copy
