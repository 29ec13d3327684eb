"""A badge as a self-contained SVG in shields.io's "flat" style: no font, script or link to fetch.

Laid out by ``anybadge`` (text widths, anchors, the colour split), a kept
library, rather than by a width table of our own.  Its template is ours:
the same shapes as its default, plus a ``<title>`` and ``aria-label`` so a
screen reader reads the verdict, and a fixed clip id so that the same
report always gives the same bytes (anybadge numbers its masks per process).
"""

from __future__ import annotations

import anybadge  # type: ignore[import-untyped]  # no type information shipped

from codex_conformance.badge import COLORS, Badge

_FONT_SIZE = 11
# anybadge's placeholders, in {{ }}; more than one line, so it is read as the template's text.
_TEMPLATE = """\
<svg xmlns="http://www.w3.org/2000/svg" width="{{ badge width }}" height="20" role="img" \
aria-label="{{ label }}: {{ value }}">
<title>{{ label }}: {{ value }}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>\
<stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="{{ mask id }}"><rect width="{{ badge width }}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#{{ mask id }})"><rect width="{{ color split x }}" height="20" fill="#555"/>\
<rect x="{{ color split x }}" width="{{ value width }}" height="20" fill="{{ color }}"/>\
<rect width="{{ badge width }}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="{{ font name }}" font-size="{{ font size }}">\
<text x="{{ label anchor shadow }}" y="15" fill="#010101" fill-opacity=".3">{{ label }}</text>\
<text x="{{ label anchor }}" y="14">{{ label }}</text>\
<text x="{{ value anchor shadow }}" y="15" fill="#010101" fill-opacity=".3">{{ value }}</text>\
<text x="{{ value anchor }}" y="14">{{ value }}</text></g>
</svg>
"""
_CLIP_ID = "r"


def render_svg(badge: Badge) -> str:
    drawn = anybadge.Badge(
        badge.label,
        badge.message,
        font_size=_FONT_SIZE,
        default_color=COLORS[badge.color],
        template=_TEMPLATE,
    )
    drawn.mask_str = _CLIP_ID
    return str(drawn.badge_svg_text)


def width(badge: Badge) -> int:
    """The badge's width in pixels, as drawn."""
    return int(anybadge.Badge(badge.label, badge.message, font_size=_FONT_SIZE).badge_width)
