"""The kit's two families of failure, kept apart on purpose.

``UsageError``: the user asked for something the kit cannot do (an impl
that cannot be imported, a missing fixtures directory, a malformed
expected-failures file).  The CLI prints it as one line and exits 2; the
pytest plugin turns it into a pytest usage error.

``HarnessError``: the implementation under test broke while answering (it
crashed, hung, wrote an invalid message).  For one case that is an ERROR
outcome, never a pass and never a correct rejection.
"""

from __future__ import annotations

from pathlib import Path


class UsageError(Exception):
    """A problem with what the user asked for; reported as one line."""


class HarnessError(Exception):
    """The implementation could not give a valid answer to a request."""


def parse_error_text(exc: ValueError) -> str:
    """A parser's error message for someone editing the file that was parsed.

    ``int()``'s digit-limit message (a 5,000-digit integer in JSON or TOML)
    ends with advice for Python programmers ("use sys.set_int_max_str_digits()"),
    which a user can do nothing with: it is cut off.
    """
    return str(exc).split("; use sys.set_int_max_str_digits", 1)[0]


def read_named_file(path: Path, name: str, *, cannot_read: str = "") -> str:
    """The UTF-8 text of a file the user named; a file that cannot be read is a ``UsageError`` of
    one line, ``{name}: {cannot_read}<why>`` or ``{name}: not UTF-8: <where>``."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{name}: {cannot_read}{exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: not UTF-8: {exc}") from None
