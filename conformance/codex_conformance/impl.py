"""Turn an ``--impl`` string into a connection.

Forms (documented in ``spec/adapter-protocol.md``):

- ``reference``: the reference model, ``codex_reference.adapter.handle``;
- ``release:<version>``: the release adapter the workshop registers in the entry point group
  ``codex_conformance.impls`` under ``release`` (``codex_workshop.release.adapter.ReleaseAdapter``);
- ``cmd:<command line>``: a child process speaking the JSON-lines transport;
- ``package.module`` or ``package.module:attr``: a Python adapter, where the
  attribute (default ``handle``) is a callable or an object with ``.handle``.
"""

from __future__ import annotations

import importlib
import os
import shlex
import sys
from importlib.metadata import entry_points
from typing import Any, cast

from codex_conformance.connection import Connection, Handler, InProcessConnection, SubprocessConnection
from codex_conformance.connection.inprocess import DEFAULT_INPROCESS_TIMEOUT
from codex_conformance.connection.subprocess import DEFAULT_TIMEOUT
from codex_conformance.errors import UsageError

REFERENCE_ALIAS = "reference"
REFERENCE_MODULE = "codex_reference.adapter"
RELEASE_PREFIX = "release:"
# Where an installed package registers the adapter ``release:<version>`` names.
IMPLS_GROUP = "codex_conformance.impls"
COMMAND_PREFIX = "cmd:"


def connect(impl: str, *, timeout: float | None = None) -> Connection:
    """A connection for ``impl``; not started yet (call ``hello()``).

    ``timeout`` bounds each request, whatever the transport; None: the
    transport's default (``DEFAULT_TIMEOUT`` for a child process,
    ``DEFAULT_INPROCESS_TIMEOUT`` in process, long enough for a release
    adapter to run a release twice).  An in-process adapter can read what is
    left of it (``connection.deadline.current_budget``): the release adapter
    bounds its runs by it.
    """
    impl = impl.strip()
    if impl.startswith(COMMAND_PREFIX):
        try:
            argv = shlex.split(impl[len(COMMAND_PREFIX) :])
        except ValueError as exc:
            raise UsageError(f"--impl {impl!r}: cannot split the command line: {exc}") from None
        if not argv:
            raise UsageError(f"--impl {impl!r}: empty command line after 'cmd:'")
        return SubprocessConnection(argv, timeout=DEFAULT_TIMEOUT if timeout is None else timeout)
    in_process = DEFAULT_INPROCESS_TIMEOUT if timeout is None else timeout
    return InProcessConnection(load_handler(impl), name=impl, timeout=in_process)


def is_reference(impl: str) -> bool:
    """Whether ``impl`` names the reference model in process (not served over a transport)."""
    return impl.strip() in (REFERENCE_ALIAS, REFERENCE_MODULE, f"{REFERENCE_MODULE}:handle")


def load_handler(impl: str) -> Handler:
    """The Python handler an in-process ``impl`` string names."""
    if impl.startswith(RELEASE_PREFIX):
        return _release_handler(impl[len(RELEASE_PREFIX) :])
    if impl == REFERENCE_ALIAS:
        impl = REFERENCE_MODULE
    module_name, _, attr = impl.partition(":")
    if not module_name or not all(part.isidentifier() for part in module_name.split(".")):
        raise UsageError(
            f"--impl {impl!r}: expected 'reference', 'release:<version>', 'cmd:<command>' "
            "or 'package.module[:attr]'"
        )
    module = _import(module_name, impl)
    target: Any = module
    for part in (attr or "handle").split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise UsageError(
                f"--impl {impl!r}: module {module_name!r} has no attribute {attr or 'handle'!r}"
            ) from None
    return _as_handler(target, impl)


def _release_handler(version: str) -> Handler:
    if not version:
        raise UsageError("--impl 'release:': missing version, e.g. release:0.25.0")
    # Found through an entry point: the release adapter is the workshop's (it drives a
    # real binary), which a kit user certifying their own adapter never needs.
    found = [entry for entry in entry_points(group=IMPLS_GROUP) if entry.name == "release"]
    if not found:
        raise UsageError(
            f"--impl release:{version}: the release adapter is not installed: it comes with the "
            "workshop (codex-conformance-workshop); from a checkout of the kit, "
            "pip install -e ./conformance/workshop"
        )
    try:
        adapter_class = found[0].load()
    except Exception as exc:
        raise UsageError(
            f"--impl release:{version}: the release adapter ({found[0].value}) does not load: "
            f"{type(exc).__name__}: {exc}"
        ) from None
    try:
        adapter = adapter_class(version)
    except Exception as exc:
        raise UsageError(f"--impl release:{version}: cannot create the release adapter: {exc}") from None
    return _as_handler(adapter, f"release:{version}")


def _import(module_name: str, impl: str) -> Any:
    _search_current_directory()
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module_name == exc.name or module_name.startswith(exc.name + ".")):
            raise UsageError(f"--impl {impl!r}: no module named {module_name!r}") from None
        raise UsageError(f"--impl {impl!r}: importing {module_name!r} failed: {exc}") from None
    except Exception as exc:
        raise UsageError(
            f"--impl {impl!r}: importing {module_name!r} failed: {type(exc).__name__}: {exc}"
        ) from None


def _search_current_directory() -> None:
    """Let ``--impl=mymodule`` find ``./mymodule.py``, as ``python -m pytest`` would.

    The ``pytest`` and ``codex-conformance`` scripts do not put the current
    directory on ``sys.path``; it goes last, so it never shadows an installed
    module of the same name.
    """
    cwd = os.getcwd()
    if not any(os.path.abspath(entry or os.curdir) == cwd for entry in sys.path):
        sys.path.append(cwd)


def _as_handler(target: Any, impl: str) -> Handler:
    handle = getattr(target, "handle", None)
    if callable(handle) and not isinstance(target, type):
        return cast(Handler, handle)
    if callable(target) and not isinstance(target, type):
        return cast(Handler, target)
    raise UsageError(f"--impl {impl!r}: {target!r} is neither a callable nor an object with a .handle method")
