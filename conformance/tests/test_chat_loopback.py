"""The loopback a chat bridge's adapter posts to: in the kit, it keeps each body with its key order."""

from __future__ import annotations

import json
import urllib.request

from codex_conformance.chat_loopback import codex_instructions, shared_loopback


def post(url: str, body: bytes) -> bytes:
    request = urllib.request.Request(url, data=body, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:  # 30 s: hung, not slow
        return bytes(response.read())


def test_a_posted_body_is_captured_with_its_key_order_and_answered_with_a_stream() -> None:
    loopback = shared_loopback()
    assert shared_loopback() is loopback
    with loopback.capture() as bodies:
        streamed = post(loopback.base_url + "/chat/completions", b'{"model": "m", "messages": [], "a": 1}')
        post(loopback.base_url + "/embeddings", b"{}")
    assert [list(body) for body in bodies] == [["model", "messages", "a"]]
    assert streamed.endswith(b"data: [DONE]\n\n")
    first = json.loads(streamed.split(b"\n\n")[0].removeprefix(b"data: "))
    assert first["choices"][0]["delta"]["content"] == "ok"


def test_the_instructions_are_the_releases() -> None:
    assert codex_instructions("0.25.0", "gpt-4.1").startswith("You are")
