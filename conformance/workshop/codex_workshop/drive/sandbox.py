"""The OS-level barrier every release run goes through.

A release is other people's code, and a case scripts what it does (a patch,
a shell call), so it runs behind a barrier the operating system enforces:
bubblewrap (``bwrap``), which needs no root where user namespaces are on.

- ``isolated_root``: a throwaway directory is the process's whole ``/``
  (apply_patch: absolute paths and any number of ``..`` land inside it).
- ``host_read_only``: only what a run needs, read-only: the system's
  programs and libraries (``SYSTEM_DIRECTORIES``), the few files of ``/etc``
  that programs read to start (``ETC_ENTRIES``: no secrets, no host or user
  configuration), the releases' cache and the kit's own Python; a private
  ``/tmp``, ``/dev`` and ``/proc``; the run's own directories (a fresh HOME
  and working directory) writable.  No host home, ``/var``, ``/srv``,
  ``/opt``, ``/work`` or anything else of the host is there to be read.  The
  network is shared, so the release still reaches the loopback mock server.

Where bwrap is missing or cannot start, releases run without an OS barrier:
``warn_without_barrier`` says so once on stderr, and the callers refuse
inputs that name paths outside their tree (see apply_patch_run).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

from codex_workshop.drive.cache import cache_root

# Where the release's executable is mounted inside an isolated root; its
# file name is the name the release dispatches on (argv[0]).
RELEASE_DIR = PurePosixPath("/.codex-conformance")
_PROBE_TIMEOUT_SECONDS = 10


def _bwrap() -> str | None:
    return shutil.which("bwrap")


@functools.cache
def barrier_available() -> bool:
    """Whether bwrap is installed and can make the namespaces it needs here."""
    bwrap = _bwrap()
    if bwrap is None:
        return False
    try:
        probe = subprocess.run(
            [bwrap, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "true"],
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=_PROBE_TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


@functools.cache
def warn_without_barrier() -> None:
    """Say once, on stderr, that releases run without an OS barrier."""
    print(
        "codex-conformance: bubblewrap (bwrap) is not available here, so releases run without an "
        "OS-level barrier; inputs that name paths outside their tree are refused, but a release can "
        "still reach this machine (install bubblewrap: docs/releases.md, 'Running releases safely')",
        file=sys.stderr,
    )


def unattended_permissions() -> dict[str, str]:
    """The config.toml keys that let scripted tool calls run without asking anyone.

    Behind the OS barrier the release's own sandbox is off (``danger-full-access``):
    the barrier holds the host, and a command's output is the command's own.
    Without the barrier the release's ``workspace-write`` sandbox is the only thing
    between a scripted shell call and the host, and outputs change with it.
    """
    # Why not workspace-write everywhere: recaptured under it (behind bwrap), items
    # (21 + 21), dispatch (59 + 73) and mcp_output 0.25.0 (34) stayed byte-identical,
    # but exec_output 0.25.0 differed in 6 of 34 (a non-zero exit or a timeout becomes
    # "failed in sandbox LinuxSeccomp with execution error: ..." instead of the
    # command's own output), exec_output 0.169.0 in 39 of 39 (every command fails:
    # "bwrap: execvp codex-linux-sandbox: No such file or directory") and mcp_output
    # 0.169.0 in 47 of 47 ("MCP tool call requires approval, but approval policy is
    # never").  So the goldens are what danger-full-access gives.
    mode = "danger-full-access" if barrier_available() else "workspace-write"
    return {"approval_policy": "never", "sandbox_mode": mode}


def _setenv(env: Mapping[str, str]) -> list[str]:
    args = ["--clearenv"]
    for key, value in env.items():
        args += ["--setenv", key, value]
    return args


def isolated_root(
    root: Path, binary: Path, name: str, args: Sequence[str], *, cwd: PurePosixPath, env: Mapping[str, str]
) -> list[str]:
    """The argv that runs ``binary`` (as ``name``) with ``root`` as its whole filesystem.

    ``cwd`` is a path inside that root; it is created here.  The mount point
    of the executable is an empty file under ``root``/RELEASE_DIR, which
    ``forget_mount_point`` removes after the run.
    """
    bwrap = _bwrap()
    if bwrap is None:
        raise RuntimeError("isolated_root needs bwrap (check barrier_available first)")
    inner = RELEASE_DIR / name
    (root / cwd.relative_to("/")).mkdir(parents=True, exist_ok=True)
    return [
        bwrap,
        "--bind", str(root), "/",
        "--ro-bind", str(binary), str(inner),
        "--dev", "/dev",
        "--proc", "/proc",
        "--unshare-all",
        "--die-with-parent",
        *_setenv(env),
        "--chdir", str(cwd),
        "--",
        str(inner),
        *args,
    ]  # fmt: skip


def forget_mount_point(root: Path, name: str) -> None:
    """Remove what ``isolated_root`` left under ``root``: the executable's mount point,
    and the empty directories bwrap made for it, /dev and /proc."""
    mount_point = root / RELEASE_DIR.relative_to("/") / name
    if mount_point.is_file() and not mount_point.is_symlink() and mount_point.stat().st_size == 0:
        mount_point.unlink()
    for directory in (RELEASE_DIR.relative_to("/"), PurePosixPath("dev"), PurePosixPath("proc")):
        try:
            (root / directory).rmdir()
        except OSError:
            continue  # not there, or something the release wrote is in it: it is reported


# The host's programs and libraries (links, as in a merged /usr, stay links).
SYSTEM_DIRECTORIES = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# What programs read from /etc to start: the loader's cache, users and groups
# by name, name resolution (without resolv.conf, 0.169.0's resolver waits 5 s
# on every run for a name server on loopback), time zone, locale aliases, the
# system's CA certificates, and the login shell's profile (0.25.0 runs `bash -lc`).  Not
# /etc/shadow, /etc/ssl/private, /etc/ssh, /etc/gitconfig, /etc/codex or any
# other configuration of the host: a case must not see it, and a release
# must not be steered by it.
ETC_ENTRIES = (
    "alternatives",
    "bash.bashrc",
    "environment",
    "gai.conf",
    "group",
    "host.conf",
    "hosts",
    "inputrc",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "locale.alias",
    "localtime",
    "mime.types",
    "nsswitch.conf",
    "passwd",
    "profile",
    "profile.d",
    "protocols",
    "resolv.conf",
    "services",
    "ssl/certs",
    "timezone",
)


def _kit_paths() -> list[str]:
    """What a release run reads from the kit itself: the Python that runs the fake MCP
    server (its installation and the virtual environment's packages), the kit's own
    files, and the releases' cache (a release's helper programs: ripgrep)."""
    package = Path(__file__).resolve().parent.parent
    return [
        sys.prefix,
        sys.base_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
        str(package),
        str(cache_root()),
    ]


def _system_binds() -> list[str]:
    """bwrap arguments that show the system's programs, libraries and ``ETC_ENTRIES``."""
    binds: list[str] = []
    for directory in SYSTEM_DIRECTORIES:
        if os.path.islink(directory):
            binds += ["--symlink", os.readlink(directory), directory]
        elif os.path.isdir(directory):
            binds += ["--ro-bind", directory, directory]
    for entry in ETC_ENTRIES:
        path = f"/etc/{entry}"
        if os.path.exists(path):  # a link whose target is missing is left out too
            binds += ["--ro-bind", path, path]
    return binds


