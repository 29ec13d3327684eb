"""Where the reference model can be mutated, and the mutated code: the AST half of mutate_reference.py.

A *site* is one small plausible change to one module of ``codex_reference``:

- ``cmp``: ``==``/``!=``, ``<``/``<=``, ``>``/``>=`` swapped;
- ``bool``: ``and``/``or`` swapped, ``True``/``False`` swapped; ``not``: a ``not`` dropped;
- ``int``: an integer constant one more or one less (not ``b"x"[0]`` as ``b"x"[-1]``, the
  same item); ``slice``: a computed slice bound
  one more or one less (a constant bound is already an ``int`` site);
- ``drop``: a statement replaced by ``pass``;
- ``str``: a string or bytes constant changed (``X`` added at both ends; an empty one becomes ``X``).

Nothing is written to disk: ``mutated_code`` compiles the mutated tree
itself, so tracebacks keep the module's real line numbers and the source
never goes through ``ast.unparse`` (which is only used to show the change).

Code that never runs, or runs but cannot matter, is not a site: docstrings,
annotations (the reference imports ``annotations`` from ``__future__``),
``Literal[...]`` and ``cast(...)`` type arguments, ``__all__`` and
``__version__``, ``if TYPE_CHECKING:`` blocks, and dropping an import, a
``def``/``class``, a ``pass`` or an ``assert`` (which only narrow types for
mypy), or a function's last statement when it is ``return None``.  Nor
are these, which no answer can show:

- the message of a raised ``ReferenceError_`` (``InvalidArgs``,
  ``SchemaRejected``, ... : every subclass the reference declares, found in
  its source): each becomes an error answer, and cases compare an error by
  its kind, never its message (spec/adapter-protocol.md); the same for the
  arguments of a raise of a module's *error factory* (a function whose every
  ``return`` is such an error, e.g. ``raise _wrong(where, "an object", value)``),
  which only make the message;
- ``frozen=`` and ``slots=`` of ``@dataclass(...)`` (mypy strict rejects an
  assignment to a frozen field, so no code of the reference makes one) and
  ``maxsize=`` of ``@lru_cache(...)`` (speed only).
"""

from __future__ import annotations

import ast
import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import CodeType
from typing import TypeVar

_Node = TypeVar("_Node", bound=ast.AST)

_SWAPPED_COMPARISONS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
}
_SYMBOLS: dict[type[ast.cmpop], str] = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
}
_UNDROPPABLE: tuple[type[ast.stmt], ...] = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)
_UNDROPPABLE += (ast.AsyncFunctionDef, ast.Pass, ast.Assert, ast.Global, ast.Nonlocal)
_TYPE_ONLY_CALLS = frozenset({"cast", "TypeVar", "NewType"})
# The base of the errors the adapter answers as {"error": {"kind", "message"}}:
# a case compares the kind only.  Its subclasses are read from the reference.
_ERROR_ANSWERED_BY_KIND = "ReferenceError_"
# Of those, the ones no release behaviour raises: refusals of the args themselves.
_ARGS_REFUSED = ("InvalidArgs", "UnknownEdition")
# Keyword arguments of decorators no answer can show (module docstring).
_UNSEEN_KEYWORDS = {"dataclass": frozenset({"frozen", "slots"}), "lru_cache": frozenset({"maxsize"})}
_SHOWN = 40  # characters of a replacement kept in a mutant's id


@dataclass(frozen=True)
class Site:
    """One mutation of one module; ``index`` is the node's place in ``ast.walk`` order."""

    module: str  # path under codex_reference, e.g. "safety/rules.py"
    index: int
    operator: str
    variant: int  # which of the operator's changes (e.g. +1 or -1), see _mutate
    line: int
    col: int
    end_line: int
    end_col: int
    replacement: str  # the changed code, for the id and the report
    at_import: bool  # runs when the module is imported rather than when one of its functions is called
    # Drops an ``if`` whose whole body raises NotModelled (or changes a key
    # given as ``declined=``, see _declined_names): the mutant then models
    # inputs the reference answers unsupported, which no case holds, and
    # nothing else.  (A changed test could also widen the guard, over inputs
    # the reference does model: such a mutant stays a survivor.)
    guards_not_modelled: bool = False
    # Drops a ``raise InvalidArgs(...)`` / ``raise UnknownEdition(...)``, or an
    # ``if`` whose whole body is one: only args no release can be given (the
    # adapter protocol's invalid-args) are then answered otherwise.
    guards_invalid_args: bool = False

    @property
    def id(self) -> str:
        """Module, line, column, operator, change: stable while the text above the site does not move."""
        return f"{self.module}:{self.line}:{self.col}:{self.operator}:{self.replacement}"


