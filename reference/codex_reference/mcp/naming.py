"""Model-visible names of MCP tools: one function per naming variant.

Both variants take ``RawTool`` entries in the order the release aggregates
them and return ``NamedTool`` entries in the order the release emits them.
Constants (delimiter, limits, prefix) come from the edition's table.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from codex_reference.errors import ReleaseCrash
from codex_reference.rustlib.sha1 import sha1_hex
from codex_reference.rustlib.strings import byte_slice_prefix, utf8_len


@dataclass(frozen=True)
class RawTool:
    server: str
    tool: dict[str, Any]  # the decoded MCP Tool object

    @property
    def name(self) -> str:
        return str(self.tool["name"])


@dataclass(frozen=True)
class NamedTool:
    namespace: str  # "" when the variant does not group tools
    name: str
    raw: RawTool


@dataclass(frozen=True)
class NamingRules:
    delimiter: str
    max_name_bytes: int
    # Flat variant: hex digits of sha1 replacing the tail of an over-long name.
    # Namespaced variant: hex digits in the `_xxxxxxxxxxxx` disambiguation suffix.
    hash_hex_len: int
    prefix: str = ""
    # Characters besides ASCII letters and digits kept by sanitization;
    # None means names are not sanitized at all.
    allowed_punctuation: str | None = None


@cache
def _outside(allowed: str) -> re.Pattern[str]:
    """A char that is neither ASCII alphanumeric (``char::is_ascii_alphanumeric``) nor allowed."""
    return re.compile(f"[^A-Za-z0-9{re.escape(allowed)}]" if allowed else "[^A-Za-z0-9]")


@cache
def _ascii_table(allowed: str) -> bytes:
    kept = {ord(char) for char in allowed + string.ascii_letters + string.digits}
    return bytes(byte if byte in kept else ord("_") for byte in range(256))


def sanitize(name: str, rules: NamingRules) -> str:
    """Each char outside the allowed set becomes `_`; an empty result becomes `_`."""
    allowed = rules.allowed_punctuation or ""
    if name.isascii():  # a byte per char: a table lookup in C
        out = name.encode("ascii").translate(_ascii_table(allowed)).decode("ascii")
    else:
        out = _outside(allowed).sub("_", name)
    return out or "_"


# --- 0.25.0: flat `server__tool`, sha1 tail over 64 bytes, first wins ---------


def flat_names(tools: Iterable[RawTool], rules: NamingRules) -> list[NamedTool]:
    """``{prefix}{server}{delimiter}{tool}``, sanitized where the edition
    sanitizes (0.94.0: ``mcp__`` and ``[A-Za-z0-9_-]``); over-long names keep
    their first ``max - 40`` bytes and get the sha1 of the whole name as
    written before sanitizing appended.  A name already taken is skipped.
    The result is sorted by name (byte order), which the release does to
    keep prompts cacheable."""
    used: dict[str, NamedTool] = {}
    for raw in tools:
        written = f"{rules.prefix}{raw.server}{rules.delimiter}{raw.name}"
        name = written if rules.allowed_punctuation is None else sanitize(written, rules)
        if utf8_len(name) > rules.max_name_bytes:
            digest = sha1_hex(written)[: rules.hash_hex_len]
            try:
                # A byte slice: cutting inside a multi-byte char panics.
                head = byte_slice_prefix(name, rules.max_name_bytes - len(digest))
            except ValueError as exc:
                raise ReleaseCrash(str(exc)) from None
            name = head + digest
        if name in used:
            continue
        used[name] = NamedTool(namespace="", name=name, raw=raw)
    return [used[name] for name in sorted(used, key=lambda n: n.encode("utf-8"))]


# --- 0.169.0: namespace per server, hashed suffixes on collisions -------------


@dataclass
class _Candidate:
    raw: RawTool
    namespace_identity: str
    tool_identity: str
    namespace: str
    name: str


def namespaced_names(tools: Iterable[RawTool], rules: NamingRules) -> list[NamedTool]:
    """Namespace ``prefix + sanitize(server)`` (no second prefix when it already
    starts with it) and tool name ``sanitize(tool)``.

    Steps, in the release's order: drop exact duplicates (same server and raw
    tool name; the first stays); give every namespace that several raw servers
    share a hash suffix; then every (namespace, name) pair that several raw
    tools share; sort by raw identity; finally make sure the joined name fits
    ``max_name_bytes`` (counting the delimiter) and is unused, otherwise hash.
    """
    seen: set[str] = set()
    candidates: list[_Candidate] = []
    for raw in tools:
        # Identity strings as the release builds them: server, namespace
        # (the raw server name) and connector id (none here), NUL-joined.
        namespace_identity = f"{raw.server}\0{raw.server}\0"
        tool_identity = f"{namespace_identity}\0{raw.name}\0{raw.name}"
        if tool_identity in seen:
            continue
        seen.add(tool_identity)
        namespace = sanitize(raw.server, rules)
        if not namespace.startswith(rules.prefix):
            namespace = rules.prefix + namespace
        candidates.append(
            _Candidate(raw, namespace_identity, tool_identity, namespace, sanitize(raw.name, rules))
        )

    def suffix(identity: str) -> str:
        return "_" + sha1_hex(identity)[: rules.hash_hex_len]

    ns_owners: dict[str, set[str]] = {}
    for c in candidates:
        ns_owners.setdefault(c.namespace, set()).add(c.namespace_identity)
    for c in candidates:
        if len(ns_owners[c.namespace]) > 1:
            c.namespace = _append_namespace_suffix(c.namespace, suffix(c.namespace_identity), rules)

    name_owners: dict[tuple[str, str], set[str]] = {}
    for c in candidates:
        name_owners.setdefault((c.namespace, c.name), set()).add(c.tool_identity)
    for c in candidates:
        if len(name_owners[(c.namespace, c.name)]) > 1:
            c.name = c.name + suffix(c.tool_identity)

    candidates.sort(key=lambda c: c.tool_identity.encode("utf-8"))
    used: set[str] = set()
    out: list[NamedTool] = []
    for c in candidates:
        namespace, name = _unique_parts(
            c.namespace, c.name, c.tool_identity, used=used, rules=rules, suffix=suffix
        )
        out.append(NamedTool(namespace=namespace, name=name, raw=c.raw))
    return out


def _append_namespace_suffix(namespace: str, hashed: str, rules: NamingRules) -> str:
    if namespace.endswith(rules.delimiter):
        return namespace[: -len(rules.delimiter)] + hashed + rules.delimiter
    return namespace + hashed


def _unique_parts(
    namespace: str,
    name: str,
    identity: str,
    *,
    used: set[str],
    rules: NamingRules,
    suffix: Callable[[str], str],
) -> tuple[str, str]:
    reserved = len(rules.delimiter)
    # The uniqueness key is namespace + name without the delimiter, so
    # ("mcp__a", "bc") and ("mcp__ab", "c") collide.
    joined = namespace + name
    if utf8_len(joined) + reserved <= rules.max_name_bytes and joined not in used:
        used.add(joined)
        return namespace, name
    attempt = 0
    while True:
        hash_input = identity if attempt == 0 else f"{identity}\0{attempt}"
        tail = suffix(hash_input)
        room = max(rules.max_name_bytes - (utf8_len(namespace) + reserved), 0)
        if room >= len(tail):
            # Sanitized names are ASCII, so chars and bytes agree here.
            parts = (namespace, name[: room - len(tail)] + tail)
        else:
            keep = max(rules.max_name_bytes - (len(tail) + reserved), 0)
            parts = (namespace[:keep], tail)
        joined = parts[0] + parts[1]
        if joined not in used:
            used.add(joined)
            return parts
        attempt += 1
