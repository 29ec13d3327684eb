"""The invariants are the releases' rules: each holds on every captured golden of its op and edition.

This is what keeps the invariants honest (truth flows one way, DESIGN.md):
they are checked against the releases' bytes here, and only then used to
judge implementations.  Each invariant must also be able to fail, which
the second test shows on hand-made wrong answers.
"""

from __future__ import annotations

import pytest

from codex_conformance.areas import area_of_op, property_sets
from codex_conformance.cases import Case, ExpectedAnyOf, ExpectedError, ExpectedResult, load_cases
from codex_conformance.editions import version_key
from codex_conformance.paths import fixtures_dir
from codex_conformance.properties import PropertySet
from codex_conformance.protocol import ErrorBody, ErrorResponse, ResultResponse

PROPERTY_SETS = property_sets()

GROUPS = {(group.op, group.edition): group for group in PROPERTY_SETS}


def captured_cases() -> list[Case]:
    return [
        case
        for case in load_cases(fixtures_dir())
        if (case.op, case.edition) in GROUPS and case.provenance.kind == "captured"
    ]


def answers(case: Case) -> list[ResultResponse | ErrorResponse]:
    """Every answer the release gave: one, or each alternative of an ``any_of``."""
    expected = case.expected
    if isinstance(expected, ExpectedAnyOf):
        return [ResultResponse(result=alternative.result) for alternative in expected.any_of]
    if isinstance(expected, ExpectedResult):
        return [ResultResponse(result=expected.result)]
    assert isinstance(expected, ExpectedError)
    return [ErrorResponse(error=ErrorBody(kind=expected.error["kind"], message=""))]


@pytest.mark.parametrize("case", captured_cases(), ids=lambda case: case.id)
def test_every_invariant_holds_on_the_release_bytes(case: Case) -> None:
    group: PropertySet = GROUPS[(case.op, case.edition)]
    for answer in answers(case):
        for invariant in group.invariants:
            violation = invariant.check(dict(case.args), answer)
            assert violation is None, f"{invariant.name} ({', '.join(invariant.clauses)}): {violation}"


def test_there_are_captured_cases_for_every_group() -> None:
    covered = {(case.op, case.edition) for case in captured_cases()}
    assert covered == set(GROUPS)


TOOL = {"type": "function", "name": "", "description": "", "strict": False, "parameters": {}}
SERVERS = [{"name": "s", "tools": [{"name": "t" * 61, "inputSchema": {"type": "object"}}]}]


def classic(*names: str) -> ResultResponse:
    return ResultResponse(result={"tools": [{**TOOL, "name": name} for name in names]})


def current(namespace: str, *names: str) -> ResultResponse:
    extras = [{**TOOL, "name": name} for name in GROUPS_EXTRAS]
    inner = [{**TOOL, "name": name} for name in names]
    entry = {"type": "namespace", "name": namespace, "description": f"Tools in the {namespace} namespace."}
    return ResultResponse(result={"tools": [*extras, {**entry, "tools": inner}]})