def module_name(module: str) -> str:
    """``safety/rules.py`` -> ``codex_reference.safety.rules``; a package's ``__init__`` is the package."""
    parts = ["codex_reference", *Path(module).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sites(root: Path, module: str) -> list[Site]:
    """Every site of ``root / module``, in source order."""
    tree = ast.parse((root / module).read_text(encoding="utf-8"))
    answered = answered_by_kind(root)
    skipped = _not_run(tree, answered | _factories(tree, answered))
    at_import = _import_time_nodes(tree)
    guards = _guards(tree, "NotModelled") | _declined_names(tree)
    refusals = frozenset(_ARGS_REFUSED) | _factories(tree, frozenset(_ARGS_REFUSED))
    arg_checks = _guards(tree, *refusals) | _raises(tree, *refusals)
    first_of_one = _first_of_one_character(tree)
    found: list[Site] = []
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skipped:
            continue
        for operator, variant, new in _changes(node):
            if id(node) in first_of_one and _label(operator, variant, new) == "-1":
                continue  # b"x"[-1] is b"x"[0]: equivalent by construction
            found.append(
                Site(
                    module=module,
                    index=index,
                    operator=operator,
                    variant=variant,
                    line=node.lineno,  # type: ignore[attr-defined]  # every mutable node has a position
                    col=node.col_offset,  # type: ignore[attr-defined]
                    end_line=node.end_lineno or node.lineno,  # type: ignore[attr-defined]
                    end_col=node.end_col_offset or 0,  # type: ignore[attr-defined]
                    replacement=_label(operator, variant, new),
                    at_import=id(node) in at_import,
                    guards_not_modelled=id(node) in guards,
                    guards_invalid_args=id(node) in arg_checks,
                )
            )
    return sorted(found, key=lambda site: (site.line, site.col, site.operator, site.variant))


@lru_cache(maxsize=4)
def answered_by_kind(root: Path) -> frozenset[str]:
    """``ReferenceError_`` and every class of the reference derived from it, by name."""
    bases: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = {
                    base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
                    for base in node.bases
                }
                bases.setdefault(node.name, set()).update(names)
    found = {_ERROR_ANSWERED_BY_KIND}
    while grown := {name for name, parents in bases.items() if parents & found} - found:
        found |= grown
    return frozenset(found)


def _factories(tree: ast.Module, errors: frozenset[str]) -> frozenset[str]:
    """Names of the module's functions whose every ``return`` gives one of ``errors``, made there."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        returns = [inner for inner in ast.walk(node) if isinstance(inner, ast.Return)]
        if returns and all(
            isinstance(r.value, ast.Call) and _called_name(r.value) in errors for r in returns
        ):
            found.add(node.name)
    return frozenset(found)


def sample(root: Path, count: int, seed: int) -> list[Site]:
    """``count`` distinct sites: a module drawn with weight its line count, then one of its sites.

    Weighting by size rather than drawing from all sites at once keeps a
    module dense in constants (a table of byte strings) from taking the sample.
    """
    modules = sorted(str(path.relative_to(root)) for path in root.rglob("*.py"))
    by_module = {module: sites(root, module) for module in modules}
    by_module = {module: found for module, found in by_module.items() if found}
    weights = {module: len((root / module).read_text(encoding="utf-8").splitlines()) for module in by_module}
    rng = random.Random(seed)
    chosen: list[Site] = []
    while len(chosen) < count and by_module:
        names = sorted(by_module)
        module = rng.choices(names, weights=[weights[name] for name in names])[0]
        remaining = by_module[module]
        chosen.append(remaining.pop(rng.randrange(len(remaining))))
        if not remaining:
            del by_module[module]
    return chosen


def every(root: Path, prefixes: list[str]) -> list[Site]:
    """Every site of the modules whose path under the reference starts with one of ``prefixes``
    (``rustlib/image_``, ``dispatch/``): to work one module's survivors to the end, which a
    sample never does (each sample draws new ones)."""
    modules = sorted(str(path.relative_to(root)) for path in root.rglob("*.py"))
    chosen = [module for module in modules if any(module.startswith(prefix) for prefix in prefixes)]
    if not chosen:
        raise SystemExit(f"no reference module starts with {' or '.join(prefixes)}")
    return [site for module in chosen for site in sites(root, module)]


def mutated_code(root: Path, site: Site) -> CodeType:
    """The module with ``site`` applied, compiled under the module's real file name."""
    path = root / site.module
    tree = ast.parse(path.read_text(encoding="utf-8"))
    _apply(tree, site)
    ast.fix_missing_locations(tree)
    return compile(tree, str(path), "exec", dont_inherit=True)


def shown_lines(root: Path, site: Site) -> tuple[str, str]:
    """The site's source line(s) and the same with the change made, for a reader."""
    text = (root / site.module).read_text(encoding="utf-8")
    tree = ast.parse(text)
    shown = _apply(tree, site)
    lines = text.splitlines()
    line, col = shown.lineno, shown.col_offset  # type: ignore[attr-defined]
    end_line, end_col = shown.end_lineno, shown.end_col_offset  # type: ignore[attr-defined]
    original = "\n".join(lines[line - 1 : end_line])
    # Column offsets are UTF-8 byte offsets.
    prefix, suffix = lines[line - 1].encode()[:col].decode(), lines[end_line - 1].encode()[end_col:].decode()
    return original, prefix + ast.unparse(shown) + suffix


def _apply(tree: ast.Module, site: Site) -> ast.AST:
    """Make the site's change in ``tree``; the node to show it by: the new node, or the
    f-string holding it (parts of an f-string have no source positions of their own)."""
    nodes = list(ast.walk(tree))
    node = nodes[site.index]
    new = {(op, variant): change for op, variant, change in _changes(node)}[(site.operator, site.variant)]
    if new is not node:
        _replace(tree, node, new)
    outer = [parent for parent in nodes if isinstance(parent, ast.JoinedStr) and _holds(parent, new)]
    return outer[0] if outer else new


def _holds(parent: ast.AST, node: ast.AST) -> bool:
    return any(inner is node for inner in ast.walk(parent))


def _label(operator: str, variant: int, new: ast.AST) -> str:
    """The change as the id names it: the new operator for a swap, else the new code, shortened."""
    if isinstance(new, ast.Compare):
        return _SYMBOLS[type(new.ops[variant])] + (f"#{variant}" if len(new.ops) > 1 else "")
    if isinstance(new, ast.BoolOp):
        return "or" if isinstance(new.op, ast.Or) else "and"
    if operator == "not":
        return "not dropped"
    text = ast.unparse(new)
    if len(text) <= _SHOWN:
        return text
    return text[: _SHOWN - 10] + "…" + hashlib.sha1(text.encode()).hexdigest()[:8]


def _changes(node: ast.AST) -> Iterator[tuple[str, int, ast.AST]]:
    """(operator, variant, the node that replaces ``node``) for each change of ``node``.

    Each change is built on a copy, so the same walk index names the same
    change in a fresh parse of the module.
    """
    if isinstance(node, ast.Compare):
        for position, op in enumerate(node.ops):
            swapped = _SWAPPED_COMPARISONS.get(type(op))
            if swapped is not None:
                new = _copy(node)
                new.ops[position] = swapped()
                yield "cmp", position, new
    elif isinstance(node, ast.BoolOp):
        swapped_op: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield "bool", 0, ast.BoolOp(op=swapped_op, values=node.values)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not", 0, node.operand
    elif isinstance(node, ast.Constant):
        yield from _constant_changes(node)
    elif isinstance(node, ast.Slice):
        for variant, (name, bound) in enumerate((("lower", node.lower), ("upper", node.upper))):
            if bound is None or (isinstance(bound, ast.Constant) or _is_negative_constant(bound)):
                continue
            arithmetic: tuple[tuple[int, ast.operator], ...] = ((1, ast.Add()), (2, ast.Sub()))
            for step, operation in arithmetic:
                bounds = _copy(node)
                setattr(bounds, name, ast.BinOp(left=bound, op=operation, right=ast.Constant(1)))
                yield "slice", variant * 2 + step, bounds
    if isinstance(node, ast.stmt) and not isinstance(node, _UNDROPPABLE):
        yield "drop", 0, ast.Pass()


def _constant_changes(node: ast.Constant) -> Iterator[tuple[str, int, ast.AST]]:
    value = node.value
    if isinstance(value, bool):
        yield "bool", 0, ast.Constant(not value)
    elif isinstance(value, int):
        yield "int", 1, ast.Constant(value + 1)
        yield "int", 2, ast.Constant(value - 1)
    elif isinstance(value, str):
        # Changed at both ends, so that neither ``s[0]`` nor ``s[-1]`` nor a prefix test still holds.
        yield "str", 0, ast.Constant(f"X{value}X" if value else "X")
    elif isinstance(value, bytes):
        yield "str", 0, ast.Constant(b"X" + value + b"X" if value else b"X")


def _is_negative_constant(node: ast.expr) -> bool:
    return isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant)


