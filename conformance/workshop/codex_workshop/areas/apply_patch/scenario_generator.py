"""Generate the apply_patch capture inputs: ``fixtures/apply_patch/_scenarios.json``.

    python -m codex_workshop.areas.apply_patch.scenario_generator [OUT]

Only inputs are generated here (a patch, the files it meets, the clauses it
shows); what each release does with them is captured by
``codex-conformance capture apply_patch``.  The generator is deterministic,
so re-running it rewrites the same file.

The hand-picked cases, which cover every rule of spec/apply_patch.md, are
data: ``hand_picked.json`` beside this module, a JSON array whose entries are

- a scenario: ``slug``, ``description``, ``clauses``, ``patch`` (a string, or
  an array of lines joined with ``"\\n"``), optional ``files`` (path to its
  text, or to ``{"base64": ...}`` for bytes; default none) and optional
  ``cwd``, written to the output as given;
- a placeholder ``{"generated": NAME}``: the scenarios of the generator NAME
  (one of ``GENERATORS``) go there, so the array also fixes the output order.

The generators below stay code: they perturb valid patches the ways models
and ports get them wrong (heredoc wrappers, marker whitespace, Unicode
punctuation, line endings, final newlines, headers, context) or build inputs
too large to write out.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from codex_conformance.invisible_json import escape_invisible

HAND_PICKED = Path(__file__).with_name("hand_picked.json")
BEGIN = "*** Begin Patch"
END = "*** End Patch"
# A file's text, or its bytes as {"base64": ...}.
Files = dict[str, str | dict[Literal["base64"], str]]


class Scenario(BaseModel):
    """One capture input; ``as_json`` is its entry in ``_scenarios.json``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str
    description: str
    clauses: list[str]
    patch: str | list[str]
    files: Files = {}
    cwd: str | None = None

    def as_json(self) -> dict[str, Any]:
        patch = self.patch if isinstance(self.patch, str) else "\n".join(self.patch)
        data: dict[str, Any] = {
            "slug": self.slug,
            "description": self.description,
            "clauses": self.clauses,
            "patch": patch,
            "files": self.files,
        }
        if self.cwd is not None:
            data["cwd"] = self.cwd
        return data


