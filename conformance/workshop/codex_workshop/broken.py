"""Deliberately broken adapters: the reference model with one rule changed.

Each area's ``broken.py`` holds its ``BROKEN`` adapters as one table: a row
names the adapter, the spec clause whose cases must catch it, what it gets
wrong and the reference changed so.  The reference keeps editions as data, so
replacing one entry of one edition's table (``with_rules``,
``with_rules_from``; ``replaces`` where the entry is a function of the area's
own) is a realistic bug; a port that gets one op's results wrong is the
reference with a small named function applied to them (``rewrites``).  A row
made of a named function says what is wrong in the function's docstring.
``conformance/workshop/tests/test_broken_adapters.py`` runs every one through
the real runner and requires a ``fail`` (or, for one that declines inputs, an
``unsupported`` outcome: it fails the run as well) naming that clause.  They
ship with the kit as worked examples of what the suite catches.

Most changes are a value: a rule's text, a flag, a limit, or a field taken
from another edition.  Those rows are data, in ``broken.json`` beside the
area's ``broken.py`` (``area_adapters`` reads it), and only the adapters whose
change needs code are written in Python.  Written as Python, the value rows
were one shape repeated some seventy times across the areas; as data, each
value is checked against the type the rules declare for its field, so a
mistyped edition, field or value is an error naming the file, the adapter and
the field rather than an adapter that breaks something else.  The file is
JSON, as the workshop's other hand-written data (``hand_picked.json``, the
fixtures' ``_scenarios.json``), and because a rule may be set to null, which
TOML cannot write.  It lists every adapter of the area in order, so the order
of ``BROKEN`` is the file's: one that ``broken.py`` makes is placed by its
name with the value ``"broken.py"``.  A data row::

    "0.94.0-reads-no-rules": {
        "clause": "APPROVAL-POLICY-4",
        "why": "0.94.0 without its exec policy: allowed commands ask, forbidden ones ask",
        "edition": "0.94.0",
        "rules": "approvals",
        "set": {"reads_exec_policy": false}
    }

``rules`` names the edition's rules (``approvals``, ``chat``, ...; without it
the fields are the edition's own); ``set`` gives fields new values, or
``from`` takes each field from the edition it names (``{"retry_wanted":
"0.25.0"}``): one of the two.  A JSON array is read as the tuple or frozenset
the field declares.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from codex_reference import editions
from codex_reference.adapter import Handler, handle, make_handler
from codex_reference.editions import Edition


@dataclass(frozen=True)
class BrokenAdapter:
    name: str
    clause: str  # the clause whose cases must fail
    why: str
    handle: Handler


# One row of an area's table, under the adapter's name: (the clause whose cases
# must fail, what the port gets wrong, the reference changed so).
Row = tuple[str, str, Handler]


def adapters(table: Mapping[str, Row]) -> tuple[BrokenAdapter, ...]:
    """An area's ``BROKEN``: one adapter a row of ``table``, named by the row's key."""
    return tuple(BrokenAdapter(name, clause, why, handle) for name, (clause, why, handle) in table.items())


def with_edition(edition: Edition, **changes: Any) -> Handler:
    """The reference with fields of one edition's table replaced."""
    table = dict(editions.EDITIONS)
    table[edition.version] = replace(edition, **changes)
    return make_handler(table)


# Changes one result of the reference in place: (result, args) -> None.
ResultChange = Callable[[dict[str, Any], dict[str, Any]], None]


def rewriting(op: str, change: ResultChange) -> Handler:
    """The reference, with ``change`` applied to each result it gives for ``op``."""

    def broken(request: Any) -> dict[str, Any]:
        response = handle(request)
        result = response.get("result")
        if isinstance(request, dict) and request.get("op") == op and isinstance(result, dict):
            args = request.get("args")
            change(result, args if isinstance(args, dict) else {})
        return response

    return broken


def _first_line_of_doc(function: Callable[..., Any]) -> str:
    """What a row's named function does, as its docstring's first line says: the row's ``why``."""
    if not (function.__doc__ or "").strip():
        raise ValueError(f"{function.__name__} says in no docstring what the port gets wrong")
    return str(function.__doc__).strip().splitlines()[0]


