"""Properties of ``apply_patch.apply`` (spec/apply_patch.md), per edition.

The differential compares an implementation with the reference on patches
generated from the files they meet (areas/apply_patch/strategies.py); the
invariants hold for every release and are checked on every captured case by
``conformance/tests/test_properties_against_fixtures.py``.
"""

from __future__ import annotations

from codex_conformance.areas.apply_patch.inputs import explored_apply_patch_args
from codex_conformance.areas.apply_patch.strategies import apply_patch_args
from codex_conformance.editions import V0_25_0, V0_94_0, V0_169_0, V0_171_0
from codex_conformance.properties import EXPLORED, Answer, Args, Invariant, PropertySet, Violation
from codex_conformance.protocol import ErrorResponse

OP = "apply_patch.apply"
SUCCESS = "Success. Updated the following files:\n"


def shape(args: Args, answer: Answer) -> Violation | None:
    """Four keys in order; success on stdout with exit 0, one error line on stderr with exit 1."""
    if isinstance(answer, ErrorResponse):
        return Violation(f"apply_patch always answers a result, got the error {answer.error.kind!r}")
    result = answer.result
    if list(result) != ["exit_code", "stdout", "stderr", "files"]:
        return Violation(f"result keys {list(result)} != ['exit_code', 'stdout', 'stderr', 'files']")
    if result["exit_code"] == 0:
        if not result["stdout"].startswith(SUCCESS) or result["stderr"]:
            return Violation("exit code 0 without the success text on stdout and an empty stderr")
        listed = result["stdout"][len(SUCCESS) :].splitlines()
        letters = [line[:2] for line in listed]
        if letters != sorted(letters, key=["A ", "M ", "D "].index):
            return Violation(f"summary lines not grouped A, M, D: {letters}")
    elif result["exit_code"] == 1 and (result["stdout"] or not result["stderr"].endswith("\n")):
        return Violation("exit code 1 with output on stdout or no line on stderr")
    if list(result["files"]) != sorted(result["files"]):
        return Violation("files are not sorted by path")
    return None


def parse_error_changes_nothing(args: Args, answer: Answer) -> Violation | None:
    """A patch that does not parse leaves every file as it was (AP-ERROR-1)."""
    if isinstance(answer, ErrorResponse) or not str(answer.result.get("stderr", "")).startswith(
        "Invalid patch"
    ):
        return None
    before = dict(sorted((args.get("files") or {}).items()))
    if answer.result["files"] != before:
        return Violation("a parse error changed the files")
    return None


INVARIANTS = (
    # The printed texts and the key order: bytes.
    Invariant("shape", ("AP-OUTPUT-1", "AP-ERROR-1", "AP-ERROR-2"), shape, level="bytes"),
    Invariant("parse-error-changes-nothing", ("AP-ERROR-1",), parse_error_changes_nothing),
)


# 0.171.0 applies patches as 0.169.0 does (its captures: no expected value changed).
EDITIONS = (V0_25_0.version, V0_94_0.version, V0_169_0.version, V0_171_0.version)
PROPERTY_SETS = (
    *(PropertySet(OP, edition, apply_patch_args(edition), INVARIANTS) for edition in EDITIONS),
    # The explorer's patches, aimed at structure (chunk order, End of File anywhere, line ends).
    *(
        PropertySet(OP, edition, explored_apply_patch_args(edition), INVARIANTS, EXPLORED)
        for edition in EDITIONS
    ),
)
