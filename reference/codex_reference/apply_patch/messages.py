"""What each edition prints, as data and small formatters chosen by the edition table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from codex_reference.rustlib.strings import debug_str_list, utf8_error_display

SUCCESS = "Success. Updated the following files:\n"
NOTHING_TO_DO = "No files were modified.\n"


@dataclass(frozen=True)
class PathNames:
    """A hunk's path as written in the patch and as the release resolves it."""

    written: str
    resolved: str  # absolute, normalized


def written_path(path: PathNames, cwd: str) -> str:
    """0.25.0 prints the path as the patch wrote it (it runs relative to its cwd)."""
    return path.written


def resolved_path(path: PathNames, cwd: str) -> str:
    """0.169.0 prints the absolute path it resolved, ``.`` and ``..`` removed."""
    return path.resolved


def lines_not_found_debug(where: str, old_lines: list[str]) -> str:
    return f"Failed to find expected lines {debug_str_list(old_lines)} in {where}"


def lines_not_found_block(where: str, old_lines: list[str]) -> str:
    return f"Failed to find expected lines in {where}:\n" + "\n".join(old_lines)


def utf8_io_error(error: UnicodeDecodeError) -> str:
    # `read_to_string`'s io::Error for invalid data.
    return "stream did not contain valid UTF-8"


@dataclass(frozen=True)
class Messages:
    display: Callable[[PathNames, str], str]
    lines_not_found: Callable[[str, list[str]], str]
    invalid_utf8: Callable[[UnicodeDecodeError], str]
    # The read error for a directory: None prints the errno text ("Is a
    # directory"); otherwise a format string over {path}.
    read_directory: str | None
    # Where the applier panics (`file:line:column`, as the panic prints it);
    # None where this edition's applier has no panic the reference models.
    panic_location: str | None = None

    def panic(self, message: str) -> str:
        """The panic as the release prints it on stderr (RUST_BACKTRACE unset)."""
        return (
            f"\nthread 'main' panicked at {self.panic_location}:\n{message}\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
        )


MESSAGES_0_25_0 = Messages(
    display=written_path,
    lines_not_found=lines_not_found_debug,
    invalid_utf8=utf8_io_error,
    read_directory=None,
    # The `Vec::insert` in `apply_replacements` (captured: pure-addition-listed-before-removal).
    panic_location="apply-patch/src/lib.rs:635:19",
)
# 0.94.0 still prints the path as written and io::Error texts, but already
# lists the lines it could not find as a block (captured: update-context-missing).
MESSAGES_0_94_0 = replace(MESSAGES_0_25_0, lines_not_found=lines_not_found_block, panic_location=None)
MESSAGES_0_169_0 = Messages(
    display=resolved_path,
    lines_not_found=lines_not_found_block,
    invalid_utf8=utf8_error_display,  # `str::from_utf8`'s error
    read_directory="path `{path}` is not a file",
)
