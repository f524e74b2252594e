#!/usr/bin/env python3
"""Asks a FastCGI backend for GET /api/health directly, without nginx, and
prints the Status line it answers, or "no answer" when the backend closes the
connection unanswered (libfcgi does that to a peer not in
FCGI_WEB_SERVER_ADDRS). Exits 0 on an answer, 1 on none.

usage: fcgi_probe.py HOST:PORT
"""
import socket
import sys

from fastcgi_client import request, status_line

host, port = sys.argv[1].rsplit(':', 1)
with socket.create_connection((host, int(port)), timeout=5) as s:
    s.sendall(request([('REQUEST_METHOD', 'GET'), ('REQUEST_URI', '/api/health'), ('DOCUMENT_URI', '/api/health'),
                       ('SCRIPT_NAME', '/api/health'), ('QUERY_STRING', ''), ('CONTENT_LENGTH', '0')]))
    answer = b''
    try:
        while chunk := s.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
line = status_line(answer)
print(line)
sys.exit(0 if line != 'no answer' else 1)
