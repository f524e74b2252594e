#!/usr/bin/env python3
"""Asks a FastCGI backend for GET PATH (/api/health) directly, without nginx,
and prints the Status line it answers, or "no answer" when the backend closes
the connection unanswered (libfcgi does that to a peer not in
FCGI_WEB_SERVER_ADDRS); with --etag, the answer's ETag instead (make
scaleout compares the backends' packs, which nginx's cache would hide).
Exits 0 on an answer, 1 on none.

usage: fcgi_probe.py [--etag] HOST:PORT [PATH]
"""
import socket
import sys

from fastcgi_client import request, status_line, stdout

etag = '--etag' in sys.argv[1:]
args = [arg for arg in sys.argv[1:] if arg != '--etag']
address, path = args[0], args[1] if len(args) > 1 else '/api/health'
host, port = address.rsplit(':', 1)
with socket.create_connection((host, int(port)), timeout=5) as s:
    s.sendall(request([('REQUEST_METHOD', 'GET'), ('REQUEST_URI', path), ('DOCUMENT_URI', path),
                       ('SCRIPT_NAME', path), ('QUERY_STRING', ''), ('CONTENT_LENGTH', '0'), ('REMOTE_ADDR', '127.0.0.1')]))
    answer = b''
    try:
        while chunk := s.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
line = status_line(answer)
if etag and line != 'no answer':
    head = stdout(answer).split(b'\r\n\r\n')[0].decode('latin-1').split('\r\n')
    line = next((h.split(':', 1)[1].strip() for h in head if h.lower().startswith('etag:')), 'no ETag')
print(line)
sys.exit(0 if line != 'no answer' else 1)
