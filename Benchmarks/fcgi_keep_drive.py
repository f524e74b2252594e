#!/usr/bin/env python3
"""Sends N requests, one after another, over ONE FastCGI connection kept open
(FCGI_KEEP_CONN), as nginx does with `fastcgi_keep_conn` between requests: no
connect, accept or close per request, so what a backend spends per request
is its own. Checks each answer's status line.

usage: fcgi_keep_drive.py SOCKET N METHOD PATH [BODY_FILE]
"""
import socket
import struct
import sys

from fastcgi_client import BEGIN_REQUEST, END_REQUEST, PARAMS, RESPONDER, STDIN, params, record, status_line

KEEP_CONN = 1


def main():
    path_socket, count, method, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    body = open(sys.argv[5], 'rb').read() if len(sys.argv) > 5 else b''
    pairs = [('QUERY_STRING', ''), ('REQUEST_METHOD', method), ('CONTENT_TYPE', 'application/json' if body else ''),
             ('CONTENT_LENGTH', str(len(body)) if body else ''), ('SCRIPT_NAME', path), ('REQUEST_URI', path),
             ('DOCUMENT_URI', path), ('SERVER_PROTOCOL', 'HTTP/1.1'), ('REMOTE_ADDR', '127.0.0.1'),
             ('REMOTE_PORT', '54321'), ('HTTP_HOST', 'localhost')]
    message = (record(BEGIN_REQUEST, struct.pack('>HB5x', RESPONDER, KEEP_CONN)) + record(PARAMS, params(pairs))
               + record(PARAMS, b'') + (record(STDIN, body) if body else b'') + record(STDIN, b''))
    seen = {}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(60)
        s.connect(path_socket)
        pending = b''
        for _ in range(count):
            s.sendall(message)
            answer = b''
            ended = False
            while not ended:
                # Whole records only; an answer ends with its END_REQUEST record.
                while len(pending) >= 8:
                    _, kind, _, length, padding = struct.unpack('>BBHHBx', pending[:8])
                    size = 8 + length + padding
                    if len(pending) < size:
                        break
                    answer += pending[:size]
                    pending = pending[size:]
                    if kind == END_REQUEST:
                        ended = True
                        break
                if not ended:
                    chunk = s.recv(65536)
                    if not chunk:
                        sys.exit(f'the backend closed the connection after {sum(seen.values())} answers')
                    pending += chunk
            line = status_line(answer)
            seen[line] = seen.get(line, 0) + 1
    print(' '.join(f'{n}× {line!r}' for line, n in seen.items()))
    sys.exit(0 if all(line.startswith('Status: 2') for line in seen) else 1)


main()
