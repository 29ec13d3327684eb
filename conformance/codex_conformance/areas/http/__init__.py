"""Area ``http``: see spec/http.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="http",
    description=(
        "What the Responses endpoint answers before or instead of a stream (an HTTP status with a body, "
        "a reply that is no event stream, a connection closed mid-event): the requests the release "
        "sends, the waits between them, and the texts the user sees."
    ),
    ops=("http.reply",),
)
