"""An in-memory file system with the few POSIX failures the applier can meet.

The reference never touches the real file system, whatever paths a patch
names: every path is resolved lexically against the op's ``cwd`` and looked
up in this map.  Failures carry the errno whose text the release prints.
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


class MemoryFS:
    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.dirs: set[str] = {"/"}

    # -- paths

    @staticmethod
    def resolve(cwd: str, raw: str) -> str:
        """``raw`` against ``cwd``, with ``.`` and ``..`` removed lexically."""
        return posixpath.normpath(posixpath.join(cwd, raw)).replace("//", "/", 1) if raw else cwd

    def _ancestors(self, path: str) -> list[str]:
        out: list[str] = []
        while path != "/":
            path = posixpath.dirname(path)
            out.append(path)
        return out

    def _check_ancestors(self, path: str) -> None:
        for ancestor in reversed(self._ancestors(path)):
            if ancestor in self.files:
                raise FsError(ENOTDIR)

    def is_dir(self, path: str) -> bool:
        return path in self.dirs

    def _check_existing_file(self, path: str, trailing_slash: bool) -> None:
        """The errors of opening ``path`` as an existing file, in the order the OS finds them."""
        self._check_ancestors(path)
        if path in self.dirs:
            raise FsError(EISDIR)
        if path not in self.files:
            raise FsError(ENOENT)
        if trailing_slash:
            raise FsError(ENOTDIR)

    # -- operations

    def read(self, path: str, trailing_slash: bool = False) -> bytes:
        self._check_existing_file(path, trailing_slash)
        return self.files[path]

    def write(self, path: str, data: bytes, trailing_slash: bool = False) -> None:
        self._check_ancestors(path)
        if path in self.dirs:
            raise FsError(EISDIR)
        if trailing_slash:
            raise FsError(ENOTDIR if path in self.files else EISDIR)
        if posixpath.dirname(path) not in self.dirs:
            raise FsError(ENOENT)
        self.files[path] = data

    def create_dir_all(self, path: str) -> None:
        for ancestor in [*reversed(self._ancestors(path)), path]:
            if ancestor in self.files:
                raise FsError(ENOTDIR)
        self.dirs.update([*self._ancestors(path), path])

    def remove_file(self, path: str, trailing_slash: bool = False) -> None:
        self._check_existing_file(path, trailing_slash)
        del self.files[path]