def rewrites(clause: str, op: str, change: ResultChange) -> Row:
    """The row of a port that gets ``op``'s results wrong as ``change`` does (its docstring says how)."""
    return clause, _first_line_of_doc(change), rewriting(op, change)


def replaces(clause: str, edition: Edition, part: str, **rule: Callable[..., Any]) -> Row:
    """The row of a port whose ``edition`` has one ``part`` rule that is a function of the area's own,
    ``replaces(..., "skills", measure=_raw_len)`` (its docstring says what is wrong)."""
    if len(rule) != 1:
        raise ValueError(f"a replacing row changes one rule, not {', '.join(rule) or 'none'}")
    (function,) = rule.values()
    return clause, _first_line_of_doc(function), with_rules(edition, part, **rule)


# Which requests of an op a declining adapter answers ``unsupported``: args -> bool.
Declines = Callable[[dict[str, Any]], bool]


def declining(op: str, picks: Declines, reason: str) -> Handler:
    """The reference, answering ``unsupported`` (with ``reason``) to the ``op`` requests ``picks`` chooses.

    The op stays declared in hello: this is the port (or the mutant of the
    reference) that skips what it gets wrong, which the runner must count
    against it rather than as "not applicable".
    """

    def broken(request: Any) -> dict[str, Any]:
        if isinstance(request, dict) and request.get("op") == op:
            args = request.get("args")
            if picks(args if isinstance(args, dict) else {}):
                return {"unsupported": reason}
        return handle(request)

    return broken


def declines(clause: str, op: str, picks: Declines) -> Row:
    """The row of a port that answers ``unsupported`` to the ``op`` requests ``picks`` chooses.

    ``picks``'s docstring says which, and is the row's ``why`` and the unsupported reason.
    """
    what = _first_line_of_doc(picks)
    return clause, f"declares {op} but declines {what}", declining(op, picks, what)


def with_rules(edition: Edition, part: str, **changes: Any) -> Handler:
    """The reference with fields of one edition's ``part`` rules (``chat``, ``sse``, ...) replaced."""
    rules = getattr(edition, part)
    if rules is None:
        raise ValueError(f"edition {edition.version} has no {part} rules")
    return with_edition(edition, **{part: replace(rules, **changes)})


def with_rules_from(edition: Edition, part: str, **fields: Edition) -> Handler:
    """The reference with each of ``fields`` of ``edition``'s ``part`` rules taken from the edition
    it names (``retry_wanted=V0_25_0``): a port of one release written from another release's rules."""
    taken = {field: getattr(getattr(other, part), field) for field, other in fields.items()}
    return with_rules(edition, part, **taken)


__all__ = [
    "DATA_FILE",
    "IN_CODE",
    "BrokenAdapter",
    "Declines",
    "ResultChange",
    "Row",
    "adapters",
    "area_adapters",
    "declines",
    "declining",
    "measured_again",
    "measures_own_time",
    "replaces",
    "rewrites",
    "rewriting",
    "with_edition",
    "with_rules",
    "with_rules_from",
]


# The seconds of a measured wall time as the outputs print them: "Wall time: 0.1 seconds",
# "Wall time: 0.0012 seconds", '"duration_seconds":0.0'.
_MEASURED_SECONDS = re.compile(r'(Wall time: |"duration_seconds":)([0-9]+)')


def measured_again(text: str) -> str:
    """``text`` with its first wall time one second longer: what a port prints that measures
    its own time instead of printing the one the case's args give (the form stays right)."""
    return _MEASURED_SECONDS.sub(lambda found: f"{found.group(1)}{int(found.group(2)) + 1}", text, count=1)


def measures_own_time(clause: str, op: str, field: str = "output") -> Row:
    """The row of a port whose ``op`` prints, in ``result[field]``, the wall time it measured itself."""

    def measured(result: dict[str, Any], _args: dict[str, Any]) -> None:
        value = result.get(field)
        if isinstance(value, str):
            result[field] = measured_again(value)

    why = "prints the wall time it measured, not the duration_seconds the args give"
    return clause, why, rewriting(op, measured)