def host_read_only(
    argv: Sequence[str],
    *,
    writable: Sequence[str | Path],
    cwd: str | Path,
    readable: Sequence[str | Path] = (),
) -> list[str]:
    """The argv that runs ``argv`` seeing only the system (``_system_binds``), ``readable``
    (e.g. the release's executable) and the kit's own files read-only, a private /tmp,
    and ``writable`` bound read-write at their own paths; the network is shared.
    Without bwrap: ``argv`` as is, and the one-time warning."""
    if not barrier_available():
        warn_without_barrier()
        return list(argv)
    bwrap = _bwrap()
    assert bwrap is not None
    binds: list[str] = []
    for path in [*readable, *_kit_paths()]:
        real = os.path.realpath(path)
        if os.path.exists(real):
            binds += ["--ro-bind", real, real]
    for path in writable:
        real = os.path.realpath(path)
        binds += ["--bind", real, real]
    return [
        bwrap,
        *_system_binds(),
        "--dev", "/dev",
        "--proc", "/proc",
        "--tmpfs", "/tmp",
        *binds,
        "--unshare-all",
        "--share-net",
        "--die-with-parent",
        "--chdir", os.path.realpath(cwd),
        "--",
        *argv,
    ]  # fmt: skip


__all__ = [
    "ETC_ENTRIES",
    "RELEASE_DIR",
    "SYSTEM_DIRECTORIES",
    "barrier_available",
    "forget_mount_point",
    "host_read_only",
    "isolated_root",
    "unattended_permissions",
    "warn_without_barrier",
]
