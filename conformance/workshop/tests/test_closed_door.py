"""The closed door a release's model-list refresh is sent to (drive/closed_door.py)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from codex_workshop.drive.closed_door import closed_door_url
from codex_workshop.drive.exec_run import release_env


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_every_request_is_refused_with_404(method: str) -> None:
    request = urllib.request.Request(
        f"{closed_door_url()}/models?client_version=0.94.0",
        method=method,
        data=b"{}" if method == "POST" else None,
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 404


def test_one_door_serves_the_process() -> None:
    assert closed_door_url() == closed_door_url()


def test_release_env_sends_the_builtin_provider_to_the_door() -> None:
    env = release_env("/nonexistent-home")
    assert env["OPENAI_BASE_URL"] == closed_door_url()
    assert set(env) == {"PATH", "HOME", "CODEX_HOME", "CODEX_CONFORMANCE_MOCK_KEY", "LANG", "OPENAI_BASE_URL"}
