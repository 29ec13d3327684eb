"""Patches from the release's own Lark grammar: the strategy, its files, and the explorer's share of them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from codex_conformance.areas import discover
from codex_conformance.areas.apply_patch.grammar import (
    GrammarUnavailableError,
    captured_grammar,
    hunks_of,
    in_grammar,
)
from codex_conformance.areas.apply_patch.inputs import GRAMMAR_SHARE
from codex_conformance.editions import EDITIONS as KNOWN_EDITIONS
from codex_conformance.generators import RandomDraw
from codex_conformance.strategies.apply_patch import grammar_patches
from codex_workshop.areas import parts_of
from codex_workshop.explore.run import explorer_inputs

EDITIONS = list(KNOWN_EDITIONS)  # every edition sends a freeform apply_patch grammar to some model


def _sample(edition: str, count: int, seed: str) -> list[dict[str, Any]]:
    draw = RandomDraw(random.Random(seed))
    return [draw.example(grammar_patches(edition)) for _ in range(count)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_drawn_patch_is_a_sentence_of_the_edition_grammar(edition: str) -> None:
    @settings(max_examples=40, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(grammar_patches(edition))
    def sentence(args: dict[str, Any]) -> None:
        assert set(args) == {"edition", "patch", "files"} and args["edition"] == edition
        assert in_grammar(edition, args["patch"]), args["patch"]
        assert all(not name.startswith(("/", "../")) for name in args["files"])

    sentence()


def test_the_grammar_is_the_captured_text_with_its_edition_differences() -> None:
    assert '"+" /(.+)/ LF -> line' in captured_grammar("0.25.0")
    assert '"+" /(.*)/ LF -> line' in captured_grammar("0.169.0")
    empty_added_line = "*** Begin Patch\n*** Add File: a\n+\n*** End Patch"
    assert in_grammar("0.169.0", empty_added_line)
    assert not in_grammar("0.25.0", empty_added_line)
    # What only the lenient parser takes is no sentence (spec/apply_patch.md AP-LENIENT-1).
    assert not in_grammar("0.169.0", f"<<'EOF'\n{empty_added_line}\nEOF\n")


def test_an_edition_without_a_captured_grammar_is_named() -> None:
    with pytest.raises(GrammarUnavailableError, match=r"tools/9\.9\.9/apply-patch-freeform"):
        captured_grammar("9.9.9")


def test_hunks_are_read_in_patch_order_with_their_chunks() -> None:
    patch = (
        "*** Begin Patch\n*** Add File: a\n+\n*** Update File: a\n*** Move to: b\n@@ x\n a\n-\n+c\n"
        "@@\n-q\n*** End of File\n*** Delete File: a\n*** End Patch"
    )
    hunks = hunks_of("0.169.0", patch)
    assert [(hunk.kind, hunk.path, hunk.move_to) for hunk in hunks] == [
        ("add", "a", None),
        ("update", "a", "b"),
        ("delete", "a", None),
    ]
    first, second = hunks[1].chunks
    assert (first.context, first.old, first.end_of_file) == ("x", ["a", ""], False)
    assert (second.context, second.old, second.end_of_file) == (None, ["q"], True)


@pytest.mark.parametrize("edition", ["0.25.0", "0.169.0"])
def test_some_updates_find_their_lines_and_some_do_not(edition: str) -> None:
    held = other = 0
    for args in _sample(edition, 200, "held"):
        for hunk in hunks_of(edition, args["patch"]):
            old = [line for chunk in hunk.chunks for line in chunk.old]
            if hunk.kind != "update" or not old:
                continue
            text = args["files"].get(hunk.path)
            if text is not None and "\n".join(old) in text:
                held += 1
            else:
                other += 1
    assert held >= 5 and other >= 5, (held, other)


def test_random_draw_examples_are_seeded() -> None:
    assert _sample("0.169.0", 60, "s") == _sample("0.169.0", 60, "s")
    assert _sample("0.169.0", 60, "s") != _sample("0.169.0", 60, "t")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_explorer_draws_its_share_from_the_grammar(edition: str) -> None:
    (explorer,) = parts_of(discover()["apply_patch"]).explorers()
    inputs = explorer_inputs(explorer, edition, 200, "share")
    sentences = sum(in_grammar(edition, args["patch"]) for args in inputs)
    # The hand-built inputs are almost never sentences (no final LF, wrappers, misspelt markers).
    assert 200 // GRAMMAR_SHARE // 2 <= sentences <= 200 // 2, sentences
