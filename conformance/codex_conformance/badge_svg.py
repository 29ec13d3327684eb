"""A badge as a self-contained SVG in shields.io's "flat" style: no font, script or link to fetch.

Text is laid out with Verdana's advance widths at 11 px (the font shields
draws with), so a badge looks the same as the one shields.io would serve
from the endpoint JSON; a viewer without Verdana falls back to a similar sans.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from codex_conformance.badge import COLORS, Badge

_FONT_SIZE = 11
_PADDING = 5  # px either side of each text
# Verdana advance widths in ems; any other character counts as a wide letter.
_EM: dict[str, float] = {
    " ": 0.352, ".": 0.364, ",": 0.364, ":": 0.454, ";": 0.454, "/": 0.454, "-": 0.431,
    "(": 0.454, ")": 0.454, "%": 1.076, "+": 0.818, "_": 0.636,
    **dict.fromkeys("0123456789", 0.636),
    "a": 0.601, "b": 0.623, "c": 0.521, "d": 0.623, "e": 0.596, "f": 0.352, "g": 0.623,
    "h": 0.633, "i": 0.274, "j": 0.344, "k": 0.592, "l": 0.274, "m": 0.973, "n": 0.633,
    "o": 0.607, "p": 0.623, "q": 0.623, "r": 0.427, "s": 0.521, "t": 0.394, "u": 0.633,
    "v": 0.592, "w": 0.818, "x": 0.592, "y": 0.592, "z": 0.525,
    "A": 0.684, "B": 0.686, "C": 0.698, "D": 0.771, "E": 0.632, "F": 0.575, "G": 0.775,
    "H": 0.751, "I": 0.421, "J": 0.455, "K": 0.693, "L": 0.557, "M": 0.843, "N": 0.748,
    "O": 0.787, "P": 0.603, "Q": 0.787, "R": 0.695, "S": 0.684, "T": 0.616, "U": 0.732,
    "V": 0.684, "W": 0.989, "X": 0.685, "Y": 0.615, "Z": 0.685,
}  # fmt: skip
_WIDE = 0.75


def text_width(text: str) -> int:
    return round(sum(_EM.get(char, _WIDE) for char in text) * _FONT_SIZE)


def render_svg(badge: Badge) -> str:
    label_width = text_width(badge.label) + 2 * _PADDING
    message_width = text_width(badge.message) + 2 * _PADDING
    width = label_width + message_width
    label, message = escape(badge.label), escape(badge.message)
    title = escape(f"{badge.label}: {badge.message}", {'"': "&quot;"})
    color = COLORS[badge.color]

    def text(content: str, center: float) -> str:
        # A dark copy one pixel down is the flat style's shadow.
        return (
            f'<text x="{center:g}" y="15" fill="#010101" fill-opacity=".3">{content}</text>'
            f'<text x="{center:g}" y="14">{content}</text>'
        )

    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" '
        f'aria-label="{title}">'
        f"<title>{title}</title>"
        '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>'
        '<stop offset="1" stop-opacity=".1"/></linearGradient>'
        f'<clipPath id="r"><rect width="{width}" height="20" rx="3" fill="#fff"/></clipPath>'
        f'<g clip-path="url(#r)"><rect width="{label_width}" height="20" fill="#555"/>'
        f'<rect x="{label_width}" width="{message_width}" height="20" fill="{color}"/>'
        f'<rect width="{width}" height="20" fill="url(#s)"/></g>'
        '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" '
        f'font-size="{_FONT_SIZE}">'
        f"{text(label, label_width / 2)}{text(message, label_width + message_width / 2)}"
        "</g></svg>\n"
    )