def _copy(node: _Node) -> _Node:
    """A shallow copy (the ops list copied too): the change must not touch the parsed tree."""
    fields = {name: getattr(node, name) for name in node._fields}
    if isinstance(node, ast.Compare):
        fields["ops"] = list(node.ops)
    return ast.copy_location(type(node)(**fields), node)


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, ast.copy_location(new, old))
                return
            if isinstance(value, list) and any(item is old for item in value):
                value[[item is old for item in value].index(True)] = ast.copy_location(new, old)
                return
    raise LookupError("the site's node is not in the tree")


def _not_run(tree: ast.Module, messages: frozenset[str]) -> set[int]:
    """ids of the nodes that are not sites: see the module docstring.  ``messages``: the
    errors (and error factories) whose arguments make only a message no case compares."""
    skipped: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            skipped.update(id(inner) for inner in ast.walk(node))

    factory_returns = {
        id(inner)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef) and function.name in messages
        for inner in ast.walk(function)
        if isinstance(inner, ast.Return)
    }

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip(first)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            last = node.body[-1]
            if isinstance(last, ast.Return) and (last.value is None or _is_none(last.value)):
                skip(last)  # a function ending without it returns None all the same
            skip(node.returns)
            for argument in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
                skip(argument.annotation)
            skip(node.args.vararg.annotation if node.args.vararg else None)
            skip(node.args.kwarg.annotation if node.args.kwarg else None)
        elif isinstance(node, ast.AnnAssign):
            skip(node.annotation)
        elif isinstance(node, ast.Call) and _called_name(node) in _TYPE_ONLY_CALLS and node.args:
            skip(node.args[0])
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            if _called_name(node.exc) in messages:
                for message_part in node.exc.args:
                    skip(message_part)
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Call):
            if id(node) in factory_returns and _called_name(node.value) in messages:
                for message_part in node.value.args:
                    skip(message_part)
        elif isinstance(node, ast.Call) and _called_name(node) in _UNSEEN_KEYWORDS:
            for keyword in node.keywords:
                if keyword.arg in _UNSEEN_KEYWORDS[_called_name(node)]:
                    skip(keyword.value)
        elif _type_only(node):
            skip(node)
    return skipped


