"""Inputs for exploring ``apply_patch.apply``: aimed at the structure of patches, not at known rules.

The workshop's explorer runs them; ``explored_apply_patch_args`` gives them to a port's own tests.

The strategies in ``strategies.py`` build patches that mostly apply and then
perturb them the ways models get them wrong: good at the rules already
written down.  These aim at the shapes nobody chose: one to six operations,
one to six chunks per update in any order (overlapping, adjacent,
repeated), ``*** End of File`` on any chunk, pure additions anywhere,
context that occurs several times, empty and one-line files, missing final
newlines, CRLF, CR and mixed line ends, moves onto existing files and new
directories, adds over existing files, deletes of missing files and of
directories, parent-relative paths, marker spellings with trailing spaces,
other case or missing, lines without their prefix character, heredoc and
whitespace wrappers, Unicode punctuation and spaces.

A share of the inputs (``GRAMMAR_SHARE``) is not built here at all: its
patches are sentences of the Lark grammar the release itself gives models
(``strategies.grammar_patches``), which a model held to that grammar may
send however odd they look (an update with no change, a context line and
nothing else, names that are lines).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.apply_patch.strategies import grammar_patches
from codex_conformance.generators import Draw, as_strategy

__all__ = ["GRAMMAR_SHARE", "explored_apply_patch_args", "generate_args", "generate_files", "generate_patch"]

# One input in GRAMMAR_SHARE has its patch from the release's grammar.
GRAMMAR_SHARE = 4

# Few distinct lines, so that context occurs several times in a file; with
# look-alikes of each other (punctuation, spaces, normal forms) and of markers.
LINES = [
    "a",
    "b",
    "c",
    "",
    " ",
    "x = 1",
    "    return x",
    "def f():",
    "}",
    "\t",
    "a ",
    "\u201cq\u201d",
    'say "q"',
    "a \u2013 b",
    "a - b",
    "x\u00a0y",
    "x y",
    "\u00e9",
    "e\u0301",
    "...",
    "\u2026",
    "@@",
    "+",
    "-",
    "*** End of File",
    "*** End Patch",
]
FILE_NAMES = ["f.txt", "g.txt", "d/h.txt", "d/e/i.txt", "F.txt"]
PATHS = ["f.txt", "g.txt", "d/h.txt", "d", "new.txt", "n/m/new.txt", "../up.txt", "../../up2.txt", "F.txt"]
ENDINGS = ["\n", "\n", "\n", "\r\n", "\r"]


def generate_content(draw: Draw) -> str:
    """A file's text: repeated lines, any line ends, sometimes no final newline, sometimes empty."""
    lines = [draw.choice(LINES) for _ in range(draw.integer(0, 10))]
    if not lines:
        return draw.choice(["", "\n", "\r\n"])
    endings = [draw.choice(ENDINGS) for _ in lines]
    if draw.boolean():  # one line ending for the whole file
        endings = [endings[0]] * len(lines)
    text = "".join(line + ending for line, ending in zip(lines, endings, strict=True))
    return text if draw.integer(0, 3) else text[: -len(endings[-1])]


def generate_files(draw: Draw) -> dict[str, str]:
    """Up to four files under cwd, some nested, some empty."""
    names = dict.fromkeys(draw.choice(FILE_NAMES) for _ in range(draw.integer(0, 4)))
    return {name: generate_content(draw) for name in names}


def _marker(draw: Draw, text: str) -> str:
    return draw.choice([text, text, text, text + " ", " " + text, text.lower(), text.upper()])


def _chunk(draw: Draw, lines: list[str]) -> list[str]:
    out: list[str] = []
    header = draw.choice(["@@", "@@", "@@ ", "", "context"])
    if header == "context":
        out.append("@@ " + draw.choice(lines))
    elif header:
        out.append(header)
    quoted: list[str] = []
    if draw.integer(0, 3):
        begin = draw.integer(0, len(lines) - 1)
        quoted = lines[begin : begin + draw.integer(1, 4)]
    for line in quoted:
        kind = draw.choice([" ", " ", "-", "-", "", "unprefixed"])
        text = draw.choice([line, line, line + " ", line.replace("-", "\u2013"), line.replace('"', "\u201c")])
        out.append(text if kind == "unprefixed" else (kind or " ") + text)
        if kind == "-" and draw.boolean():
            out.append("+" + draw.choice(LINES))
    out.extend("+" + draw.choice(LINES) for _ in range(draw.integer(0 if quoted else 1, 3)))
    if draw.integer(0, 4) == 0:
        out.append(_marker(draw, "*** End of File"))
    return out


def _update(draw: Draw, files: dict[str, str]) -> list[str]:
    path = draw.choice(sorted(files) or PATHS)
    lines = files.get(path, "").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = [_marker(draw, "*** Update File:") + " " + path]
    if draw.integer(0, 4) == 0:
        out.append(_marker(draw, "*** Move to:") + " " + draw.choice(PATHS))
    chunks = [_chunk(draw, lines) for _ in range(draw.integer(1, 6))]
    if len(chunks) > 1 and draw.integer(0, 3) == 0:
        chunks.append(chunks[0])  # a chunk repeated
    if len(chunks) > 1 and draw.integer(0, 3) == 0:
        chunks.reverse()  # out of order
    for chunk in chunks:
        out.extend(chunk)
    return out


def _wrap(draw: Draw, patch: str, ending: str) -> str:
    wrap = draw.choice(["", "", "", "", "newline", "heredoc", "heredoc-quoted", "space", "blank-lines"])
    if wrap == "newline":
        return patch + ending
    if wrap == "heredoc":
        return f"<<EOF\n{patch}\nEOF\n"
    if wrap == "heredoc-quoted":
        return f"<<'EOF'\n{patch}\nEOF"
    if wrap == "space":
        return f"  {patch}  "
    if wrap == "blank-lines":
        return f"\n\n{patch}\n\n"
    return patch


def generate_patch(draw: Draw, files: dict[str, str]) -> str:
    """One to six operations on ``files``, in an envelope that may be misspelled or wrapped."""
    body: list[str] = []
    for _ in range(draw.integer(1, 6)):
        kind = draw.choice(["add", "delete", "update", "update", "update"])
        if kind == "add":
            body.append(_marker(draw, "*** Add File:") + " " + draw.choice([*PATHS, *files]))
            body.extend(
                draw.choice(["+", "+", "", " "]) + draw.choice(LINES) for _ in range(draw.integer(0, 3))
            )
        elif kind == "delete":
            body.append(_marker(draw, "*** Delete File:") + " " + draw.choice([*PATHS, *files]))
        else:
            body.extend(_update(draw, files))
    begin = draw.choice(["*** Begin Patch", "*** Begin Patch", "*** Begin Patch ", "*** begin patch", ""])
    end = draw.choice(["*** End Patch", "*** End Patch", " *** End Patch", "*** End Patch ", ""])
    ending = draw.choice(["\n", "\n", "\n", "\r\n"])
    return _wrap(draw, ending.join([begin, *body, end]), ending)


def generate_args(draw: Draw, edition: str) -> dict[str, Any]:
    """``{"edition", "patch", "files"}`` for ``apply_patch.apply``."""
    if draw.integer(1, GRAMMAR_SHARE) == 1:
        return draw.example(grammar_patches(edition))
    files = generate_files(draw)
    return {"edition": edition, "patch": generate_patch(draw, files), "files": files}


def explored_apply_patch_args(edition: str) -> st.SearchStrategy[dict[str, Any]]:
    """The explorer's inputs as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: generate_args(draw, edition))
