"""serde's view of ``thread/start``'s ``dynamicTools``: shape only, no rules.

Every spec must decode before any is checked: one missing field refuses the
thread with ``invalid-params`` whatever else is wrong (DYN-DESC-1).  Keys the
protocol does not have are ignored.

Two variants: ``decode_specs`` knows functions and namespaces (a ``type``
tag); ``decode_flat_specs`` knows one struct, a function, and ignores
``type`` and ``deferLoading`` as unknown keys (DYN-FLAT-1).
"""

from __future__ import annotations

from dataclasses import dataclass

from codex_reference.dynamic.errors import InvalidParams
from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON


@dataclass(frozen=True)
class FunctionSpec:
    name: str
    description: str
    input_schema: JSON
    defer_loading: bool


@dataclass(frozen=True)
class NamespaceSpec:
    name: str
    description: str
    tools: list[FunctionSpec]


def _string(spec: dict[str, JSON], key: str) -> str:
    if key not in spec:
        raise InvalidParams(f"Invalid request: missing field `{key}`")
    value = spec[key]
    if not isinstance(value, str):
        raise InvalidParams(f"Invalid request: `{key}` must be a string")
    return value


def _function(spec: JSON, *, reads_defer_loading: bool = True) -> FunctionSpec:
    if not isinstance(spec, dict):
        raise InvalidParams("Invalid request: a dynamic tool spec must be an object")
    # serde reports the first missing field in declaration order: name, description, inputSchema.
    name = _string(spec, "name")
    description = _string(spec, "description")
    if "inputSchema" not in spec:
        raise InvalidParams("Invalid request: missing field `inputSchema`")
    defer = spec.get("deferLoading", False) if reads_defer_loading else False
    if not isinstance(defer, bool):
        raise InvalidParams("Invalid request: `deferLoading` must be a boolean")
    return FunctionSpec(name, description, spec["inputSchema"], defer)


def _legacy_namespace(spec: JSON) -> None:
    """A function's own `namespace` string (DYN-LEGACY-1): a format of its own, not modelled."""
    namespace = spec.get("namespace") if isinstance(spec, dict) else None
    if namespace is None:
        return
    if not isinstance(namespace, str):
        raise InvalidParams("Invalid request: invalid type, expected a string")
    raise NotModelled("the legacy format (a function naming its namespace) is not captured")


_WIDEST_INTEGERS = (-(2**63), 2**64 - 1)


def _integers_fit(value: JSON) -> None:
    """An integer past i64/u64 anywhere in the params does not decode (DYN-PARAMS-2)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not _WIDEST_INTEGERS[0] <= value <= _WIDEST_INTEGERS[1]:
            raise InvalidParams(
                f"Invalid request: invalid type: integer `{value}` as u128, expected any value"
            )
    elif isinstance(value, list):
        for item in value:
            _integers_fit(item)
    elif isinstance(value, dict):
        for item in value.values():
            _integers_fit(item)


def decode_specs(specs: JSON) -> list[FunctionSpec | NamespaceSpec]:
    if not isinstance(specs, list):
        raise InvalidParams("Invalid request: `dynamicTools` must be an array")
    _integers_fit(specs)
    # DYN-LEGACY-1: specs without `type` are the legacy format, and one list holds one format.
    typed = {isinstance(spec, dict) and spec.get("type") is not None for spec in specs}
    if len(typed) > 1:
        raise InvalidParams(
            "Invalid request: dynamic tools must use either canonical or legacy format consistently"
        )
    for spec in specs:
        tools = spec.get("tools") if isinstance(spec, dict) and spec.get("type") == "namespace" else None
        for tool in [spec, *tools] if isinstance(tools, list) else [spec]:
            _legacy_namespace(tool)
    decoded: list[FunctionSpec | NamespaceSpec] = []
    for spec in specs:
        kind = spec.get("type", "function") if isinstance(spec, dict) else "function"
        if kind == "function":
            # A spec without `type` is a function (captured: type-absent).
            decoded.append(_function(spec))
        elif kind == "namespace":
            name = _string(spec, "name")
            description = _string(spec, "description")
            tools = spec.get("tools")
            if not isinstance(tools, list):
                raise InvalidParams("Invalid request: missing field `tools`")
            for tool in tools:
                if not isinstance(tool, dict) or tool.get("type") != "function":
                    raise NotModelled("a namespaced dynamic tool without `type: function` is not captured")
            decoded.append(NamespaceSpec(name, description, [_function(tool) for tool in tools]))
        else:
            raise NotModelled(f"dynamic tool spec type {kind!r} is not captured")
    return decoded


def _flat_function(spec: JSON) -> FunctionSpec:
    # 0.94.0's spec has no `deferLoading` field: serde ignores it.
    return _function(spec, reads_defer_loading=False)


def decode_flat_specs(specs: JSON) -> list[FunctionSpec | NamespaceSpec]:
    """Every spec as a function: a namespace spec has no `inputSchema` and refuses the thread."""
    if not isinstance(specs, list):
        raise InvalidParams("Invalid request: `dynamicTools` must be an array")
    return [_flat_function(spec) for spec in specs]
