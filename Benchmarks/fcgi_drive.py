#!/usr/bin/env python3
"""Sends N requests, one after another, straight to a FastCGI backend's unix
socket, with the params nginx's site config sends (/etc/nginx/fastcgi_params
plus the client's headers), one connection per request as nginx does. For
profiling a worker without nginx and wrk in the picture: the same bytes every
run, so instruction counts compare. Checks each answer's status line.

usage: fcgi_drive.py SOCKET N METHOD PATH [BODY_FILE]
"""
import socket
import struct
import sys

BEGIN, END, PARAMS, STDIN, STDOUT = 1, 3, 4, 5, 6
RESPONDER = 1


def record(kind, content):
    padding = -len(content) % 8
    return struct.pack('>BBHHBx', 1, kind, 1, len(content), padding) + content + b'\0' * padding


def pair(name, value):
    def length(n):
        return bytes([n]) if n < 128 else struct.pack('>I', n | 0x80000000)
    return length(len(name)) + length(len(value)) + name + value


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
    encoded = b''.join(pair(k.encode(), v.encode()) for k, v in params)
    out = record(BEGIN, struct.pack('>HB5x', RESPONDER, 0)) + record(PARAMS, encoded) + record(PARAMS, b'')
    if body:
        out += record(STDIN, body)
    return out + record(STDIN, b'')


def status(answer):
    """The Status line of the first STDOUT record."""
    if len(answer) >= 8 and answer[1] == STDOUT:
        return answer[8:8 + struct.unpack('>H', answer[4:6])[0]].split(b'\r\n')[0].decode()
    return 'no answer'


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
        line = status(answer)
        seen[line] = seen.get(line, 0) + 1
    print(' '.join(f'{n}× {line!r}' for line, n in seen.items()))
    sys.exit(0 if all(line.startswith('Status: 2') for line in seen) else 1)


main()
