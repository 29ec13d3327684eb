"""Generated file states and patches for ``apply_patch.apply`` and ``apply_patch.parse``.

Patches are built from the grammar (spec/apply_patch.md) *and* from the
files they meet: update chunks quote real lines of a generated file, so most
patches apply, and then get perturbed the ways models get them wrong
(trailing whitespace, typographic punctuation, CRLF, a missing ``@@``,
heredoc wrappers, whitespace around markers).  A port can compare itself
with the reference on them::

    @given(args=apply_patch_args("0.169.0"))
    def test_same_as_reference(args):
        request = {"op": "apply_patch.apply", "args": args}
        assert my_port(request) == reference_handle(request)

``grammar_patches`` draws the patch from the Lark grammar the release itself
sends to models (``hypothesis.extra.lark.from_lark``; see ``grammar.py``):
what a model held to that grammar may emit, however odd.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.apply_patch.grammar import Hunk, grammar_parser, hunks_of, text_terminals
from codex_conformance.hypothesis_home import kit_storage

__all__ = [
    "apply_patch_args",
    "file_states",
    "grammar_patch_texts",
    "grammar_patches",
    "line_texts",
    "patches_for",
]

_WORDS = [
    "a",
    "b",
    "x = 1",
    "def f():",
    "    return 1",
    "",
    "  ",
    "\t",
    "\u201cq\u201d",
    "a \u2013 b",
    "x\u00a0y",
    "é",
    "}",
]


def line_texts() -> st.SearchStrategy[str]:
    """One line's text (no line break): code-like words, whitespace, Unicode punctuation."""
    return st.one_of(
        st.sampled_from(_WORDS),
        st.text(st.sampled_from(list("ab -_\"'\u201c\u201d\u2013\u00a0\t é")), max_size=8),
    )


def _content() -> st.SearchStrategy[str]:
    return st.builds(
        lambda lines, ending, final: ending.join(lines) + (ending if final and lines else ""),
        st.lists(line_texts(), max_size=12),
        st.sampled_from(["\n", "\n", "\r\n"]),
        st.booleans(),
    )


def file_states() -> st.SearchStrategy[dict[str, str]]:
    """A few files under cwd, some nested."""
    return st.dictionaries(st.sampled_from(["f.txt", "g.py", "d/h.txt", "d/e/i.md"]), _content(), max_size=3)


def _perturb(line: str) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [
            line,
            line,
            line + " ",
            "  " + line,
            line.replace('"', "\u201c"),
            line.replace("-", "\u2013"),
            line.rstrip(),
        ]
    )


@st.composite
def _update_hunk(draw: st.DrawFn, path: str, content: str) -> list[str]:
    lines = content.replace("\r\n", "\n").split("\n")
    out = [f"*** Update File: {path}"]
    if draw(st.booleans()) and draw(st.integers(0, 4)) == 0:
        out.append(f"*** Move to: moved/{path}")
    start = 0
    for _ in range(draw(st.integers(1, 3))):
        if start >= len(lines):
            break
        begin = draw(st.integers(start, len(lines) - 1))
        size = draw(st.integers(0, min(3, len(lines) - begin)))
        out.append(draw(st.sampled_from(["@@", "@@", f"@@ {lines[begin - 1]}" if begin else "@@", "@@ "])))
        for line in lines[begin : begin + size]:
            kind = draw(st.sampled_from([" ", "-", "-"]))
            out.append(kind + draw(_perturb(line)))
            if kind == "-" and draw(st.booleans()):
                out.append("+" + draw(line_texts()))
        if size == 0:
            out.append("+" + draw(line_texts()))
        if draw(st.integers(0, 5)) == 0:
            out.append("*** End of File")
        start = begin + size
    return out


@st.composite
def patches_for(draw: st.DrawFn, files: dict[str, str]) -> str:
    """A patch for ``files``: add, delete and update hunks, then envelope perturbations."""
    body: list[str] = []
    for _ in range(draw(st.integers(0, 3))):
        choice = draw(st.sampled_from(["add", "delete", "update", "update"]))
        if choice == "add" or not files:
            path = draw(st.sampled_from(["new.txt", "f.txt", "n/new.txt", "../up.txt", "/workspace/abs.txt"]))
            body.append(f"*** Add File: {path}")
            body.extend("+" + line for line in draw(st.lists(line_texts(), max_size=3)))
        elif choice == "delete":
            body.append(f"*** Delete File: {draw(st.sampled_from([*sorted(files), 'missing.txt', 'd']))}")
        else:
            path = draw(st.sampled_from(sorted(files)))
            body.extend(draw(_update_hunk(path, files[path])))
    patch = "\n".join(["*** Begin Patch", *body, "*** End Patch"])
    wrap = draw(st.sampled_from(["", "", "", "newline", "crlf", "heredoc", "padded", "garbage"]))
    if wrap == "newline":
        patch += "\n"
    elif wrap == "crlf":
        patch = patch.replace("\n", "\r\n")
    elif wrap == "heredoc":
        patch = f"<<'EOF'\n{patch}\nEOF\n"
    elif wrap == "padded":
        patch = patch.replace("*** Begin Patch", "*** Begin Patch ").replace(
            "\n*** End Patch", "\n *** End Patch"
        )
    elif wrap == "garbage":
        lines = patch.split("\n")
        lines.insert(
            draw(st.integers(1, len(lines) - 1)), draw(st.sampled_from(["junk", "@@", "*** Frob", ""]))
        )
        patch = "\n".join(lines)
    return patch


