"""The agent command a client under test runs in a client trace: it copies its stdin to the
runner's socket and the socket to its stdout, so each agent process the client starts is one
connection to the runner's scripted agent. Standard library only, run as a script."""

from __future__ import annotations

import os
import socket
import sys
import threading


def main(path: str) -> int:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError as error:
        print(f"relay: cannot reach the trace runner at {path}: {error}", file=sys.stderr)
        return 1

    def upstream() -> None:
        # the client's requests to the runner; EOF: the client closed its end
        while chunk := os.read(0, 65536):
            conn.sendall(chunk)
        conn.shutdown(socket.SHUT_WR)

    threading.Thread(target=upstream, daemon=True).start()
    # the runner's messages to the client; EOF: the runner closed the connection, so this
    # "agent process" exits and the client sees its transport lost
    while chunk := conn.recv(65536):
        os.write(1, chunk)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