def _type_only(node: ast.AST) -> bool:
    """``Literal[...]``, ``if TYPE_CHECKING:``, ``__all__ = ...`` and ``__version__ = ...``:
    nothing a caller can observe."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Name) and node.value.id == "Literal"
    if isinstance(node, ast.If):
        return ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
    if isinstance(node, ast.Assign):
        names = [target.id for target in node.targets if isinstance(target, ast.Name)]
        return any(name in ("__all__", "__version__") for name in names)
    return False


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _called_name(call: ast.Call) -> str:
    function = call.func
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def _raises(tree: ast.Module, *errors: str) -> set[int]:
    """ids of each ``raise E(...)`` statement, E one of ``errors``."""
    return {
        id(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _called_name(node.exc) in errors
    }


def _first_of_one_character(tree: ast.Module) -> set[int]:
    """ids of the index ``0`` in ``b"x"[0]`` or ``"x"[0]`` (a one-character constant's only item)."""
    return {
        id(node.slice)
        for node in ast.walk(tree)
        if isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str | bytes)
        and len(node.value.value) == 1
        and isinstance(node.slice, ast.Constant)
        and node.slice.value == 0
    }


def _declined_names(tree: ast.Module) -> set[int]:
    """ids of the string constants given as ``declined=`` (a Shape's keys the reference answers
    unsupported): changed, one only stops being declined, so the mutant differs from the
    reference only on inputs the reference does not model."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.keyword) and node.arg == "declined"
        for inner in ast.walk(node.value)
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str)
    }


def _guards(tree: ast.Module, *errors: str) -> set[int]:
    """ids of each ``if`` (no ``else``) whose whole body is ``raise E(...)``, E one of ``errors``."""
    raises = _raises(tree, *errors)
    return {
        id(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and not node.orelse and len(node.body) == 1 and id(node.body[0]) in raises
    }


def _import_time_nodes(tree: ast.Module) -> set[int]:
    """ids of the nodes that run on import: everything outside function and lambda bodies
    (default values and decorators included, since ``def`` evaluates them)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for statement in node.body:
                inside.update(id(inner) for inner in ast.walk(statement))
        elif isinstance(node, ast.Lambda):
            inside.update(id(inner) for inner in ast.walk(node.body))
    return {id(node) for node in ast.walk(tree)} - inside