# The file beside an area's broken.py holding its adapters' order and its plain-data rows.
DATA_FILE = "broken.json"
# A data file's value for an adapter that broken.py makes (its change needs code).
IN_CODE = "broken.py"
# The keys a data row may have (the module docstring says what each holds).
_ROW_KEYS = ("clause", "why", "edition", "rules", "set", "from")


def area_adapters(module_file: str, in_code: Mapping[str, Row] | None = None) -> tuple[BrokenAdapter, ...]:
    """An area's ``BROKEN``: the rows of the ``broken.json`` beside ``module_file`` (its ``broken.py``),
    in the file's order, where a row written ``"broken.py"`` is the one of that name in ``in_code``."""
    path = Path(module_file).with_name(DATA_FILE)
    made = dict(in_code or {})
    listed = _read_json(path)
    if not isinstance(listed, dict):
        raise ValueError(f"{path}: holds an object of adapters by name, not {type(listed).__name__}")
    table: dict[str, Row] = {}
    for name, row in listed.items():
        if row == IN_CODE:
            if name not in made:
                raise ValueError(f"{path}: adapter {name!r} is {IN_CODE!r}, but broken.py makes no row of it")
            table[name] = made.pop(name)
        else:
            table[name] = _data_row(path, name, row)
    if made:
        # An adapter the file does not place would silently drop out of BROKEN.
        raise ValueError(
            f"{path}: broken.py makes {', '.join(map(repr, made))}, which the file does not place "
            f'(write "NAME": "{IN_CODE}" where it goes)'
        )
    return adapters(table)


def _read_json(path: Path) -> Any:
    def refusing_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        # json.loads keeps the last of two equal keys: an adapter or field written twice would vanish.
        keys = [key for key, _ in pairs]
        twice = sorted({key for key in keys if keys.count(key) > 1})
        if twice:
            raise ValueError(f"{path}: {', '.join(map(repr, twice))} written twice in one object")
        return dict(pairs)

    try:
        return json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=refusing_twice)
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON: {error}") from None


def _data_row(path: Path, name: str, row: Any) -> Row:
    """The row of one adapter written as data (module docstring)."""

    def wrong(what: str) -> ValueError:
        return ValueError(f"{path}: adapter {name!r}: {what}")

    if not isinstance(row, dict):
        raise wrong(f'a row is an object, or "{IN_CODE}" for an adapter broken.py makes')
    unknown = [key for key in row if key not in _ROW_KEYS]
    if unknown:
        raise wrong(f"unknown key {', '.join(map(repr, unknown))}; a row has {', '.join(_ROW_KEYS)}")
    clause, why = (_text(row, key, wrong) for key in ("clause", "why"))
    edition = _edition(row.get("edition"), "edition", wrong)
    part = row.get("rules")
    if part is not None:
        _rules_of(edition, part, wrong)  # refused here rather than as with_rules' error, naming no file
    changes = [key for key in ("set", "from") if key in row]
    if len(changes) != 1 or not isinstance(row[changes[0]], dict) or not row[changes[0]]:
        raise wrong(
            'changes its fields by one of "set" (new values) or "from" (the editions to take them from)'
        )
    fields: dict[str, Any] = row[changes[0]]
    if changes == ["set"]:
        values = {field: _value(edition, part, field, value, wrong) for field, value in fields.items()}
    else:
        values = {field: _taken(edition, part, field, version, wrong) for field, version in fields.items()}
    if part is None:
        return clause, why, with_edition(edition, **values)
    return clause, why, with_rules(edition, part, **values)


# Makes the error naming the file and the adapter, with what is wrong.
_Complaint = Callable[[str], ValueError]


def _text(row: dict[str, Any], key: str, wrong: _Complaint) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not value.strip():
        raise wrong(f"no {key} (a non-empty text)")
    return value


