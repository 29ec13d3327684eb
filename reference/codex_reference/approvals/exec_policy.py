"""0.94.0's exec policy: ``prefix_rule`` calls in CODEX_HOME/rules/*.rules, matched against an argv.

A rules file is Starlark; the reference reads the subset the captures use,
``prefix_rule(pattern=[...], decision="...", justification="...")`` calls
whose values are literals, with Python's parser (this subset is the same
text in both languages), and declines (``NotModelled``) any other file.  A
pattern token is a string or a list of alternatives; a rule matches a
command that starts with its tokens.  ``bash -lc SCRIPT`` is matched by
the commands of its script where the script is plain (spec/safety.md),
else as the argv itself.  Of the rules matching, the strictest decides:
``forbidden``, then ``prompt``, then ``allow``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Literal

from codex_reference.errors import NotModelled
from codex_reference.safety import SafetyRules, script_commands

__all__ = ["PolicyRule", "Verdict", "evaluate", "parse_rules"]

Decision = Literal["forbidden", "prompt", "allow"]
# Strictest first: the first decision any matching rule has wins.
_STRICTNESS: tuple[Decision, ...] = ("forbidden", "prompt", "allow")
_KEYWORDS = frozenset({"pattern", "decision", "justification"})


@dataclass(frozen=True)
class PolicyRule:
    # Each token: the words it accepts (one, or a list of alternatives).
    pattern: tuple[tuple[str, ...], ...]
    decision: Decision
    justification: str | None


@dataclass(frozen=True)
class Verdict:
    decision: Decision
    justification: str | None
    # The command's own words that the rule's pattern matched (`rm -rf`).
    prefix: tuple[str, ...]


def _literal(node: ast.expr) -> object:
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise NotModelled("a rules value that is not a literal: not modelled") from None


def _token(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and value and all(isinstance(word, str) for word in value):
        return tuple(str(word) for word in value)
    raise NotModelled("a pattern token that is neither a word nor a list of words: not modelled")


def _rule(statement: ast.stmt) -> PolicyRule:
    call = statement.value if isinstance(statement, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "prefix_rule"):
        raise NotModelled("a rules statement other than a prefix_rule call: not modelled")
    values = {keyword.arg: _literal(keyword.value) for keyword in call.keywords}
    if call.args or not set(values) <= _KEYWORDS or "pattern" not in values or "decision" not in values:
        raise NotModelled("a prefix_rule without pattern and decision, or with other arguments: not modelled")
    pattern, decision, justification = values["pattern"], values["decision"], values.get("justification")
    if not isinstance(pattern, list) or not pattern or decision not in _STRICTNESS:
        raise NotModelled("a prefix_rule pattern or decision the captures do not show: not modelled")
    if justification is not None and not isinstance(justification, str):
        raise NotModelled("a justification that is not a string: not modelled")
    return PolicyRule(tuple(_token(token) for token in pattern), decision, justification)


def parse_rules(text: str) -> tuple[PolicyRule, ...]:
    try:
        module = ast.parse(text)
    except SyntaxError:
        raise NotModelled("a rules file that does not parse: not modelled") from None
    except (MemoryError, RecursionError):
        # Python's parser gives up on deep nesting (`f(x,{"a":{"a":...`: a
        # MemoryError from its stack; `1+1+...`: a RecursionError building the
        # tree); what the release's Starlark parser makes of it is not known.
        raise NotModelled("a rules file nested past what Python's parser reads: not modelled") from None
    return tuple(_rule(statement) for statement in module.body)


def _matched(rule: PolicyRule, command: list[str]) -> tuple[str, ...] | None:
    if len(command) < len(rule.pattern):
        return None
    prefix = tuple(command[: len(rule.pattern)])
    return prefix if all(word in token for word, token in zip(prefix, rule.pattern, strict=True)) else None


def evaluate(rules: tuple[PolicyRule, ...], argv: list[str], safety: SafetyRules) -> Verdict | None:
    """The strictest matching rule's verdict on ``argv``, or None where no rule matches."""
    commands = script_commands(safety, argv) or [argv]
    verdicts = [
        Verdict(rule.decision, rule.justification, prefix)
        for command in commands
        for rule in rules
        if (prefix := _matched(rule, command)) is not None
    ]
    for decision in _STRICTNESS:
        for verdict in verdicts:
            if verdict.decision == decision:
                return verdict
    return None
