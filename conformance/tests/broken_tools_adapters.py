"""Deliberately broken ports of ``tools.build`` and ``dispatch.call``, built from the reference.

Each wraps one edition's catalog rules with one realistic bug and names the
clause whose cases must catch it; ``test_broken_tools_adapters`` runs them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from codex_reference import editions
from codex_reference.adapter import Handler, make_handler
from codex_reference.tools import catalog

Tools = list[Any]


@dataclass(frozen=True)
class BrokenAdapter:
    name: str
    clause: str
    why: str
    handle: Handler


def _wrapped(version: str, change: Callable[[Tools], Tools]) -> Handler:
    table = dict(editions.EDITIONS)
    edition = table[version]
    build = edition.tools_catalog.build

    def broken(model: str, config: Mapping[str, Any]) -> Tools:
        return change(build(model, config))

    table[version] = replace(edition, tools_catalog=catalog.CatalogRules(broken))
    return make_handler(table)


def _web_search_before_plan(tools: Tools) -> Tools:
    """web_search moved right after the command tool (a port that sorts hosted tools first)."""
    web = [tool for tool in tools if tool.get("type") == "web_search"]
    rest = [tool for tool in tools if tool.get("type") != "web_search"]
    return rest[:1] + web + rest[1:]


def _ascii_quotes(tools: Tools) -> Tools:
    """Curly apostrophes folded to ASCII (a port whose text pipeline 'cleans' Unicode)."""
    for tool in tools:
        if isinstance(tool.get("description"), str):
            tool["description"] = tool["description"].replace("\u2019", "'")
    return tools


def _no_strict(tools: Tools) -> Tools:
    """Function tools without `strict` (a port whose serializer skips false booleans)."""
    for tool in tools:
        tool.pop("strict", None)
    return tools


def _ts_optional_dropped(tools: Tools) -> Tools:
    """Code-mode declarations without the `?` of optional members."""
    dropped: Tools = json.loads(json.dumps(tools).replace("?: ", ": "))
    return dropped


def _dispatch(version: str, **changes: Any) -> Handler:
    table = dict(editions.EDITIONS)
    edition = table[version]
    table[version] = replace(edition, dispatch=replace(edition.dispatch, **changes))
    return make_handler(table)


def _image_jpg_mime(request: Any) -> dict[str, Any]:
    """JPEG data URLs labelled image/jpg (the file extension, not the MIME type)."""
    response = make_handler(editions.EDITIONS)(request)
    output = (response.get("result") or {}).get("item", {}).get("output")
    if isinstance(output, list):
        for part in output:
            part["image_url"] = part["image_url"].replace("data:image/jpeg;", "data:image/jpg;")
    return response


BROKEN = [
    BrokenAdapter(
        "web-search-out-of-order",
        "TOOLS-BUILD-1",
        "web_search second",
        _wrapped("0.25.0", _web_search_before_plan),
    ),
    BrokenAdapter("ascii-quotes", "TOOLS-AP-2", "curly quotes folded", _wrapped("0.25.0", _ascii_quotes)),
    BrokenAdapter("strict-missing", "TOOLS-SHELL-1", "no strict key", _wrapped("0.25.0", _no_strict)),
    BrokenAdapter(
        "ts-optional-dropped",
        "TOOLS-CODE-MODE-1",
        "optional members declared as required",
        _wrapped("0.169.0", _ts_optional_dropped),
    ),
    BrokenAdapter(
        "unknown-tool-wording",
        "DISPATCH-UNKNOWN-1",
        "'unknown tool: NAME'",
        _dispatch("0.169.0", unknown_function="unknown tool: {name}"),
    ),
    BrokenAdapter("image-jpg-mime", "DISPATCH-IMAGE-1", "data:image/jpg", _image_jpg_mime),
    BrokenAdapter(
        "serde-default-numbers",
        "DISPATCH-ARGS-1",
        "0.169.0's serde_json read without arbitrary_precision ('floating point `1.5e20`', not 'number')",
        _dispatch("0.169.0", arbitrary_precision=False),
    ),
]
