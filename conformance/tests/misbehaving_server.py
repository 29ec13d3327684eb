"""A JSON-lines adapter server that misbehaves on purpose: ``python misbehaving_server.py MODE``.

It answers like ``fake_adapters.correct`` except on op ``demo.upper``, where,
depending on MODE, it writes a line that is not JSON (``garbage``), writes a
response with the wrong id (``wrong-id``), exits (``exit``) or never answers
(``hang``).  Every start is logged to stderr, so tests can count restarts.
"""

from __future__ import annotations

import json
import sys
import time

from fake_adapters import correct


def main() -> None:
    mode = sys.argv[1]
    print(f"misbehaving server starting in mode {mode}", file=sys.stderr, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "demo.upper":
            if mode == "garbage":
                sys.stdout.write("this is not json\n")
            elif mode == "wrong-id":
                sys.stdout.write(json.dumps({"id": request["id"] + 100, "result": {}}) + "\n")
            elif mode == "exit":
                print("exiting on purpose", file=sys.stderr, flush=True)
                sys.exit(3)
            elif mode == "hang":
                time.sleep(3600)
            sys.stdout.flush()
            continue
        response = correct({"op": request["op"], "args": request["args"]})
        sys.stdout.write(json.dumps({"id": request["id"], **response}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
