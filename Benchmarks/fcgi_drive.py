#!/usr/bin/env python3
"""Sends N requests, one after another, straight to a FastCGI backend's unix
socket, with the params nginx's site config sends (/etc/nginx/fastcgi_params
plus the client's headers), one connection per request as nginx does. For
profiling a worker without nginx and wrk in the picture: the same bytes every
run, so instruction counts compare. Checks each answer's status line.

usage: fcgi_drive.py SOCKET N METHOD PATH [BODY_FILE]
"""
import socket
import sys

from fastcgi_client import request, status_line


def request_bytes(method, path, body):
    params = [
        ('QUERY_STRING', ''), ('REQUEST_METHOD', method),
        ('CONTENT_TYPE', 'application/json' if body else ''), ('CONTENT_LENGTH', str(len(body)) if body else ''),
        ('SCRIPT_NAME', path), ('REQUEST_URI', path), ('DOCUMENT_URI', path),
        ('DOCUMENT_ROOT', '/srv/stickertext/public'), ('SERVER_PROTOCOL', 'HTTP/1.1'), ('REQUEST_SCHEME', 'http'),
        ('GATEWAY_INTERFACE', 'CGI/1.1'), ('SERVER_SOFTWARE', 'nginx/1.26.3'),
        ('REMOTE_ADDR', '127.0.0.1'), ('REMOTE_PORT', '54321'), ('SERVER_ADDR', '127.0.0.1'),
        ('SERVER_PORT', '8080'), ('SERVER_NAME', 'localhost'), ('REDIRECT_STATUS', '200'),
        ('HTTP_HOST', 'localhost'), ('HTTP_PROXY', ''),
        ('HTTP_USER_AGENT', 'fcgi_drive'), ('HTTP_ACCEPT', '*/*'),
    ]
    if body:
        params.append(('HTTP_CONTENT_TYPE', 'application/json'))
        params.append(('HTTP_CONTENT_LENGTH', str(len(body))))
    return request(params, body)


def main():
    path_socket, count, method, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    body = open(sys.argv[5], 'rb').read() if len(sys.argv) > 5 else b''
    message = request_bytes(method, path, body)
    seen = {}
    for _ in range(count):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(60)
            s.connect(path_socket)
            s.sendall(message)
            answer = b''
            while chunk := s.recv(65536):
                answer += chunk
        line = status_line(answer)
        seen[line] = seen.get(line, 0) + 1
    print(' '.join(f'{n}× {line!r}' for line, n in seen.items()))
    sys.exit(0 if all(line.startswith('Status: 2') for line in seen) else 1)


main()
