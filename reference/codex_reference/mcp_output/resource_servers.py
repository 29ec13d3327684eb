"""The configured MCP servers of an ``mcp.resource_output`` case, and what each answers.

Each server is the fake server's resources file (spec/mcp_output.md):
``list`` and ``templates`` map a cursor (``""``: none) to an answer,
``read`` a URI; an answer is one of ``mcp.call_output``'s forms
(``answer.read``).  What the file does not name, and every resource method
of a server whose ``capability`` is false, is answered with JSON-RPC
error -32601 ``method not found: <method>``: the releases ask regardless of
the capability (MCPOUT-RES-CAP-1).
"""

from __future__ import annotations

from dataclasses import dataclass

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.mcp_output import answer

__all__ = ["LIST", "READ", "TEMPLATES", "Method", "Server", "servers"]

_METHOD_NOT_FOUND = -32601


@dataclass(frozen=True)
class Method:
    name: str  # the JSON-RPC method
    section: str  # its key in the resources file


LIST = Method("resources/list", "list")
TEMPLATES = Method("resources/templates/list", "templates")
READ = Method("resources/read", "read")


@dataclass(frozen=True)
class Server:
    name: str
    script: dict[str, JSON]

    def ask(self, method: Method, key: str) -> dict[str, JSON] | answer.RpcError:
        """The result the server answers ``method`` with for ``key`` (a cursor or URI), or its error."""
        answers = self.script.get(method.section) or {}
        if not isinstance(answers, dict):
            raise InvalidArgs(f"`{method.section}` must map cursors or URIs to answers")
        if self.script.get("capability", True) is False or key not in answers:
            return answer.RpcError(_METHOD_NOT_FOUND, f"method not found: {method.name}")
        # Both editions with resource tools read the answer with rmcp.
        read = answer.with_codes(answer.read(answers[key]), answer.RMCP_CODES)
        if isinstance(read, answer.ServerExited | answer.NoAnswer | answer.GarbledError):
            raise NotModelled("a resource method the server exits on, never answers or garbles: not captured")
        return read if isinstance(read, answer.RpcError) else read.value


def servers(value: JSON) -> dict[str, Server]:
    """The servers by name (the case's ``servers``)."""
    if not isinstance(value, list):
        raise InvalidArgs("`servers` must be an array")
    found: dict[str, Server] = {}
    for server in value:
        if not isinstance(server, dict) or not isinstance(server.get("name"), str):
            raise InvalidArgs("each of `servers` must be an object with a string `name`")
        script = server.get("resources", {})
        if not isinstance(script, dict):
            raise InvalidArgs("a server's `resources` must be an object")
        if server["name"] in found:
            raise InvalidArgs(f"server {server['name']!r} is configured twice")
        found[server["name"]] = Server(server["name"], script)
    return found
