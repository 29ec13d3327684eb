"""The Lark grammar a release gives models for ``apply_patch``, as a parser the kit generates from.

A release sends ``apply_patch`` to some models as a freeform tool whose
``format`` is a Lark grammar (spec/tools.md, TOOLS-AP-1).  A model held to it
may emit any sentence of it, so every sentence is an input the release's
applier must cope with: ``strategies.grammar_patches`` draws them with
``hypothesis.extra.lark.from_lark``, and the explorer sends a share of them
through the release (spec/apply_patch.md, AP-GRAMMAR-1).

The grammar text is the release's own: read from the captured case
``tools/<edition>/apply-patch-freeform`` (its ``format.definition``), never
from the reference model.  One rewrite makes it loadable: Lark refuses
zero-width regexps, and 0.169.0's empty-able lines are written ``/(.*)/``;
``[/(.+)/]`` (the same language) takes its place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from codex_conformance.cases import read_json
from codex_conformance.paths import fixtures_dir

__all__ = ["Chunk", "Hunk", "captured_grammar", "grammar_parser", "hunks_of", "in_grammar", "text_terminals"]

# The regexp every free text of the grammar (paths, lines, context) uses.
TEXT_PATTERN = "(.+)"


class GrammarUnavailableError(LookupError):
    """The fixtures hold no captured freeform apply_patch tool for this edition."""


def captured_grammar(edition: str) -> str:
    """``format.definition`` of the freeform apply_patch tool ``edition`` sends, as captured."""
    case_id = f"tools/{edition}/apply-patch-freeform"
    path = fixtures_dir() / "tools" / f"captured-{edition}.json"
    cases: list[dict[str, Any]] = read_json(path)["cases"] if path.is_file() else []
    for case in cases:
        if case.get("id") == case_id:
            definition: str = case["expected"]["result"]["tool"]["format"]["definition"]
            return definition
    raise GrammarUnavailableError(f"no captured case {case_id} in {path}: the edition's grammar is unknown")


@cache
def grammar_parser(edition: str) -> Lark:
    """An Earley parser of the edition's grammar that keeps every token (a line's ``+``/``-``/`` ``)."""
    # Earley with the dynamic lexer reads the overlapping terminals (a path
    # and the markers are all `.+`) by the whole line, as a constrained sampler does.
    text = captured_grammar(edition).replace("/(.*)/", "[/(.+)/]")
    return Lark(text, parser="earley", lexer="dynamic", keep_all_tokens=True)


def text_terminals(edition: str) -> list[str]:
    """The names Lark gave the grammar's free-text terminal (for ``from_lark``'s ``explicit=``)."""
    terminals = grammar_parser(edition).terminals
    return [terminal.name for terminal in terminals if terminal.pattern.value == TEXT_PATTERN]


def in_grammar(edition: str, patch: str) -> bool:
    """Whether ``patch`` is a sentence of the edition's grammar (something a constrained model may send)."""
    try:
        grammar_parser(edition).parse(patch)
    except LarkError:
        return False
    return True


@dataclass
class Chunk:
    context: str | None = None  # the text after `@@ `
    old: list[str] = field(default_factory=list)  # context and removed lines, in order
    end_of_file: bool = False


@dataclass
class Hunk:
    kind: str  # "add", "delete" or "update"
    path: str
    move_to: str | None = None
    chunks: list[Chunk] = field(default_factory=list)


def _texts(tree: Tree[Token]) -> list[str]:
    return [str(child) for child in tree.children if isinstance(child, Token) and child.type != "LF"]


def _free_text(tree: Tree[Token], edition: str) -> str:
    names = text_terminals(edition)
    found = [str(child) for child in tree.children if isinstance(child, Token) and child.type in names]
    return found[0] if found else ""


def _chunks(change: Tree[Token], edition: str) -> list[Chunk]:
    chunks: list[Chunk] = []
    for item in change.children:
        if not isinstance(item, Tree):
            continue
        if item.data == "change_context":
            chunks.append(Chunk(context=_free_text(item, edition) if _texts(item)[0] == "@@ " else None))
            continue
        if not chunks:
            chunks.append(Chunk())
        if item.data == "eof_line":
            chunks[-1].end_of_file = True
        elif _texts(item)[0] in (" ", "-"):  # a change_line that the file must hold
            chunks[-1].old.append(_free_text(item, edition))
    return chunks


def hunks_of(edition: str, patch: str) -> list[Hunk]:
    """The hunks of ``patch`` as the grammar reads them (a ``LarkError`` if it is no sentence)."""
    hunks: list[Hunk] = []
    tree = grammar_parser(edition).parse(patch)
    for hunk_node in tree.children:  # start: begin_patch hunk* end_patch, in the patch's order
        if not isinstance(hunk_node, Tree) or hunk_node.data != "hunk":
            continue
        node = next(child for child in hunk_node.children if isinstance(child, Tree))
        parts = [child for child in node.children if isinstance(child, Tree)]
        hunk = Hunk(str(node.data).removesuffix("_hunk"), _free_text(parts[0], edition))
        for part in parts[1:]:
            if part.data == "change_move":
                hunk.move_to = _free_text(next(p for p in part.children if isinstance(p, Tree)), edition)
            elif part.data == "change":
                hunk.chunks = _chunks(part, edition)
        hunks.append(hunk)
    return hunks
