"""Apply parsed hunks to an in-memory file system, one hunk at a time.

Hunks are applied in order and each one's effect stays: when a later hunk
fails, the release has already written the earlier ones (AP-PARTIAL-1).
Within one update hunk nothing is written until every chunk is found.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from codex_reference.apply_patch import messages
from codex_reference.apply_patch.matching import Seeker, SeekRules
from codex_reference.apply_patch.memfs import ENOENT, FsError, MemoryFS
from codex_reference.apply_patch.model import AddFile, Chunk, DeleteFile, Hunk, UpdateFile
from codex_reference.apply_patch.text import Replacement, TextRules


class ApplyError(Exception):
    """The line the release prints on stderr before exiting with 1."""


class ReleasePanic(Exception):
    """The release would panic (Rust index out of bounds); the message is the panic's."""


@dataclass(frozen=True)
class ApplyRules:
    text: TextRules
    seek: SeekRules
    messages: messages.Messages
    # "parents-first": create the parent directories, then write (0.25.0);
    # "write-first": write, and only on "not found" create them and retry (0.169.0).
    write_strategy: str
    # 0.25.0 hands the path to the OS as written, so `dir/` stays a directory
    # name; 0.169.0 normalizes it to `dir` first.
    keep_trailing_slash: bool
    # 0.169.0 replaces each run of changed lines of a chunk on its own, so
    # context lines keep the file's own text and ending, and a run that
    # inserts at the end of the file sorts after a pure addition listed
    # earlier; 0.25.0 replaces the chunk's whole range with its new lines.
    replace_changed_runs: bool = False


@dataclass
class Summary:
    added: list[str]
    modified: list[str]
    deleted: list[str]

    def printed(self) -> str:
        lines = [f"A {p}\n" for p in self.added] + [f"M {p}\n" for p in self.modified]
        lines += [f"D {p}\n" for p in self.deleted]
        return messages.SUCCESS + "".join(lines)


