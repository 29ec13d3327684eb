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


class UsageError(Exception):
    """A problem with what the user asked for; reported as one line."""


class HarnessError(Exception):
    """The implementation could not give a valid answer to a request."""
