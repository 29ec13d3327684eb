"""The site's HTML frame: escaping, page names, the shared page and its style sheet.

Plain HTML and one style sheet: no script, so every page reads the same in
any browser, a text browser included, and needs no server.
"""

from __future__ import annotations

import re
from html import escape

from codex_conformance.readiness import Verdict
from codex_conformance.tiers import Tier

# Past this many characters a shown value (args, expected, a diff) is cut, with a marker saying so.
SHOWN_CHARS = 4000

STYLE = """\
body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 80rem; padding: 0 1rem;
       color: #1b1b1b; line-height: 1.4; }
nav { margin-bottom: 1rem; } nav a { margin-right: 1rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #bbb; padding: 0.3rem 0.5rem; vertical-align: top; text-align: left; }
th { background: #f0f0f0; }
pre { background: #f6f6f6; padding: 0.5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.v-ready { background: #d8f5d0; } .v-limited { background: #fff1c2; } .v-not-ready { background: #fbd3d0; }
.none { color: #666; background: #fafafa; }
.verdict { font-weight: bold; }
.t-mandatory { color: #8a1010; } .t-capability { color: #6b4e00; } .t-advisory { color: #30507a; }
.t-informational { color: #555; }
ul.reasons { margin: 0.2rem 0 0; padding-left: 1.1rem; font-size: 0.9em; }
"""

_VERDICT_CLASS = {Verdict.READY: "v-ready", Verdict.LIMITED: "v-limited", Verdict.NOT_READY: "v-not-ready"}


def esc(text: str) -> str:
    return escape(text, quote=True)


def file_part(name: str) -> str:
    """``name`` made safe as part of a file name (a report's stem can hold anything)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)


def impl_page(slug: str) -> str:
    return f"impl-{file_part(slug)}.html"


def area_page(area: str) -> str:
    return f"area-{file_part(area)}.html"


def anchor(edition: str, clause: str) -> str:
    """The id of a failing clause's section on an implementation page."""
    return f"{edition}-{clause}"


def verdict_class(verdict: Verdict) -> str:
    return _VERDICT_CLASS[verdict]


def tier_span(tier: Tier) -> str:
    return f'<span class="t-{tier.value}">{tier.value}</span>'


def shown(text: str) -> str:
    """``text`` escaped for a ``<pre>``, cut past ``SHOWN_CHARS`` with a marker."""
    if len(text) > SHOWN_CHARS:
        text = text[:SHOWN_CHARS] + f"\n... ({len(text) - SHOWN_CHARS} more characters cut)"
    return esc(text)


def page(title: str, body: list[str]) -> str:
    """A whole page: its title, the site's navigation, then ``body``'s lines."""
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(title)}</title>",
        '<link rel="stylesheet" href="style.css">',
        "</head>",
        "<body>",
        '<nav><a href="index.html">Results</a><a href="gateways.html">Gateways</a>'
        '<a href="tiers.html">Clause tiers</a><a href="history.json">History (JSON)</a></nav>',
        f"<h1>{esc(title)}</h1>",
    ]
    return "\n".join([*head, *body, "</body>", "</html>"]) + "\n"


__all__ = [
    "SHOWN_CHARS",
    "STYLE",
    "anchor",
    "area_page",
    "esc",
    "file_part",
    "impl_page",
    "page",
    "shown",
    "tier_span",
    "verdict_class",
]
