"""Generate the apply_patch capture inputs: ``fixtures/apply_patch/_scenarios.json``.

    python -m codex_conformance.areas.apply_patch.scenario_generator [OUT]

Only inputs are generated here (a patch, the files it meets, the clauses it
shows); what each release does with them is captured by
``codex-conformance capture apply_patch``.  The generator is deterministic,
so re-running it rewrites the same file.  It covers every rule of
spec/apply_patch.md with hand-picked cases, then perturbs valid patches the
ways models and ports get them wrong: whitespace, Unicode punctuation, line
endings, final newlines, markers, headers, context.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BEGIN = "*** Begin Patch"
END = "*** End Patch"


@dataclass
class Scenario:
    slug: str
    description: str
    clauses: list[str]
    patch: str
    files: dict[str, Any] = field(default_factory=dict)
    cwd: str | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "slug": self.slug,
            "description": self.description,
            "clauses": self.clauses,
            "patch": self.patch,
            "files": self.files,
        }
        if self.cwd is not None:
            data["cwd"] = self.cwd
        return data


def envelope(*body: str) -> str:
    return "\n".join([BEGIN, *body, END])


def update(path: str, *lines: str) -> list[str]:
    return [f"*** Update File: {path}", *lines]


# ---------------------------------------------------------------- hand-picked


def _basics() -> Iterator[Scenario]:
    yield Scenario(
        "add-file",
        "Add a new file.",
        ["AP-ADD-1", "AP-OUTPUT-1"],
        envelope("*** Add File: new.txt", "+hello", "+world"),
    )
    yield Scenario(
        "add-file-nested",
        "Add a file in directories that do not exist yet.",
        ["AP-ADD-1"],
        envelope("*** Add File: a/b/c/new.txt", "+deep"),
    )
    yield Scenario(
        "add-file-empty",
        "Add a file with no lines.",
        ["AP-ADD-1", "AP-NEWLINE-1"],
        envelope("*** Add File: empty.txt"),
    )
    yield Scenario(
        "add-file-blank-line",
        "Add a file whose only line is empty.",
        ["AP-ADD-1", "AP-NEWLINE-1"],
        envelope("*** Add File: blank.txt", "+"),
    )
    yield Scenario(
        "add-over-existing",
        "Add a file that already exists.",
        ["AP-ADD-1"],
        envelope("*** Add File: dup.txt", "+new content"),
        {"dup.txt": "old content\n"},
    )
    yield Scenario(
        "add-line-without-plus",
        "An added file's line lacks the + prefix.",
        ["AP-GRAMMAR-2", "AP-ERROR-1"],
        envelope("*** Add File: x.txt", "+one", "two"),
    )
    yield Scenario(
        "delete-file",
        "Delete an existing file.",
        ["AP-DELETE-1", "AP-OUTPUT-1"],
        envelope("*** Delete File: old.txt"),
        {"old.txt": "bye\n", "keep.txt": "keep\n"},
    )
    yield Scenario(
        "delete-missing",
        "Delete a file that does not exist.",
        ["AP-DELETE-1", "AP-ERROR-2"],
        envelope("*** Delete File: missing.txt"),
        {"keep.txt": "keep\n"},
    )
    yield Scenario(
        "delete-directory",
        "Delete names a directory.",
        ["AP-DELETE-1", "AP-ERROR-2"],
        envelope("*** Delete File: dir"),
        {"dir/f.txt": "x\n"},
    )
    yield Scenario(
        "update-simple",
        "Replace one line.",
        ["AP-MATCH-1", "AP-OUTPUT-1"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": "a\nb\nc\n"},
    )
    yield Scenario(
        "update-with-context",
        "Replace a line with context lines around it.",
        ["AP-MATCH-1", "AP-GRAMMAR-3"],
        envelope(*update("f.txt", "@@", " a", "-b", "+B", " c")),
        {"f.txt": "a\nb\nc\n"},
    )
    yield Scenario(
        "update-no-at-at",
        "An update chunk without an @@ line.",
        ["AP-GRAMMAR-3"],
        envelope(*update("f.txt", " a", "-b", "+B")),
        {"f.txt": "a\nb\nc\n"},
    )
    yield Scenario(
        "update-two-chunks",
        "Two chunks in one file.",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", "-b", "+B", "@@", "-d", "+D")),
        {"f.txt": "a\nb\nc\nd\ne\n"},
    )
    yield Scenario(
        "update-chunks-out-of-order",
        "The second chunk's lines come before the first's in the file.",
        ["AP-MATCH-1", "AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-d", "+D", "@@", "-b", "+B")),
        {"f.txt": "a\nb\nc\nd\ne\n"},
    )
    yield Scenario(
        "update-pure-addition",
        "A chunk that only adds lines (appends at the end).",
        ["AP-GRAMMAR-3", "AP-EOF-1"],
        envelope(*update("f.txt", "@@", "+added 1", "+added 2")),
        {"f.txt": "line1\nline2\n"},
    )
    yield Scenario(
        "update-pure-deletion",
        "A chunk that only deletes a line.",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", " a", "-b", " c")),
        {"f.txt": "a\nb\nc\n"},
    )
    yield Scenario(
        "update-missing-file",
        "Update a file that does not exist.",
        ["AP-ERROR-2"],
        envelope(*update("missing.txt", "@@", "-a", "+b")),
        {},
    )
    yield Scenario(
        "update-context-missing",
        "Context that is not in the file.",
        ["AP-MATCH-1", "AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-zzz", "+y")),
        {"f.txt": "a\nb\n"},
    )
    yield Scenario(
        "update-empty-chunk",
        "Update File with no chunk at all.",
        ["AP-EMPTY-1", "AP-ERROR-1"],
        envelope("*** Update File: f.txt"),
        {"f.txt": "a\n"},
    )
    yield Scenario(
        "update-at-at-only",
        "An @@ line with no change lines after it.",
        ["AP-EMPTY-1", "AP-ERROR-1"],
        envelope(*update("f.txt", "@@")),
        {"f.txt": "a\n"},
    )
    yield Scenario(
        "update-context-only",
        "A chunk of context lines and no change.",
        ["AP-EMPTY-1", "AP-MATCH-1"],
        envelope(*update("f.txt", "@@", " a")),
        {"f.txt": "a\nb\n"},
    )
    yield Scenario(
        "update-at-at-header",
        "An @@ line naming a function to search from.",
        ["AP-CONTEXT-1"],
        envelope(*update("f.py", "@@ def two():", "-    return 1", "+    return 2")),
        {"f.py": "def one():\n    return 1\n\ndef two():\n    return 1\n"},
    )
    yield Scenario(
        "update-at-at-header-missing",
        "An @@ line naming text that is not in the file.",
        ["AP-CONTEXT-1", "AP-ERROR-2"],
        envelope(*update("f.py", "@@ def three():", "-    return 1", "+    return 2")),
        {"f.py": "def one():\n    return 1\n"},
    )
    yield Scenario(
        "update-two-at-at-headers",
        "Two nested @@ anchors.",
        ["AP-CONTEXT-1"],
        envelope(
            *update("f.py", "@@ class A:", "@@     def run(self):", "-        pass", "+        return 1")
        ),
        {
            "f.py": "class B:\n    def run(self):\n        pass\n\nclass A:\n    def run(self):\n        pass\n"
        },
    )
    yield Scenario(
        "move-file",
        "Move with a change.",
        ["AP-MOVE-1", "AP-OUTPUT-1"],
        envelope(
            *update("old/name.txt", "*** Move to: renamed/dir/name.txt", "@@", "-old content", "+new content")
        ),
        {"old/name.txt": "old content\n", "old/other.txt": "unrelated\n"},
    )
    yield Scenario(
        "move-onto-existing",
        "Move onto a file that exists.",
        ["AP-MOVE-1"],
        envelope(*update("a.txt", "*** Move to: b.txt", "@@", "-from", "+new")),
        {"a.txt": "from\n", "b.txt": "existing\n"},
    )
    yield Scenario(
        "move-without-change",
        "Move with no chunk.",
        ["AP-MOVE-1", "AP-EMPTY-1"],
        envelope(*update("a.txt", "*** Move to: b.txt")),
        {"a.txt": "x\n"},
    )
    yield Scenario(
        "move-to-same-path",
        "Move to the path it already has.",
        ["AP-MOVE-1"],
        envelope(*update("a.txt", "*** Move to: a.txt", "@@", "-x", "+y")),
        {"a.txt": "x\n"},
    )
    yield Scenario(
        "multiple-operations",
        "Add, delete and update in one patch.",
        ["AP-OUTPUT-1", "AP-ADD-1", "AP-DELETE-1"],
        envelope(
            "*** Add File: nested/new.txt",
            "+created",
            "*** Delete File: delete.txt",
            *update("modify.txt", "@@", "-line2", "+changed"),
        ),
        {"delete.txt": "obsolete\n", "modify.txt": "line1\nline2\n"},
    )
    yield Scenario(
        "partial-failure",
        "The second hunk fails after the first was applied.",
        ["AP-PARTIAL-1", "AP-ERROR-2"],
        envelope("*** Add File: created.txt", "+hello", *update("missing.txt", "@@", "-old", "+new")),
        {},
    )
    yield Scenario(
        "partial-failure-update-then-delete",
        "An update succeeds, then a delete of a missing file fails.",
        ["AP-PARTIAL-1"],
        envelope(*update("f.txt", "@@", "-a", "+A"), "*** Delete File: nope.txt"),
        {"f.txt": "a\n"},
    )
    yield Scenario(
        "partial-failure-second-chunk",
        "The second chunk of one file fails.",
        ["AP-PARTIAL-1", "AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-a", "+A", "@@", "-zzz", "+Z")),
        {"f.txt": "a\nb\n"},
    )
    yield Scenario(
        "same-file-twice",
        "Two Update File hunks for one file.",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", "-a", "+A"), *update("f.txt", "@@", "-b", "+B")),
        {"f.txt": "a\nb\n"},
    )
    yield Scenario(
        "add-then-update",
        "Add a file, then update it in the same patch.",
        ["AP-ADD-1"],
        envelope("*** Add File: n.txt", "+one", *update("n.txt", "@@", "-one", "+two")),
        {},
    )
    yield Scenario(
        "delete-then-add",
        "Delete a file and add it again.",
        ["AP-ADD-1", "AP-DELETE-1"],
        envelope("*** Delete File: f.txt", "*** Add File: f.txt", "+fresh"),
        {"f.txt": "stale\n"},
    )


def _grammar() -> Iterator[Scenario]:
    files = {"f.txt": "one\ntwo\n"}
    body = update("f.txt", "@@", "-one", "+ONE")
    yield Scenario(
        "empty-patch",
        "Begin and End with nothing between.",
        ["AP-EMPTY-1", "AP-ERROR-1"],
        envelope(),
        {"foo.txt": "stable\n"},
    )
    yield Scenario(
        "empty-string", "The patch is the empty string.", ["AP-GRAMMAR-1", "AP-ERROR-1"], "", files
    )
    yield Scenario(
        "no-begin",
        "The first line is not Begin Patch.",
        ["AP-GRAMMAR-1", "AP-ERROR-1"],
        "\n".join([*body, END]),
        files,
    )
    yield Scenario(
        "no-end",
        "The last line is not End Patch.",
        ["AP-GRAMMAR-1", "AP-ERROR-1"],
        "\n".join([BEGIN, *body]),
        files,
    )
    yield Scenario(
        "trailing-newline",
        "The patch ends with a newline after End Patch.",
        ["AP-GRAMMAR-1"],
        envelope(*body) + "\n",
        files,
    )
    yield Scenario(
        "two-trailing-newlines",
        "Two newlines after End Patch.",
        ["AP-GRAMMAR-1", "AP-LENIENT-2"],
        envelope(*body) + "\n\n",
        files,
    )
    yield Scenario(
        "text-after-end",
        "Text after End Patch.",
        ["AP-GRAMMAR-1", "AP-ERROR-1"],
        envelope(*body) + "\nextra",
        files,
    )
    yield Scenario(
        "text-before-begin",
        "Text before Begin Patch.",
        ["AP-GRAMMAR-1", "AP-ERROR-1"],
        "intro\n" + envelope(*body),
        files,
    )
    yield Scenario(
        "crlf-patch",
        "The patch itself has CRLF line endings.",
        ["AP-GRAMMAR-1", "AP-NEWLINE-1"],
        envelope(*body).replace("\n", "\r\n"),
        files,
    )
    yield Scenario(
        "unknown-header",
        "A hunk header the grammar does not know.",
        ["AP-GRAMMAR-2", "AP-ERROR-1"],
        envelope("*** Frobnicate File: foo"),
        {"foo": "x\n"},
    )
    yield Scenario(
        "lowercase-header",
        "A header in lower case.",
        ["AP-GRAMMAR-2", "AP-ERROR-1"],
        envelope("*** update file: f.txt", "@@", "-one", "+ONE"),
        files,
    )
    yield Scenario(
        "header-no-space-after-colon",
        "Update File:path without a space.",
        ["AP-GRAMMAR-2"],
        envelope("*** Update File:f.txt", "@@", "-one", "+ONE"),
        files,
    )
    yield Scenario(
        "header-path-with-spaces",
        "A path with spaces.",
        ["AP-GRAMMAR-2", "AP-ADD-1"],
        envelope("*** Add File: my file.txt", "+x"),
        {},
    )
    yield Scenario(
        "header-path-trailing-space",
        "A path followed by a space.",
        ["AP-GRAMMAR-2", "AP-LENIENT-2"],
        envelope("*** Update File: f.txt ", "@@", "-one", "+ONE"),
        files,
    )
    yield Scenario(
        "header-empty-path",
        "Add File with an empty path.",
        ["AP-GRAMMAR-2", "AP-ERROR-1"],
        envelope("*** Add File: ", "+x"),
        {},
    )
    yield Scenario(
        "change-line-bad-prefix",
        "A change line starting with a character other than space, + or -.",
        ["AP-GRAMMAR-3", "AP-ERROR-1"],
        envelope(*update("f.txt", "@@", "-one", "*ONE")),
        files,
    )
    yield Scenario(
        "change-line-empty",
        "An empty line inside a chunk (no prefix).",
        ["AP-GRAMMAR-3"],
        envelope(*update("f.txt", "@@", " one", "", "-two", "+TWO")),
        {"f.txt": "one\n\ntwo\n"},
    )
    yield Scenario(
        "end-of-file-marker",
        "*** End of File after the last chunk.",
        ["AP-EOF-1", "AP-GRAMMAR-3"],
        envelope(*update("tail.txt", "@@", " first", "-second", "+second updated", "*** End of File")),
        {"tail.txt": "first\nsecond\n"},
    )
    yield Scenario(
        "end-of-file-not-at-end",
        "*** End of File on a chunk that is not at the end.",
        ["AP-EOF-1", "AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-one", "+ONE", "*** End of File")),
        files,
    )
    yield Scenario(
        "end-of-file-in-middle",
        "*** End of File followed by more change lines.",
        ["AP-EOF-1", "AP-GRAMMAR-3"],
        envelope(*update("f.txt", "@@", "-one", "+ONE", "*** End of File", "-two", "+TWO")),
        files,
    )
    yield Scenario(
        "end-of-file-pure-add",
        "A pure addition anchored at the end of the file.",
        ["AP-EOF-1"],
        envelope(*update("f.txt", "@@", "+three", "*** End of File")),
        files,
    )
    yield Scenario(
        "move-to-on-add",
        "Move to after Add File.",
        ["AP-GRAMMAR-2", "AP-MOVE-1"],
        envelope("*** Add File: a.txt", "*** Move to: b.txt", "+x"),
        {},
    )
    yield Scenario(
        "move-to-empty",
        "Move to with an empty path.",
        ["AP-GRAMMAR-2", "AP-MOVE-1"],
        envelope(*update("f.txt", "*** Move to: ", "@@", "-one", "+ONE")),
        files,
    )
    yield Scenario(
        "at-at-no-space",
        "@@text without a space after @@.",
        ["AP-GRAMMAR-3", "AP-CONTEXT-1"],
        envelope(*update("f.txt", "@@one", "-two", "+TWO")),
        files,
    )
    yield Scenario(
        "at-at-trailing-space",
        "'@@ ' with only a space after it.",
        ["AP-GRAMMAR-3", "AP-CONTEXT-1"],
        envelope(*update("f.txt", "@@ ", "-one", "+ONE")),
        files,
    )
    yield Scenario(
        "begin-marker-twice",
        "Begin Patch twice.",
        ["AP-GRAMMAR-1", "AP-ERROR-1"],
        "\n".join([BEGIN, BEGIN, *body, END]),
        files,
    )
    yield Scenario(
        "end-marker-inside",
        "End Patch inside the body, before a hunk.",
        ["AP-GRAMMAR-1"],
        "\n".join([BEGIN, *body, END, "*** Delete File: f.txt", END]),
        files,
    )
    yield Scenario("only-begin", "Only the Begin Patch line.", ["AP-GRAMMAR-1", "AP-ERROR-1"], BEGIN, files)


def _lenient() -> Iterator[Scenario]:
    files = {"f.txt": "one\ntwo\n"}
    inner = envelope(*update("f.txt", "@@", "-one", "+ONE"))
    for slug, wrapped in [
        ("heredoc-bare", f"<<EOF\n{inner}\nEOF\n"),
        ("heredoc-single-quoted", f"<<'EOF'\n{inner}\nEOF\n"),
        ("heredoc-double-quoted", f'<<"EOF"\n{inner}\nEOF\n'),
        ("heredoc-no-final-newline", f"<<'EOF'\n{inner}\nEOF"),
        ("heredoc-mismatched-quotes", f"<<'EOF\"\n{inner}\nEOF\n"),
        ("heredoc-other-word", f"<<'PATCH'\n{inner}\nPATCH\n"),
        ("heredoc-no-terminator", f"<<'EOF'\n{inner}\n"),
        ("heredoc-with-command", f"apply_patch <<'EOF'\n{inner}\nEOF\n"),
        ("heredoc-space-before", f" <<'EOF'\n{inner}\nEOF\n"),
        ("heredoc-dash", f"<<-'EOF'\n{inner}\nEOF\n"),
    ]:
        yield Scenario(
            slug,
            f"Patch wrapped as {slug.removeprefix('heredoc-')} heredoc.",
            ["AP-LENIENT-1"],
            wrapped,
            files,
        )
    for slug, text, clauses in [
        ("begin-leading-space", " " + inner, ["AP-LENIENT-2"]),
        ("begin-trailing-space", inner.replace(BEGIN, BEGIN + " ", 1), ["AP-LENIENT-2"]),
        ("end-leading-space", inner.replace(END, " " + END), ["AP-LENIENT-2"]),
        ("end-trailing-space", inner + " ", ["AP-LENIENT-2"]),
        ("begin-tab", inner.replace(BEGIN, "\t" + BEGIN, 1), ["AP-LENIENT-2"]),
        (
            "header-leading-space",
            inner.replace("*** Update File", "  *** Update File"),
            ["AP-LENIENT-2", "AP-GRAMMAR-2"],
        ),
        (
            "header-double-space",
            inner.replace("Update File: ", "Update File:  "),
            ["AP-LENIENT-2", "AP-GRAMMAR-2"],
        ),
        ("at-at-leading-space", inner.replace("\n@@", "\n @@"), ["AP-LENIENT-2", "AP-GRAMMAR-3"]),
        (
            "end-of-file-leading-space",
            envelope(*update("f.txt", "@@", "-two", "+TWO", " *** End of File")),
            ["AP-LENIENT-2", "AP-EOF-1"],
        ),
        ("leading-blank-line", "\n" + inner, ["AP-LENIENT-2", "AP-GRAMMAR-1"]),
        (
            "blank-line-between-hunks",
            envelope(*update("f.txt", "@@", "-one", "+ONE"), "", "*** Add File: g.txt", "+g"),
            ["AP-LENIENT-2", "AP-GRAMMAR-3"],
        ),
    ]:
        yield Scenario(slug, f"Marker whitespace: {slug}.", clauses, text, files)


def _matching() -> Iterator[Scenario]:
    yield Scenario(
        "match-trailing-whitespace-in-file",
        "The file line has trailing spaces the patch lacks.",
        ["AP-MATCH-2"],
        envelope(*update("f.txt", "@@", "-value = 1", "+value = 2")),
        {"f.txt": "value = 1   \n"},
    )
    yield Scenario(
        "match-trailing-whitespace-in-patch",
        "The patch line has trailing spaces the file lacks.",
        ["AP-MATCH-2"],
        envelope(*update("f.txt", "@@", "-value = 1  ", "+value = 2")),
        {"f.txt": "value = 1\n"},
    )
    yield Scenario(
        "match-leading-whitespace",
        "The file line is indented, the patch line is not.",
        ["AP-MATCH-3"],
        envelope(*update("f.txt", "@@", "-value = 1", "+value = 2")),
        {"f.txt": "    value = 1\n"},
    )
    yield Scenario(
        "match-tab-vs-spaces",
        "A tab in the file where the patch has spaces.",
        ["AP-MATCH-3"],
        envelope(*update("f.txt", "@@", "-    x()", "+    y()")),
        {"f.txt": "\tx()\n"},
    )
    yield Scenario(
        "match-inner-whitespace",
        "Whitespace inside the line differs.",
        ["AP-MATCH-3", "AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-a  =  1", "+a = 2")),
        {"f.txt": "a = 1\n"},
    )
    yield Scenario(
        "match-exact-preferred",
        "An exact match later in the file beats a fuzzy one earlier.",
        ["AP-MATCH-1", "AP-MATCH-2"],
        envelope(*update("f.txt", "@@", "-x", "+X")),
        {"f.txt": "x  \nx\n"},
    )
    yield Scenario(
        "repeated-context-first",
        "The context occurs twice; the first occurrence is changed.",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", " same", "-old", "+new")),
        {"f.txt": "same\nold\nsame\nold\n"},
    )
    yield Scenario(
        "repeated-context-second-chunk",
        "The second chunk finds the occurrence after the first chunk.",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", "-old", "+new1", "@@", "-old", "+new2")),
        {"f.txt": "old\nmid\nold\n"},
    )
    yield Scenario(
        "repeated-context-eof",
        "With End of File the last occurrence is changed.",
        ["AP-EOF-1", "AP-MATCH-1"],
        envelope(*update("f.txt", "@@", "-old", "+new", "*** End of File")),
        {"f.txt": "old\nmid\nold\n"},
    )
    yield Scenario(
        "repeated-context-eof-not-last",
        "End of File, but the last occurrence is not at the end.",
        ["AP-EOF-1"],
        envelope(*update("f.txt", "@@", "-old", "+new", "*** End of File")),
        {"f.txt": "old\nmid\nold\ntail\n"},
    )
    yield Scenario(
        "at-at-anchor-skips-earlier",
        "The @@ anchor makes the search start after it.",
        ["AP-CONTEXT-1", "AP-MATCH-1"],
        envelope(*update("f.txt", "@@ second:", "-    x = 1", "+    x = 2")),
        {"f.txt": "first:\n    x = 1\nsecond:\n    x = 1\n"},
    )
    yield Scenario(
        "at-at-anchor-fuzzy",
        "The @@ anchor differs from the file in trailing whitespace.",
        ["AP-CONTEXT-1", "AP-MATCH-2"],
        envelope(*update("f.txt", "@@ second:", "-    x = 1", "+    x = 2")),
        {"f.txt": "first:\n    x = 1\nsecond:   \n    x = 1\n"},
    )
    yield Scenario(
        "at-at-anchor-is-changed-line",
        "The anchor line is itself the line removed.",
        ["AP-CONTEXT-1"],
        envelope(*update("f.txt", "@@ target", "-target", "+TARGET")),
        {"f.txt": "a\ntarget\nb\n"},
    )
    folds = [
        ("left-double-quote", "“", '"'),
        ("right-double-quote", "”", '"'),
        ("left-single-quote", "‘", "'"),
        ("right-single-quote", "’", "'"),
        ("en-dash", "–", "-"),
        ("em-dash", "—", "-"),
        ("minus-sign", "−", "-"),
        ("non-breaking-space", "\u00a0", " "),
        ("ellipsis", "…", "..."),
        ("hyphen", "‐", "-"),
        ("double-low-quote", "„", '"'),
        ("prime", "′", "'"),
        ("figure-dash", "‒", "-"),
        ("narrow-nbsp", "\u202f", " "),
    ]
    for name, fancy, ascii_ in folds:
        yield Scenario(
            f"fold-{name}-in-file",
            f"The file has {name} where the patch has ASCII.",
            ["AP-MATCH-4"],
            envelope(*update("f.txt", "@@", f"-say {ascii_}hi{ascii_}", "+said")),
            {"f.txt": f"say {fancy}hi{fancy}\n"},
        )
        yield Scenario(
            f"fold-{name}-in-patch",
            f"The patch has {name} where the file has ASCII.",
            ["AP-MATCH-4"],
            envelope(*update("f.txt", "@@", f"-say {fancy}hi{fancy}", "+said")),
            {"f.txt": f"say {ascii_}hi{ascii_}\n"},
        )
    yield Scenario(
        "fold-replacement-keeps-new-text",
        "Folding finds the line; the new text is written as given.",
        ["AP-MATCH-4"],
        envelope(*update("f.txt", "@@", '-print("hi")', "+print(“hi”)")),
        {"f.txt": "print(“hi”)\n"},
    )
    yield Scenario(
        "unicode-simple",
        "Non-ASCII text matched exactly.",
        ["AP-MATCH-1"],
        envelope(*update("foo.txt", "@@", " line1", "-naïve café", "+naïve café ✅")),
        {"foo.txt": "line1\nnaïve café\nline3\n"},
    )
    yield Scenario(
        "nfc-vs-nfd",
        "The file is NFD, the patch NFC.",
        ["AP-MATCH-4", "AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-café", "+cafe")),
        {"f.txt": "cafe\u0301\n"},
    )


def _newlines() -> Iterator[Scenario]:
    yield Scenario(
        "file-without-final-newline",
        "The file does not end with a newline.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": "a\nb"},
    )
    yield Scenario(
        "file-without-final-newline-change-first",
        "No final newline; the first line changes.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-a", "+A")),
        {"f.txt": "a\nb"},
    )
    yield Scenario(
        "update-appends-trailing-newline",
        "Upstream scenario 014 shape.",
        ["AP-NEWLINE-1"],
        envelope(*update("no_newline.txt", "@@", "-no newline at end", "+first line", "+second line")),
        {"no_newline.txt": "no newline at end"},
    )
    yield Scenario(
        "crlf-file",
        "The file has CRLF line endings.",
        ["AP-NEWLINE-1", "AP-MATCH-2"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": "a\r\nb\r\nc\r\n"},
    )
    yield Scenario(
        "crlf-file-context",
        "CRLF file with context lines.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", " a", "-b", "+B", " c")),
        {"f.txt": "a\r\nb\r\nc\r\n"},
    )
    yield Scenario(
        "crlf-file-pure-add",
        "CRLF file, pure addition.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "+d")),
        {"f.txt": "a\r\nb\r\n"},
    )
    yield Scenario(
        "mixed-line-endings",
        "Some lines CRLF, some LF.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": "a\r\nb\nc\r\n"},
    )
    yield Scenario(
        "lone-cr-in-file",
        "A lone carriage return inside a line.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": "a\rx\nb\n"},
    )
    yield Scenario(
        "empty-file-update",
        "Update an empty file with a pure addition.",
        ["AP-NEWLINE-1", "AP-EOF-1"],
        envelope(*update("f.txt", "@@", "+first")),
        {"f.txt": ""},
    )
    yield Scenario(
        "empty-file-context",
        "Context expected in an empty file.",
        ["AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-x", "+y")),
        {"f.txt": ""},
    )
    yield Scenario(
        "only-newline-file",
        "A file that is a single newline.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-", "+x")),
        {"f.txt": "\n"},
    )
    yield Scenario(
        "delete-last-line",
        "Delete the last line.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", " a", "-b")),
        {"f.txt": "a\nb\n"},
    )
    yield Scenario(
        "delete-all-lines",
        "Delete every line.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-a", "-b")),
        {"f.txt": "a\nb\n"},
    )
    yield Scenario(
        "trailing-blank-lines-kept",
        "The file ends with blank lines.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-a", "+A")),
        {"f.txt": "a\n\n\n"},
    )
    yield Scenario(
        "form-feed-in-file",
        "A form feed inside a line (not a line break for the release).",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-a\x0cb", "+ab")),
        {"f.txt": "a\x0cb\n"},
    )
    yield Scenario(
        "unicode-line-separator",
        "U+2028 inside a line.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-a\u2028b", "+ab")),
        {"f.txt": "a\u2028b\n"},
    )
    yield Scenario(
        "add-file-crlf-patch",
        "Add File with a CRLF patch.",
        ["AP-NEWLINE-1", "AP-ADD-1"],
        envelope("*** Add File: n.txt", "+x", "+y").replace("\n", "\r\n"),
        {},
    )


def _paths_and_content() -> Iterator[Scenario]:
    yield Scenario(
        "path-dot-dot",
        "Add a file one directory above cwd.",
        ["AP-PATH-1"],
        envelope("*** Add File: ../outside.txt", "+x"),
        {},
    )
    yield Scenario(
        "path-dot-dot-update",
        "Update a file above cwd through ..",
        ["AP-PATH-1", "AP-ERROR-2"],
        envelope(*update("../above.txt", "@@", "-a", "+b")),
        {},
    )
    yield Scenario(
        "path-inner-dot-dot",
        "A path that goes down and back up.",
        ["AP-PATH-1"],
        envelope("*** Add File: a/../b.txt", "+x"),
        {},
    )
    yield Scenario(
        "path-dot-slash",
        "A path starting with ./",
        ["AP-PATH-1"],
        envelope("*** Add File: ./c.txt", "+x"),
        {},
    )
    yield Scenario(
        "path-absolute-in-cwd",
        "An absolute path inside cwd.",
        ["AP-PATH-1", "AP-OUTPUT-1"],
        envelope("*** Add File: /workspace/abs.txt", "+x"),
        {},
    )
    yield Scenario(
        "path-absolute-update",
        "Update by absolute path inside cwd.",
        ["AP-PATH-1"],
        envelope(*update("/workspace/f.txt", "@@", "-a", "+b")),
        {"f.txt": "a\n"},
    )
    yield Scenario(
        "path-absolute-missing",
        "Update a missing file by absolute path (the error names it).",
        ["AP-PATH-1", "AP-ERROR-2"],
        envelope(*update("/workspace/none.txt", "@@", "-a", "+b")),
        {},
    )
    yield Scenario(
        "path-other-cwd",
        "The same add with another cwd.",
        ["AP-PATH-1"],
        envelope("*** Add File: /srv/app/x.txt", "+x"),
        {},
        cwd="/srv/app",
    )
    yield Scenario(
        "path-unicode",
        "A non-ASCII file name.",
        ["AP-PATH-1", "AP-ADD-1"],
        envelope("*** Add File: données/été.txt", "+x"),
        {},
    )
    yield Scenario(
        "path-trailing-slash",
        "Add File to a path ending in /.",
        ["AP-PATH-1", "AP-ERROR-2"],
        envelope("*** Add File: dir/", "+x"),
        {},
    )
    yield Scenario(
        "add-into-file-as-dir",
        "Add a file below a path that is a file.",
        ["AP-ADD-1", "AP-ERROR-2"],
        envelope("*** Add File: f.txt/child.txt", "+x"),
        {"f.txt": "x\n"},
    )
    yield Scenario(
        "binary-looking-content",
        "A file with NUL and control bytes.",
        ["AP-MATCH-1"],
        envelope(*update("f.bin", "@@", "-b", "+B")),
        {"f.bin": "a\x00\x01\nb\n"},
    )
    yield Scenario(
        "invalid-utf8-file",
        "A file that is not valid UTF-8.",
        ["AP-ERROR-2"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": {"base64": "YQr/CmIK"}},
    )
    yield Scenario(
        "long-line",
        "A 20000-character line.",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", "-" + "x" * 20000, "+short")),
        {"f.txt": "x" * 20000 + "\n"},
    )
    big = "".join(f"line {i}\n" for i in range(5000))
    yield Scenario(
        "many-lines",
        "A 5000-line file changed near the end.",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", " line 4997", "-line 4998", "+LINE 4998")),
        {"f.txt": big},
    )


# ---------------------------------------------------------------- perturbations

_BASE_FILE = "def greet(name):\n    print(\"Hello, \" + name)\n    return name\n\nvalue = 'x'\n"
_BASE_PATCH_LINES = [
    "@@ def greet(name):",
    '-    print("Hello, " + name)',
    '+    print("Hi, " + name)',
    "     return name",
]


def _perturbations() -> Iterator[Scenario]:
    base = envelope(*update("m.py", *_BASE_PATCH_LINES))
    file_variants: dict[str, tuple[str, list[str]]] = {
        "plain": (_BASE_FILE, ["AP-MATCH-1"]),
        "crlf": (_BASE_FILE.replace("\n", "\r\n"), ["AP-NEWLINE-1"]),
        "no-final-newline": (_BASE_FILE.rstrip("\n"), ["AP-NEWLINE-1"]),
        "trailing-spaces": (_BASE_FILE.replace("\n", "  \n"), ["AP-MATCH-2"]),
        "tabs": (_BASE_FILE.replace("    ", "\t"), ["AP-MATCH-3"]),
        "curly-quotes": (_BASE_FILE.replace('"', "“", 1).replace('"', "”", 1), ["AP-MATCH-4"]),
        "extra-indent": (_BASE_FILE.replace("    ", "      "), ["AP-MATCH-3"]),
        "duplicated": (_BASE_FILE + "\n" + _BASE_FILE, ["AP-MATCH-1", "AP-CONTEXT-1"]),
        "leading-blank-lines": ("\n\n" + _BASE_FILE, ["AP-MATCH-1"]),
        "crlf-no-final-newline": (_BASE_FILE.replace("\n", "\r\n").rstrip("\r\n"), ["AP-NEWLINE-1"]),
        "nbsp-indent": (_BASE_FILE.replace("    ", "\u00a0\u00a0\u00a0\u00a0"), ["AP-MATCH-3", "AP-MATCH-4"]),
        "trailing-tabs": (_BASE_FILE.replace("\n", "\t\n"), ["AP-MATCH-2"]),
    }
    patch_variants: dict[str, tuple[str, list[str]]] = {
        "plain": (base, ["AP-MATCH-1"]),
        "patch-crlf": (base.replace("\n", "\r\n"), ["AP-NEWLINE-1", "AP-GRAMMAR-1"]),
        "patch-trailing-newline": (base + "\n", ["AP-GRAMMAR-1"]),
        "patch-trailing-spaces": (
            base.replace('name)"', 'name)"  ').replace("\n", "  \n"),
            ["AP-MATCH-2", "AP-LENIENT-2"],
        ),
        "patch-en-dash-comment": (base.replace('"Hi, "', '"Hi – "'), ["AP-MATCH-4"]),
        "patch-curly-quotes": (
            base.replace('-    print("Hello, " + name)', "-    print(“Hello, ” + name)"),
            ["AP-MATCH-4"],
        ),
        "patch-no-anchor": (base.replace("@@ def greet(name):", "@@"), ["AP-GRAMMAR-3"]),
        "patch-eof": (
            envelope(*update("m.py", "@@", " value = 'x'", "+other = 1", "*** End of File")),
            ["AP-EOF-1"],
        ),
        "patch-heredoc": ("<<'EOF'\n" + base + "\nEOF\n", ["AP-LENIENT-1"]),
        "patch-missing-end": (base.removesuffix("\n" + END), ["AP-GRAMMAR-1", "AP-ERROR-1"]),
        "patch-wrong-context": (base.replace("     return name", "     return other"), ["AP-ERROR-2"]),
        "patch-anchor-missing": (
            base.replace("@@ def greet(name):", "@@ def missing():"),
            ["AP-CONTEXT-1", "AP-ERROR-2"],
        ),
    }
    for file_name, (content, file_clauses) in file_variants.items():
        for patch_name, (patch, patch_clauses) in patch_variants.items():
            clauses = list(dict.fromkeys(file_clauses + patch_clauses))
            yield Scenario(
                f"perturb-{file_name}-x-{patch_name}",
                f"File variant '{file_name}' meets patch variant '{patch_name}'.",
                clauses,
                patch,
                {"m.py": content},
            )


def _upstream_corpus_shapes() -> Iterator[Scenario]:
    # The shapes of the upstream scenario corpus, run on the release: the
    # corpus itself enters as upstream-test cases; these show each release's
    # full output for the same inputs.
    yield Scenario(
        "corpus-whitespace-padded-markers",
        "Begin Patch with a leading space, End Patch with a trailing space.",
        ["AP-LENIENT-2"],
        " *** Begin Patch\n*** Update File: file.txt\n@@\n-one\n+two\n*** End Patch \n",
        {"file.txt": "one\n"},
    )
    yield Scenario(
        "corpus-whitespace-padded-marker-lines",
        "Begin Patch with a trailing space, End Patch with a leading space.",
        ["AP-LENIENT-2"],
        "*** Begin Patch \n*** Update File: file.txt\n@@\n-one\n+two\n *** End Patch\n",
        {"file.txt": "one\n"},
    )
    yield Scenario(
        "corpus-whitespace-padded-hunk-header",
        "An indented Update File header.",
        ["AP-LENIENT-2"],
        "*** Begin Patch\n  *** Update File: foo.txt\n@@\n-old\n+new\n*** End Patch\n",
        {"foo.txt": "old\n"},
    )


def _probed() -> Iterator[Scenario]:
    """Rules found by probing the releases while writing the reference (spec/apply_patch.md)."""
    files = {"f.txt": "one\ntwo\n"}
    one = update("f.txt", "@@", "-one", "+ONE")
    for slug, description, clauses, patch in [
        ("end-end", "End Patch twice.", ["AP-GRAMMAR-1"], envelope(*one, END)),
        (
            "end-garbage-end",
            "Text between two End Patch lines.",
            ["AP-GRAMMAR-1", "AP-ERROR-1"],
            envelope(*one, END, "garbage"),
        ),
        (
            "frob-without-end",
            "A bad header and no End Patch: the boundary is reported.",
            ["AP-GRAMMAR-1", "AP-ERROR-1"],
            "\n".join([BEGIN, "*** Frob", "+x"]),
        ),
        (
            "heredoc-hunk-error-line",
            "Line numbers inside a heredoc do not count the opener.",
            ["AP-LENIENT-1", "AP-ERROR-1"],
            "<<EOF\n" + envelope("*** Frob") + "\nEOF",
        ),
        (
            "eof-then-plus",
            "A change line after End of File.",
            ["AP-GRAMMAR-3", "AP-EOF-1", "AP-ERROR-1"],
            envelope(*update("f.txt", "@@", "-two", "+TWO", "*** End of File", "+x")),
        ),
        (
            "eof-twice",
            "End of File twice.",
            ["AP-GRAMMAR-3", "AP-EOF-1", "AP-ERROR-1"],
            envelope(*update("f.txt", "@@", "-two", "+TWO", "*** End of File", "*** End of File")),
        ),
        (
            "eof-trailing-space",
            "End of File with trailing spaces.",
            ["AP-GRAMMAR-3", "AP-EOF-1"],
            envelope(*update("f.txt", "@@", "-two", "+TWO", "*** End of File  ")),
        ),
        (
            "eof-then-blank-then-add",
            "A blank line after End of File, then a header.",
            ["AP-GRAMMAR-3"],
            envelope(
                *update("f.txt", "@@", "-two", "+TWO", "*** End of File"), "", "*** Add File: g.txt", "+g"
            ),
        ),
        (
            "move-twice",
            "Two Move to lines.",
            ["AP-MOVE-1", "AP-GRAMMAR-2", "AP-ERROR-1"],
            envelope(*update("f.txt", "*** Move to: g.txt", "*** Move to: h.txt", "@@", "-one", "+ONE")),
        ),
        (
            "move-after-chunk",
            "Move to after a chunk.",
            ["AP-MOVE-1", "AP-GRAMMAR-2", "AP-ERROR-1"],
            envelope(*one, "*** Move to: h.txt"),
        ),
        (
            "move-trailing-space",
            "Move to a path followed by spaces.",
            ["AP-MOVE-1", "AP-GRAMMAR-2"],
            envelope(*update("f.txt", "*** Move to: g.txt  ", "@@", "-one", "+ONE")),
        ),
        (
            "star-line-after-chunk",
            "A *** line that is no marker after a chunk.",
            ["AP-GRAMMAR-3", "AP-ERROR-1"],
            envelope(*one, "***x"),
        ),
        (
            "blank-lines-only-update",
            "An update hunk of blank lines.",
            ["AP-GRAMMAR-3", "AP-EMPTY-1"],
            envelope("*** Update File: f.txt", "", ""),
        ),
        (
            "at-at-tab",
            "@@ followed by a tab.",
            ["AP-GRAMMAR-3", "AP-CONTEXT-1"],
            envelope(*update("f.txt", "@@\t", "-one", "+ONE")),
        ),
        (
            "at-at-context-trailing-spaces-missing",
            "A missing @@ anchor with trailing spaces.",
            ["AP-CONTEXT-1", "AP-ERROR-2"],
            envelope(*update("f.txt", "@@ missing  ", "-one", "+ONE")),
        ),
        (
            "indented-header-in-update",
            "An indented Add File header inside an update hunk.",
            ["AP-LENIENT-2", "AP-GRAMMAR-3"],
            envelope(*one, "  *** Add File: g.txt", "+g"),
        ),
        (
            "environment-id",
            "An Environment ID line before the first hunk.",
            ["AP-LENIENT-2"],
            envelope("*** Environment ID: abc", *one),
        ),
        (
            "environment-id-empty",
            "An empty Environment ID.",
            ["AP-LENIENT-2", "AP-ERROR-1"],
            envelope("*** Environment ID: ", *one),
        ),
        (
            "environment-id-twice",
            "Two Environment ID lines.",
            ["AP-LENIENT-2", "AP-ERROR-1"],
            envelope("*** Environment ID: abc", "*** Environment ID: abc", *one),
        ),
        (
            "debug-escaped-expected-lines",
            "Old lines with quotes, backslashes, tabs and invisible characters.",
            ["AP-MATCH-1", "AP-ERROR-2"],
            envelope(*update("f.txt", "@@", '-q"\\\tz\u00e9\u200b\x7f', "+x")),
        ),
    ]:
        yield Scenario(slug, description, clauses, patch, files)
    yield Scenario(
        "lone-cr-splits-lines",
        "A lone CR ends a line for 0.169.0.",
        ["AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": "a\rb\n"},
    )
    yield Scenario(
        "pure-addition-before-trailing-blank",
        "Pure addition to a file ending with blank lines.",
        ["AP-MATCH-1", "AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "+X")),
        {"f.txt": "a\n\n\n"},
    )
    yield Scenario(
        "pure-addition-before-growing-change",
        "A pure addition listed before a change that adds lines (0.25.0 does not sort replacements).",
        ["AP-MATCH-1"],
        envelope(*update("f.txt", "@@", "+X", "@@", "-a", "+A1", "+A2", "+A3")),
        {"f.txt": "a\nb\n"},
    )
    yield Scenario(
        "context-lines-keep-file-text",
        "Fuzzy-matched context lines between two changes.",
        ["AP-MATCH-1", "AP-MATCH-2"],
        envelope(*update("f.txt", "@@", "-a", "+A", " b", "-c", "+C")),
        {"f.txt": "a  \nb  \nc  \n"},
    )
    yield Scenario(
        "update-directory",
        "Update names a directory.",
        ["AP-ERROR-2"],
        envelope(*update("d", "@@", "-a", "+b")),
        {"d/x": "a\n"},
    )
    yield Scenario(
        "update-below-file",
        "Update a path below a file.",
        ["AP-ERROR-2", "AP-PATH-1"],
        envelope(*update("f.txt/x", "@@", "-a", "+b")),
        {"f.txt": "a\n"},
    )
    yield Scenario(
        "move-onto-directory",
        "Move onto a directory.",
        ["AP-MOVE-1", "AP-ERROR-2"],
        envelope(*update("f.txt", "*** Move to: d", "@@", "-a", "+b")),
        {"f.txt": "a\n", "d/x": "x\n"},
    )
    yield Scenario(
        "path-dot-segments",
        "Paths with . and .. segments.",
        ["AP-PATH-1", "AP-OUTPUT-1"],
        envelope("*** Add File: a/./b/../c.txt", "+x", *update("./f.txt", "@@", "-a", "+b")),
        {"f.txt": "a\n"},
    )
    yield Scenario(
        "utf8-incomplete-sequence",
        "A file ending inside a UTF-8 sequence.",
        ["AP-ERROR-2", "AP-NEWLINE-1"],
        envelope(*update("f.txt", "@@", "-b", "+B")),
        {"f.txt": {"base64": "YQpiCsM="}},
    )


def generate() -> list[Scenario]:
    scenarios = [
        *_basics(),
        *_grammar(),
        *_lenient(),
        *_matching(),
        *_newlines(),
        *_paths_and_content(),
        *_perturbations(),
        *_upstream_corpus_shapes(),
        *_probed(),
    ]
    slugs = [s.slug for s in scenarios]
    duplicates = {slug for slug in slugs if slugs.count(slug) > 1}
    if duplicates:
        raise ValueError(f"duplicate scenario slugs: {sorted(duplicates)}")
    return scenarios


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("fixtures/apply_patch/_scenarios.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    data = [scenario.as_json() for scenario in generate()]
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(data)} scenarios to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
