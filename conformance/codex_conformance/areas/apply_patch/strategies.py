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
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

__all__ = ["apply_patch_args", "file_states", "line_texts", "patches_for"]

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