GROUPS_EXTRAS = ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"]
WrongAnswer = tuple[str, str, str, ResultResponse | ErrorResponse]
WRONG: list[WrongAnswer] = [
    ("mcp.tools_to_responses", "0.25.0", "name-length", classic("s__" + "t" * 62)),
    ("mcp.tools_to_responses", "0.25.0", "name-unique", classic("s__a", "s__a")),
    ("mcp.tools_to_responses", "0.25.0", "name-characters", classic("s__tool_renamed")),
    ("mcp.tools_to_responses", "0.25.0", "order", classic("s__b", "s__a")),
    ("mcp.tools_to_responses", "0.25.0", "shape", ErrorResponse(error=ErrorBody(kind="oops", message=""))),
    ("mcp.tools_to_responses", "0.94.0", "name-length", classic("mcp__s__" + "t" * 57)),
    ("mcp.tools_to_responses", "0.94.0", "name-unique", classic("mcp__s__a", "mcp__s__a")),
    ("mcp.tools_to_responses", "0.94.0", "name-characters", classic("mcp__s__a.b")),
    ("mcp.tools_to_responses", "0.94.0", "order", classic("mcp__s__b", "mcp__s__a")),
    (
        "mcp.tools_to_responses",
        "0.94.0",
        "shape",
        ErrorResponse(error=ErrorBody(kind="release-crash", message="")),
    ),
    ("mcp.tools_to_responses", "0.169.0", "name-length", current("mcp__s", "t" * 122)),
    ("mcp.tools_to_responses", "0.169.0", "name-unique", current("mcp__s", "a", "a")),
    ("mcp.tools_to_responses", "0.169.0", "name-characters", current("mcp__s", "a.b")),
    ("mcp.tools_to_responses", "0.169.0", "order", current("mcp__s", "b", "a")),
    ("mcp.tools_to_responses", "0.169.0", "shape", current("mcp__s", "a").model_copy(update={"result": {}})),
    ("schema.sanitize", "0.25.0", "number-types", ResultResponse(result={"schema": {"type": "integer"}})),
    (
        "schema.sanitize",
        "0.25.0",
        "keywords",
        ResultResponse(result={"schema": {"type": "string", "enum": []}}),
    ),
    ("schema.sanitize", "0.25.0", "shape", ErrorResponse(error=ErrorBody(kind="invalid-args", message=""))),
    ("schema.sanitize", "0.94.0", "number-types", ResultResponse(result={"schema": {"type": "integer"}})),
    (
        "schema.sanitize",
        "0.94.0",
        "keywords",
        ResultResponse(result={"schema": {"type": "object", "additionalProperties": 1}}),
    ),
    ("schema.sanitize", "0.94.0", "shape", ErrorResponse(error=ErrorBody(kind="invalid-args", message=""))),
    (
        "schema.sanitize",
        "0.169.0",
        "keywords",
        ResultResponse(result={"schema": {"type": "string", "$ref": "#"}}),
    ),
    ("schema.sanitize", "0.169.0", "types", ResultResponse(result={"schema": {"type": ["string"]}})),
    ("schema.sanitize", "0.169.0", "shape", ResultResponse(result={"schema": {}, "extra": 1})),
    *[
        (
            "apply_patch.apply",
            edition,
            "shape",
            ResultResponse(result={"exit_code": 0, "stdout": "", "stderr": "x\n", "files": {}}),
        )
        for edition in ("0.25.0", "0.94.0", "0.169.0")
    ],
    *[
        (
            "apply_patch.apply",
            edition,
            "parse-error-changes-nothing",
            ResultResponse(
                result={"exit_code": 1, "stdout": "", "stderr": "Invalid patch: x\n", "files": {"new": ""}}
            ),
        )
        for edition in ("0.25.0", "0.94.0", "0.169.0")
    ],
]


def inherited_wrong_answers(own: list[WrongAnswer]) -> list[WrongAnswer]:
    """Wrong answers for the property sets that have none of their own: those of the nearest
    earlier edition of the op that has some (0.171.0's mcp, schema and apply_patch sets are
    0.169.0's invariants, its captures having changed nothing: the same wrong answers break them)."""
    covered = {(op, edition) for op, edition, _, _ in own}
    inherited: list[WrongAnswer] = []
    for group in PROPERTY_SETS:
        if (group.op, group.edition) in covered:
            continue
        earlier = [e for o, e in covered if o == group.op and version_key(e) < version_key(group.edition)]
        nearest = max(earlier, key=version_key)
        inherited += [
            (op, group.edition, name, wrong) for op, e, name, wrong in own if (op, e) == (group.op, nearest)
        ]
    return inherited


WRONG += inherited_wrong_answers(WRONG)


@pytest.mark.parametrize(
    ("op", "edition", "name", "wrong"), WRONG, ids=[f"{w[1]}-{w[0]}-{w[2]}" for w in WRONG]
)
def test_each_invariant_can_fail(
    op: str, edition: str, name: str, wrong: ResultResponse | ErrorResponse
) -> None:
    (invariant,) = [inv for inv in GROUPS[(op, edition)].invariants if inv.name == name]
    args = (
        {"edition": edition, "servers": SERVERS}
        if op.startswith("mcp")
        else {"edition": edition, "patch": "", "files": {}}
        if op.startswith("apply_patch")
        else {"edition": edition, "schema": {}}
    )
    assert invariant.check(args, wrong) is not None


def test_every_invariant_has_a_failing_example() -> None:
    named = {(op, edition, name) for op, edition, name, _ in WRONG}
    assert named == {(g.op, g.edition, inv.name) for g in PROPERTY_SETS for inv in g.invariants}


def editions_without_properties(sets: tuple[PropertySet, ...]) -> list[tuple[str, str]]:
    """(op, edition) of every edition an op exists in where it has no property set, though it
    has some in another edition."""
    missing = []
    for op in sorted({group.op for group in sets}):
        area = area_of_op(op)
        covered = {group.edition for group in sets if group.op == op}
        missing += [
            (op, version) for version in area.editions if area.op_in(op, version) and version not in covered
        ]
    return missing


def test_every_edition_of_an_op_with_properties_has_them() -> None:
    assert editions_without_properties(PROPERTY_SETS) == []


def test_an_edition_left_without_properties_is_reported() -> None:
    without = tuple(
        group for group in PROPERTY_SETS if (group.op, group.edition) != ("schema.sanitize", "0.94.0")
    )
    assert editions_without_properties(without) == [("schema.sanitize", "0.94.0")]