def _edition(version: Any, where: str, wrong: _Complaint) -> Edition:
    if not isinstance(version, str) or version not in editions.EDITIONS:
        raise wrong(f"{where}: unknown edition {version!r}; known: {', '.join(editions.EDITIONS)}")
    return editions.EDITIONS[version]


def _rules_of(edition: Edition, part: Any, wrong: _Complaint) -> Any:
    """``edition``'s rules named ``part`` (``approvals``, ...), or the edition itself for None."""
    if part is None:
        return edition
    kinds = [field.name for field in dataclasses.fields(edition) if _is_rules(getattr(edition, field.name))]
    if part not in {field.name for field in dataclasses.fields(edition)}:
        raise wrong(f"rules: an edition has no rules {part!r}; it has {', '.join(sorted(kinds))}")
    rules = getattr(edition, part)
    if not _is_rules(rules):
        raise wrong(f"rules: edition {edition.version} has no {part} rules")
    return rules


def _is_rules(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)


def _declared_type(owner: Any, field: str, wrong: _Complaint) -> Any:
    declared = get_type_hints(type(owner))
    if field not in {each.name for each in dataclasses.fields(owner)}:
        whose = type(owner).__name__
        raise wrong(f"field {field!r}: {whose} has no such field; it has {', '.join(sorted(declared))}")
    return declared[field]


def _value(edition: Edition, part: str | None, field: str, value: Any, wrong: _Complaint) -> Any:
    declared = _declared_type(_rules_of(edition, part, wrong), field, wrong)
    read = _as_declared(declared, value)
    if read is _NOT_THAT:
        raise wrong(f"field {field!r}: {json.dumps(value)} is no {_type_text(declared)}")
    return read


def _taken(edition: Edition, part: str | None, field: str, version: Any, wrong: _Complaint) -> Any:
    """Field ``field`` of the rules of the edition ``version`` names (``from``)."""
    _declared_type(_rules_of(edition, part, wrong), field, wrong)
    other = _edition(version, f"field {field!r}", wrong)
    return getattr(_rules_of(other, part, wrong), field)


# What _as_declared answers for a JSON value that is not of the declared type.
_NOT_THAT: Any = object()


def _as_declared(declared: Any, value: Any) -> Any:
    """``value``, read from JSON, as the ``declared`` type (an array as a tuple or frozenset), or _NOT_THAT.

    Only the types a rule's value is written in are read: text, numbers, flags,
    None, literals, and tuples, frozensets and dicts of them.  A field of any
    other type (a function, a pattern) takes its value in broken.py.
    """
    origin, args = get_origin(declared), get_args(declared)
    if declared in (str, int, float, bool, type(None)):
        return _as_scalar(declared, value)
    if origin in (Union, types.UnionType):
        for choice in args:
            read = _as_declared(choice, value)
            if read is not _NOT_THAT:
                return read
        return _NOT_THAT
    if origin is Literal:
        return value if any(type(value) is type(arg) and value == arg for arg in args) else _NOT_THAT
    if origin in (tuple, frozenset) and isinstance(value, list):
        if origin is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            return _NOT_THAT  # a fixed-length tuple: no rule's value is written so
        items = [_as_declared(args[0], item) for item in value]
        return _NOT_THAT if any(item is _NOT_THAT for item in items) else origin(items)
    if origin is dict and isinstance(value, dict):
        pairs = [(_as_declared(args[0], key), _as_declared(args[1], item)) for key, item in value.items()]
        unread = any(key is _NOT_THAT or item is _NOT_THAT for key, item in pairs)
        return _NOT_THAT if unread else dict(pairs)
    return _NOT_THAT


def _as_scalar(declared: type, value: Any) -> Any:
    # bool is an int to Python, never to a rule: true is no limit, 1 is no flag.
    if declared is float and type(value) in (int, float):
        return float(value)
    return value if type(value) is declared else _NOT_THAT


def _type_text(declared: Any) -> str:
    return declared.__name__ if isinstance(declared, type) else str(declared).replace("typing.", "")
