"""An in-memory file system with the few POSIX failures the applier can meet.

The reference never touches the real file system, whatever paths a patch
names: every path is resolved lexically against the op's ``cwd`` and looked
up here.  Failures carry the errno whose text the release prints.

The tree is a trie of path components, and each operation walks a path's
components once: its cost is linear in the path's length, however many
components it has (listing every ancestor as a string, as ``dirname`` in a
loop does, is quadratic: an 80 KB path of ``a/a/a/...`` took seconds).
"""

from __future__ import annotations

import posixpath

# `std::io::Error` Display for the errnos the applier can meet.
ENOENT = "No such file or directory (os error 2)"
ENOTDIR = "Not a directory (os error 20)"
EISDIR = "Is a directory (os error 21)"


class FsError(Exception):
    def __init__(self, errno_text: str) -> None:
        super().__init__(errno_text)
        self.errno_text = errno_text


class _Dir:
    """A directory: its entries by name, each a directory or a file (``None``)."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: dict[str, _Dir | None] = {}


def _parts(path: str) -> list[str]:
    """The components of a resolved absolute path (``/`` has none)."""
    return [] if path == "/" else path[1:].split("/")


class MemoryFS:
    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.root = _Dir()

    # -- paths

    @staticmethod
    def resolve(cwd: str, raw: str) -> str:
        """``raw`` against ``cwd``, with ``.`` and ``..`` removed lexically (normpath keeps a
        leading ``//``, the only one it can leave: made ``/``)."""
        return posixpath.normpath(posixpath.join(cwd, raw)).replace("//", "/") if raw else cwd

    def _parent(self, parts: list[str]) -> _Dir | None:
        """The directory holding the last component; None if an ancestor is missing.

        ENOTDIR if an ancestor is a file: the OS meets it before anything else.
        """
        node = self.root
        for name in parts[:-1]:
            entry = node.entries.get(name, node)
            if entry is node:
                return None
            if entry is None:
                raise FsError(ENOTDIR)
            node = entry
        return node

    def _entry(self, parts: list[str]) -> tuple[_Dir | None, bool]:
        """(the parent directory, whether the last component exists in it)."""
        if not parts:
            return None, True  # the root directory
        parent = self._parent(parts)
        return parent, parent is not None and parts[-1] in parent.entries

    def is_dir(self, path: str) -> bool:
        parts = _parts(path)
        try:
            parent, exists = self._entry(parts)
        except FsError:
            return False
        return not parts or (exists and parent is not None and parent.entries[parts[-1]] is not None)

    def _check_existing_file(self, parts: list[str], trailing_slash: bool) -> _Dir:
        """The errors of opening the path as an existing file, in the order the OS finds them."""
        parent, exists = self._entry(parts)
        if parent is None and exists:
            raise FsError(EISDIR)  # the root
        if parent is None or not exists:
            raise FsError(ENOENT)
        if parent.entries[parts[-1]] is not None:
            raise FsError(EISDIR)
        if trailing_slash:
            raise FsError(ENOTDIR)
        return parent

    # -- operations

    def read(self, path: str, trailing_slash: bool) -> bytes:
        self._check_existing_file(_parts(path), trailing_slash)
        return self.files[path]

    def write(self, path: str, data: bytes, trailing_slash: bool = False) -> None:
        parts = _parts(path)
        parent, exists = self._entry(parts)
        is_file = exists and parent is not None and parent.entries[parts[-1]] is None
        if exists and not is_file:
            raise FsError(EISDIR)
        if trailing_slash:
            raise FsError(ENOTDIR if is_file else EISDIR)
        if parent is None:
            raise FsError(ENOENT)
        parent.entries[parts[-1]] = None
        self.files[path] = data

    def create_dir_all(self, path: str) -> None:
        node = self.root
        for name in _parts(path):
            entry = node.entries.get(name, node)
            if entry is None:
                raise FsError(ENOTDIR)
            if entry is node:
                entry = node.entries[name] = _Dir()
            node = entry

    def remove_file(self, path: str, trailing_slash: bool = False) -> None:
        parts = _parts(path)
        parent = self._check_existing_file(parts, trailing_slash)
        del parent.entries[parts[-1]]
        del self.files[path]
