"""Status lines as the releases print them (``403 Forbidden``): the reason phrases of the Rust
``http`` crate's ``StatusCode::canonical_reason``, for the statuses the model covers."""

from __future__ import annotations

from codex_reference.errors import NotModelled

REASONS = {
    400: "Bad Request",
    401: "Unauthorized",
    402: "Payment Required",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    408: "Request Timeout",
    409: "Conflict",
    413: "Payload Too Large",
    415: "Unsupported Media Type",
    422: "Unprocessable Entity",
    429: "Too Many Requests",
    500: "Internal Server Error",
    501: "Not Implemented",
    502: "Bad Gateway",
    503: "Service Unavailable",
    504: "Gateway Timeout",
}


def status_line(status: int) -> str:
    reason = REASONS.get(status)
    if reason is None:
        raise NotModelled(f"status {status}: its reason phrase is not modelled")
    return f"{status} {reason}"