class Applier:
    def __init__(self, fs: MemoryFS, cwd: str, rules: ApplyRules) -> None:
        self.fs = fs
        self.cwd = cwd
        self.rules = rules

    def _names(self, raw: str) -> messages.PathNames:
        return messages.PathNames(raw, MemoryFS.resolve(self.cwd, raw))

    def _show(self, names: messages.PathNames) -> str:
        return self.rules.messages.display(names, self.cwd)

    def _slash(self, names: messages.PathNames) -> bool:
        return self.rules.keep_trailing_slash and (names.written.endswith("/") or not names.written)

    def apply(self, hunks: list[Hunk]) -> Summary:
        summary = Summary([], [], [])
        for hunk in hunks:
            if isinstance(hunk, AddFile):
                self._write_new(self._names(hunk.path), hunk.contents.encode("utf-8"))
                summary.added.append(hunk.path)
            elif isinstance(hunk, DeleteFile):
                names = self._names(hunk.path)
                try:
                    self.fs.remove_file(names.resolved, self._slash(names))
                except FsError as exc:
                    raise ApplyError(f"Failed to delete file {self._show(names)}") from exc
                summary.deleted.append(hunk.path)
            else:
                self._update(hunk)
                summary.modified.append(hunk.move_path if hunk.move_path is not None else hunk.path)
        return summary

    def _write_new(self, names: messages.PathNames, data: bytes) -> None:
        shown = self._show(names)
        slash = self._slash(names)
        # An empty path resolves to cwd, a directory: writing it fails, "Failed to write file".
        if self.rules.write_strategy == "parents-first":
            # Rust `Path::parent` of `name` or `dir/` is empty: nothing to create.
            if "/" in names.written.rstrip("/"):
                self._create_parents(names.resolved, shown)
        else:
            try:
                self.fs.write(names.resolved, data, slash)
                return
            except FsError as exc:
                if exc.errno_text != ENOENT:
                    raise ApplyError(f"Failed to write file {shown}") from exc
            # Not found: create the parents and write again.
            self._create_parents(names.resolved, shown)
        try:
            self.fs.write(names.resolved, data, slash)
        except FsError as exc:
            raise ApplyError(f"Failed to write file {shown}") from exc

    def _create_parents(self, path: str, shown: str) -> None:
        try:
            self.fs.create_dir_all(posixpath.dirname(path))
        except FsError as exc:
            raise ApplyError(f"Failed to create parent directories for {shown}") from exc

    def verify(self, hunks: list[Hunk]) -> None:
        """The checks the tool handler makes before it runs the patch (HOST-PATCH-4): each deleted
        file read, each update's new content computed, all on the files as they are (nothing is
        written, so a later hunk never sees an earlier one); ApplyError for the first that fails."""
        for hunk in hunks:
            if isinstance(hunk, DeleteFile):
                names = self._names(hunk.path)
                try:
                    self.fs.read(names.resolved, self._slash(names))
                except FsError as exc:
                    raise ApplyError(f"Failed to read {self._show(names)}: {exc.errno_text}") from exc
            elif isinstance(hunk, UpdateFile):
                self._updated(hunk)

    def _updated(self, hunk: UpdateFile) -> bytes:
        """The file's new content, or ApplyError where it cannot be read or the chunks not found."""
        names = self._names(hunk.path)
        shown = self._show(names)
        prefix = f"Failed to read file to update {shown}: "
        try:
            data = self.fs.read(names.resolved, self._slash(names))
        except FsError as exc:
            if self.fs.is_dir(names.resolved) and self.rules.messages.read_directory is not None:
                raise ApplyError(prefix + self.rules.messages.read_directory.format(path=shown)) from exc
            raise ApplyError(prefix + exc.errno_text) from exc
        try:
            content = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ApplyError(prefix + self.rules.messages.invalid_utf8(exc)) from exc
        return self.new_content(content, hunk.chunks, shown).encode("utf-8")

    def _update(self, hunk: UpdateFile) -> None:
        names = self._names(hunk.path)
        encoded = self._updated(hunk)
        # `_updated` has just read a file at this path, and nothing in between removes it, so
        # neither the write back nor the removal after a move can fail on the memory file
        # system: the release's "Failed to write file" / "Failed to remove original" need a
        # disk that refuses (permissions, a full disk), which no case gives.
        if hunk.move_path is None:
            self.fs.write(names.resolved, encoded)
            return
        self._write_new(self._names(hunk.move_path), encoded)
        self.fs.remove_file(names.resolved)

    def new_content(self, content: str, chunks: list[Chunk], shown: str) -> str:
        document = self.rules.text.document(content)
        replacements = self._replacements(document.texts, document.pure_addition_index(), chunks, shown)
        if self.rules.text.sort_replacements:
            replacements.sort(key=lambda replacement: replacement[0])
        else:
            _check_insertions(len(document.texts), replacements)
        return document.render(replacements)

    def _replacements(
        self, lines: list[str], addition_index: int, chunks: list[Chunk], shown: str
    ) -> list[Replacement]:
        seeker = Seeker(lines, self.rules.seek)
        replacements: list[Replacement] = []
        line_index = 0
        for chunk in chunks:
            if chunk.change_context is not None:
                found = seeker.seek([chunk.change_context], line_index, eof=False)
                if found is None:
                    raise ApplyError(f"Failed to find context '{chunk.change_context}' in {shown}")
                line_index = found + 1
            if not chunk.old_lines:
                replacements.append((addition_index, 0, list(chunk.new_lines)))
                continue
            pattern, new_lines = chunk.old_lines, chunk.new_lines
            found = seeker.seek(pattern, line_index, chunk.is_end_of_file)
            if found is None and pattern[-1] == "":
                # The empty last line stands for the file's final newline.
                pattern = pattern[:-1]
                if new_lines and new_lines[-1] == "":
                    new_lines = new_lines[:-1]
                found = seeker.seek(pattern, line_index, chunk.is_end_of_file)
            if found is None:
                raise ApplyError(self.rules.messages.lines_not_found(shown, chunk.old_lines))
            if self.rules.replace_changed_runs:
                replacements.extend(_changed_runs(chunk, found, len(pattern), len(new_lines)))
            else:
                replacements.append((found, len(pattern), list(new_lines)))
            line_index = found + len(pattern)
        return replacements


def _changed_runs(chunk: Chunk, start: int, matched: int, wanted: int) -> list[Replacement]:
    """One replacement per run of `-`/`+` lines between context lines.

    ``matched``/``wanted`` are the old/new line counts after the retry that
    drops a final empty line.  The two texts may lose different lines: a
    context line is kept only where it is in both; in the old text alone it
    is removed (captured: context-line-before-a-removed-final-empty-line),
    in the new text alone it is written as new text; an old line past
    ``matched`` is not removed, and new lines past ``wanted`` are dropped.
    """
    runs: list[tuple[int, list[str], list[str]]] = []  # (start, removed, inserted)
    old = written = 0
    in_run = False
    for kind, text in chunk.diff:
        removes = kind != "+" and old < matched
        writes = kind != "-" and written < wanted
        if kind == " " and removes and writes:
            in_run = False  # a kept line ends the run
            old += 1
            written += 1
            continue
        if not in_run:
            runs.append((start + old, [], []))
            in_run = True
        if removes:
            runs[-1][1].append(text)
            old += 1
        if writes:
            runs[-1][2].append(text)
            written += 1
    return [(at, len(removed), inserted) for at, removed, inserted in runs if removed or inserted]


def _check_insertions(count: int, replacements: list[Replacement]) -> None:
    """0.25.0 applies unsorted replacements from the last; `Vec::insert` past the end panics."""
    for start, removed, inserted in reversed(replacements):
        if inserted and start > count:
            raise ReleasePanic(f"insertion index (is {start}) should be <= len (is {count})")
        count += len(inserted) - min(removed, max(count - start, 0))