@st.composite
def apply_patch_args(draw: st.DrawFn, edition: str) -> dict[str, Any]:
    """``{"edition", "patch", "files"}`` for ``apply_patch.apply``."""
    files = draw(file_states())
    return {"edition": edition, "patch": draw(patches_for(files)), "files": files}


# The grammar has one free-text terminal for paths, lines and context alike:
# a small pool of short relative names and lines, so that context repeats,
# names recur (an update after an add, a move onto an updated file) and a
# name is sometimes a line.  Lines only where the grammar allows any text.
GRAMMAR_NAMES = ["a", "b", "f.txt", "g.txt", "d/h.txt", "d"]
GRAMMAR_LINES = [
    "x = 1",
    "def f():",
    "    return x",
    "}",
    "a ",
    " ",
    "\u201cq\u201d",
    "x\u00a0y",
    "*** End Patch",
]


@cache
def grammar_patch_texts(edition: str) -> st.SearchStrategy[str]:
    """A sentence of the apply_patch grammar ``edition`` sends to models, its free texts from a small pool."""
    # Cached: from_lark compiles the grammar again each time it is called (~12 ms),
    # and grammar_patches draws from this strategy for every input.
    # Imported here: importing Hypothesis's regex strategies caches tables
    # under Hypothesis's home, which must not be the user's directory.
    with kit_storage():
        from hypothesis.extra.lark import from_lark
    pool = st.one_of(st.sampled_from(GRAMMAR_NAMES), st.sampled_from(GRAMMAR_NAMES + GRAMMAR_LINES))
    return from_lark(grammar_parser(edition), explicit=dict.fromkeys(text_terminals(edition), pool))


def _lines(draw: st.DrawFn, most: int) -> list[str]:
    return draw(st.lists(st.sampled_from(GRAMMAR_NAMES + GRAMMAR_LINES), max_size=most))


def _holding(draw: st.DrawFn, hunk: Hunk) -> str:
    """A text in which the update's chunks find their lines: context and removed lines in order."""
    lines: list[str] = []
    for chunk in hunk.chunks:
        lines.extend(_lines(draw, 2))  # lines before the chunk, that the patch does not name
        if chunk.context is not None:
            lines.append(chunk.context)
        lines.extend(chunk.old)
    lines.extend(_lines(draw, 1))
    return "\n".join(lines) + draw(st.sampled_from(["\n", "\n", "\n", ""]))


def _add(files: dict[str, str], path: str, content: str) -> None:
    """Put a file at ``path`` unless a file or directory is already there or above it."""
    parents = ["/".join(path.split("/")[:end]) for end in range(1, path.count("/") + 1)]
    if path in files or any(parent in files for parent in parents):
        return
    if any(name.startswith(path + "/") for name in files):
        return
    files[path] = content


@st.composite
def grammar_files(draw: st.DrawFn, hunks: list[Hunk]) -> dict[str, str]:
    """Files for ``hunks``: some updates find their lines, some find other lines or no file."""
    files: dict[str, str] = {}
    for hunk in hunks:
        if hunk.kind == "update":
            held = draw(st.sampled_from(["lines", "lines", "other", "none"]))
            if held == "lines":
                _add(files, hunk.path, _holding(draw, hunk))
            elif held == "other":
                _add(files, hunk.path, "\n".join(_lines(draw, 4)) + "\n")
        elif draw(st.integers(0, 3 if hunk.kind == "add" else 1)) == 0:  # a delete of a file that is there
            _add(files, hunk.path, "\n".join(_lines(draw, 2)) + "\n")
        if hunk.move_to is not None and draw(st.integers(0, 3)) == 0:
            _add(files, hunk.move_to, "\n".join(_lines(draw, 2)) + "\n")
    return files


@st.composite
def grammar_patches(draw: st.DrawFn, edition: str) -> dict[str, Any]:
    """``{"edition", "patch", "files"}`` for ``apply_patch.apply``, the patch from the edition's grammar.

    Usable as is in a port's property test (see the module's docstring).
    """
    patch = draw(grammar_patch_texts(edition))
    return {"edition": edition, "patch": patch, "files": draw(grammar_files(hunks_of(edition, patch)))}
