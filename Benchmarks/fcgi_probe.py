#!/usr/bin/env python3
"""Asks a FastCGI backend for GET /api/health directly, without nginx, and
prints the Status line it answers, or "no answer" when the backend closes the
connection unanswered (libfcgi does that to a peer not in
FCGI_WEB_SERVER_ADDRS). Exits 0 on an answer, 1 on none.

usage: fcgi_probe.py HOST:PORT
"""
import socket
import struct
import sys

BEGIN, PARAMS, STDIN, STDOUT = 1, 4, 5, 6
RESPONDER = 1


def record(kind, content):
    padding = -len(content) % 8
    return struct.pack('>BBHHBx', 1, kind, 1, len(content), padding) + content + b'\0' * padding


def pair(name, value):
    def length(n):
        return bytes([n]) if n < 128 else struct.pack('>I', n | 0x80000000)
    return length(len(name)) + length(len(value)) + name + value


host, port = sys.argv[1].rsplit(':', 1)
params = b''.join(pair(k, v) for k, v in [
    (b'REQUEST_METHOD', b'GET'), (b'REQUEST_URI', b'/api/health'), (b'DOCUMENT_URI', b'/api/health'),
    (b'SCRIPT_NAME', b'/api/health'), (b'QUERY_STRING', b''), (b'CONTENT_LENGTH', b'0')])
with socket.create_connection((host, int(port)), timeout=5) as s:
    s.sendall(record(BEGIN, struct.pack('>HB5x', RESPONDER, 0)) + record(PARAMS, params) + record(PARAMS, b'')
              + record(STDIN, b''))
    answer = b''
    try:
        while chunk := s.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
# The first STDOUT record carries the CGI headers.
if len(answer) >= 8 and answer[1] == STDOUT:
    print(answer[8:8 + struct.unpack('>H', answer[4:6])[0]].split(b'\r\n')[0].decode())
    sys.exit(0)
print('no answer')
sys.exit(1)
