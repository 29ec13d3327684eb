"""How many sentences of the apply_patch grammar each release refuses, and why (spec/errata.md, E-AP-5).

    python conformance/workshop/benchmarks/grammar_refusals.py [--count 1000] [--seed refusals] \
        [--edition V ...]

A model held to the freeform apply_patch tool's Lark grammar (the release's
own, as captured) may send any sentence of it.  This draws ``--count``
patches per edition from ``strategies.apply_patch.grammar_patches`` (seeded:
the same seed draws the same patches), runs each through the release's
``apply_patch`` and through the reference, and prints how many the release
refused, grouped by the first line of its error with paths and line numbers
blanked, and how many answers the reference got wrong.  Nothing is asserted:
the figures are for people (the erratum quotes the refusal share).
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from codex_conformance.areas.apply_patch.strategies import grammar_patches
from codex_conformance.editions import EDITIONS
from codex_conformance.generators import RandomDraw
from codex_reference.adapter import handle
from codex_workshop.areas.apply_patch.release import apply_patch_apply

_QUOTED = re.compile(r"'[^'\n]*'|`[^`\n]*`|\"[^\"\n]*\"")
_NUMBER = re.compile(r"\d+")
_PATH = re.compile(r"/workspace/[^:\n]*")
# How the releases' parsers begin a refusal; anything else failed when applied.
_PARSE_REFUSAL = "Invalid patch"


def error_kind(stderr: str) -> str:
    """The first line of an error, with what varies from patch to patch blanked."""
    first = stderr.strip().splitlines()[0] if stderr.strip() else "(no message)"
    return _NUMBER.sub("N", _QUOTED.sub("'…'", _PATH.sub("<path>", first)))


def measure(edition: str, count: int, seed: str) -> None:
    draw = RandomDraw(random.Random(f"{seed}:{edition}"))
    inputs = [draw.example(grammar_patches(edition)) for _ in range(count)]

    def release(args: dict[str, Any]) -> dict[str, Any]:
        return apply_patch_apply(edition, args)

    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(pool.map(release, inputs))
    refused: Counter[str] = Counter()
    wrong = 0
    for args, answer in zip(inputs, answers, strict=True):
        if answer.get("exit_code") != 0:
            refused[error_kind(str(answer.get("stderr", "")))] += 1
        modelled = handle({"op": "apply_patch.apply", "args": args})
        if "result" in modelled and modelled["result"] != answer:
            wrong += 1
    parsing = sum(seen for kind, seen in refused.items() if kind.startswith(_PARSE_REFUSAL))
    applying = sum(refused.values()) - parsing
    print(
        f"{edition}: {count} grammar sentences: {parsing} refused by the parser "
        f"({100 * parsing / count:.1f} %), {applying} failed when applied "
        f"({100 * applying / count:.1f} %); reference wrong on {wrong}"
    )
    for kind, seen in refused.most_common():
        print(f"  {seen:5d}  {kind}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", default="refusals")
    parser.add_argument("--edition", action="append", choices=sorted(EDITIONS))
    options = parser.parse_args()
    for edition in options.edition or list(EDITIONS):
        measure(edition, options.count, options.seed)


if __name__ == "__main__":
    main()