class Generated(BaseModel):
    """Where the scenarios of one generator go in the hand-picked list."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    generated: str


def envelope(*body: str) -> str:
    return "\n".join([BEGIN, *body, END])


def update(path: str, *lines: str) -> list[str]:
    return [f"*** Update File: {path}", *lines]


# ---------------------------------------------------------------- generators

_ONE_TWO: Files = {"f.txt": "one\ntwo\n"}
_INNER = envelope(*update("f.txt", "@@", "-one", "+ONE"))


def _heredoc_wrappers() -> Iterator[Scenario]:
    for slug, wrapped in [
        ("heredoc-bare", f"<<EOF\n{_INNER}\nEOF\n"),
        ("heredoc-single-quoted", f"<<'EOF'\n{_INNER}\nEOF\n"),
        ("heredoc-double-quoted", f'<<"EOF"\n{_INNER}\nEOF\n'),
        ("heredoc-no-final-newline", f"<<'EOF'\n{_INNER}\nEOF"),
        ("heredoc-mismatched-quotes", f"<<'EOF\"\n{_INNER}\nEOF\n"),
        ("heredoc-other-word", f"<<'PATCH'\n{_INNER}\nPATCH\n"),
        ("heredoc-no-terminator", f"<<'EOF'\n{_INNER}\n"),
        ("heredoc-with-command", f"apply_patch <<'EOF'\n{_INNER}\nEOF\n"),
        ("heredoc-space-before", f" <<'EOF'\n{_INNER}\nEOF\n"),
        ("heredoc-dash", f"<<-'EOF'\n{_INNER}\nEOF\n"),
    ]:
        description = f"Patch wrapped as {slug.removeprefix('heredoc-')} heredoc."
        yield Scenario(
            slug=slug, description=description, clauses=["AP-LENIENT-1"], patch=wrapped, files=_ONE_TWO
        )


def _marker_whitespace() -> Iterator[Scenario]:
    lenient, header, chunk = (
        ["AP-LENIENT-2"],
        ["AP-LENIENT-2", "AP-GRAMMAR-2"],
        ["AP-LENIENT-2", "AP-GRAMMAR-3"],
    )
    for slug, text, clauses in [
        ("begin-leading-space", " " + _INNER, lenient),
        ("begin-trailing-space", _INNER.replace(BEGIN, BEGIN + " ", 1), lenient),
        ("end-leading-space", _INNER.replace(END, " " + END), lenient),
        ("end-trailing-space", _INNER + " ", lenient),
        ("begin-tab", _INNER.replace(BEGIN, "\t" + BEGIN, 1), lenient),
        ("header-leading-space", _INNER.replace("*** Update File", "  *** Update File"), header),
        ("header-double-space", _INNER.replace("Update File: ", "Update File:  "), header),
        ("at-at-leading-space", _INNER.replace("\n@@", "\n @@"), chunk),
        (
            "end-of-file-leading-space",
            envelope(*update("f.txt", "@@", "-two", "+TWO", " *** End of File")),
            ["AP-LENIENT-2", "AP-EOF-1"],
        ),
        ("leading-blank-line", "\n" + _INNER, ["AP-LENIENT-2", "AP-GRAMMAR-1"]),
        (
            "blank-line-between-hunks",
            envelope(*update("f.txt", "@@", "-one", "+ONE"), "", "*** Add File: g.txt", "+g"),
            chunk,
        ),
    ]:
        description = f"Marker whitespace: {slug}."
        yield Scenario(slug=slug, description=description, clauses=clauses, patch=text, files=_ONE_TWO)


# Look-alike punctuation for the fold cases: name, character, its ASCII twin.
_FOLDS = [
    ("left-double-quote", "\u201c", '"'),
    ("right-double-quote", "\u201d", '"'),
    ("left-single-quote", "\u2018", "'"),
    ("right-single-quote", "\u2019", "'"),
    ("en-dash", "\u2013", "-"),
    ("em-dash", "\u2014", "-"),
    ("minus-sign", "\u2212", "-"),
    ("non-breaking-space", "\u00a0", " "),
    ("ellipsis", "\u2026", "..."),
    ("hyphen", "\u2010", "-"),
    ("double-low-quote", "\u201e", '"'),
    ("prime", "\u2032", "'"),
    ("figure-dash", "\u2012", "-"),
    ("narrow-nbsp", "\u202f", " "),
]


def _punctuation_folds() -> Iterator[Scenario]:
    for name, fancy, ascii_ in _FOLDS:
        for where, old, text in [("file", ascii_, fancy), ("patch", fancy, ascii_)]:
            other = "patch" if where == "file" else "file"
            yield Scenario(
                slug=f"fold-{name}-in-{where}",
                description=f"The {where} has {name} where the {other} has ASCII.",
                clauses=["AP-MATCH-4"],
                patch=envelope(*update("f.txt", "@@", f"-say {old}hi{old}", "+said")),
                files={"f.txt": f"say {text}hi{text}\n"},
            )


def _large_inputs() -> Iterator[Scenario]:
    yield Scenario(
        slug="long-line",
        description="A 20000-character line.",
        clauses=["AP-MATCH-1"],
        patch=envelope(*update("f.txt", "@@", "-" + "x" * 20000, "+short")),
        files={"f.txt": "x" * 20000 + "\n"},
    )
    yield Scenario(
        slug="many-lines",
        description="A 5000-line file changed near the end.",
        clauses=["AP-MATCH-1"],
        patch=envelope(*update("f.txt", "@@", " line 4997", "-line 4998", "+LINE 4998")),
        files={"f.txt": "".join(f"line {i}\n" for i in range(5000))},
    )


_BASE_FILE = "def greet(name):\n    print(\"Hello, \" + name)\n    return name\n\nvalue = 'x'\n"
_BASE = envelope(
    *update(
        "m.py",
        "@@ def greet(name):",
        '-    print("Hello, " + name)',
        '+    print("Hi, " + name)',
        "     return name",
    )
)
_QUOTED = "\u201cHello, \u201d"  # the old line's string in curly quotes


def _perturbations() -> Iterator[Scenario]:
    base, crlf = _BASE_FILE, _BASE_FILE.replace("\n", "\r\n")
    file_variants: dict[str, tuple[str, list[str]]] = {
        "plain": (base, ["AP-MATCH-1"]),
        "crlf": (crlf, ["AP-NEWLINE-1"]),
        "no-final-newline": (base.rstrip("\n"), ["AP-NEWLINE-1"]),
        "trailing-spaces": (base.replace("\n", "  \n"), ["AP-MATCH-2"]),
        "tabs": (base.replace("    ", "\t"), ["AP-MATCH-3"]),
        "curly-quotes": (base.replace('"Hello, "', _QUOTED), ["AP-MATCH-4"]),
        "extra-indent": (base.replace("    ", "      "), ["AP-MATCH-3"]),
        "duplicated": (base + "\n" + base, ["AP-MATCH-1", "AP-CONTEXT-1"]),
        "leading-blank-lines": ("\n\n" + base, ["AP-MATCH-1"]),
        "crlf-no-final-newline": (crlf.rstrip("\r\n"), ["AP-NEWLINE-1"]),
        "nbsp-indent": (base.replace("    ", "\u00a0" * 4), ["AP-MATCH-3", "AP-MATCH-4"]),
        "trailing-tabs": (base.replace("\n", "\t\n"), ["AP-MATCH-2"]),
    }
    patch_variants: dict[str, tuple[str, list[str]]] = {
        "plain": (_BASE, ["AP-MATCH-1"]),
        "patch-crlf": (_BASE.replace("\n", "\r\n"), ["AP-NEWLINE-1", "AP-GRAMMAR-1"]),
        "patch-trailing-newline": (_BASE + "\n", ["AP-GRAMMAR-1"]),
        "patch-trailing-spaces": (
            _BASE.replace('name)"', 'name)"  ').replace("\n", "  \n"),
            ["AP-MATCH-2", "AP-LENIENT-2"],
        ),
        "patch-en-dash-comment": (_BASE.replace('"Hi, "', '"Hi \u2013 "'), ["AP-MATCH-4"]),
        "patch-curly-quotes": (
            _BASE.replace('-    print("Hello, "', f"-    print({_QUOTED}"),
            ["AP-MATCH-4"],
        ),
        "patch-no-anchor": (_BASE.replace("@@ def greet(name):", "@@"), ["AP-GRAMMAR-3"]),
        "patch-eof": (
            envelope(*update("m.py", "@@", " value = 'x'", "+other = 1", "*** End of File")),
            ["AP-EOF-1"],
        ),
        "patch-heredoc": ("<<'EOF'\n" + _BASE + "\nEOF\n", ["AP-LENIENT-1"]),
        "patch-missing-end": (_BASE.removesuffix("\n" + END), ["AP-GRAMMAR-1", "AP-ERROR-1"]),
        "patch-wrong-context": (_BASE.replace("     return name", "     return other"), ["AP-ERROR-2"]),
        "patch-anchor-missing": (
            _BASE.replace("@@ def greet(name):", "@@ def missing():"),
            ["AP-CONTEXT-1", "AP-ERROR-2"],
        ),
    }
    for file_name, (content, file_clauses) in file_variants.items():
        for patch_name, (patch, patch_clauses) in patch_variants.items():
            yield Scenario(
                slug=f"perturb-{file_name}-x-{patch_name}",
                description=f"File variant '{file_name}' meets patch variant '{patch_name}'.",
                clauses=list(dict.fromkeys(file_clauses + patch_clauses)),
                patch=patch,
                files={"m.py": content},
            )


GENERATORS: dict[str, Callable[[], Iterator[Scenario]]] = {
    "heredoc-wrappers": _heredoc_wrappers,
    "marker-whitespace": _marker_whitespace,
    "punctuation-folds": _punctuation_folds,
    "large-inputs": _large_inputs,
    "perturbations": _perturbations,
}


def load_hand_picked(path: Path = HAND_PICKED) -> list[Scenario | Generated]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return TypeAdapter(list[Scenario | Generated]).validate_python(raw)


def generate(path: Path = HAND_PICKED) -> list[Scenario]:
    """The hand-picked scenarios of ``path`` with every generator's output in its place."""
    scenarios: list[Scenario] = []
    placed: list[str] = []
    for entry in load_hand_picked(path):
        if isinstance(entry, Scenario):
            scenarios.append(entry)
        elif entry.generated in GENERATORS:
            placed.append(entry.generated)
            scenarios.extend(GENERATORS[entry.generated]())
        else:
            raise ValueError(f"{path}: unknown generator {entry.generated!r}; known: {sorted(GENERATORS)}")
    if sorted(placed) != sorted(GENERATORS):
        raise ValueError(f"{path}: each generator must be placed once, got {placed}")
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
    # Invisible characters escaped, as every fixture writer writes them (invisible_json).
    out.write_text(escape_invisible(json.dumps(data, indent=1, ensure_ascii=False) + "\n"), encoding="utf-8")
    print(f"wrote {len(data)} scenarios to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
