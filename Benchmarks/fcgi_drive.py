#!/usr/bin/env python3
"""Sends N requests, one after another, straight to a FastCGI backend's unix
socket, with the params nginx's site config sends (/etc/nginx/fastcgi_params
plus the client's headers), one connection per request as nginx does. For
profiling a worker without nginx and wrk in the picture: the same bytes every
run, so instruction counts compare. Checks each answer's status line. With
--keep, all N over one connection kept open (FCGI_KEEP_CONN), as nginx does
with `fastcgi_keep_conn`: no connect, accept or close per request.

usage: fcgi_drive.py [--keep] SOCKET N METHOD PATH [BODY_FILE]
"""
import socket
import struct
import sys

from fastcgi_client import END_REQUEST, request, status_line


def request_bytes(method, path, body, keep=False):
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
    return request(params, body, keep=keep)


def answers_kept(s, message, count):
    """`count` answers to `message`, sent one after another over the kept connection `s`:
    an answer is its whole records up to its END_REQUEST."""
    pending = b''
    for _ in range(count):
        s.sendall(message)
        answer = b''
        while True:
            if len(pending) >= 8:
                _, kind, _, length, padding = struct.unpack('>BBHHBx', pending[:8])
                size = 8 + length + padding
                if len(pending) >= size:
                    answer += pending[:size]
                    pending = pending[size:]
                    if kind == END_REQUEST:
                        break
                    continue
            chunk = s.recv(65536)
            if not chunk:
                sys.exit('the backend closed a kept connection')
            pending += chunk
        yield answer


def answers_apart(path_socket, message, count):
    """`count` answers to `message`, each over a connection of its own."""
    for _ in range(count):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(60)
            s.connect(path_socket)
            s.sendall(message)
            answer = b''
            while chunk := s.recv(65536):
                answer += chunk
        yield answer


def main():
    args = sys.argv[1:]
    keep = args[:1] == ['--keep']
    if keep:
        args = args[1:]
    path_socket, count, method, path = args[0], int(args[1]), args[2], args[3]
    body = open(args[4], 'rb').read() if len(args) > 4 else b''
    message = request_bytes(method, path, body, keep)
    seen = {}
    if keep:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(60)
            s.connect(path_socket)
            for answer in answers_kept(s, message, count):
                line = status_line(answer)
                seen[line] = seen.get(line, 0) + 1
    else:
        for answer in answers_apart(path_socket, message, count):
            line = status_line(answer)
            seen[line] = seen.get(line, 0) + 1
    print(' '.join(f'{n}× {line!r}' for line, n in seen.items()))
    sys.exit(0 if all(line.startswith('Status: 2') for line in seen) else 1)


main()
