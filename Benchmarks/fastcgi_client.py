"""The FastCGI client side, for talking to stickertext-server's workers
without nginx: the records of one responder request and the reading of an
answer. Used by fcgi_probe.py (scaleout.sh), fcgi_drive.py (profile-worker.sh)
and the end-to-end metrics tests, so the wire format is written once."""
import struct

BEGIN_REQUEST, END_REQUEST, PARAMS, STDIN, STDOUT = 1, 3, 4, 5, 6
RESPONDER = 1


def record(kind, content):
    padding = -len(content) % 8
    return struct.pack('>BBHHBx', 1, kind, 1, len(content), padding) + content + b'\0' * padding


def params(pairs):
    """The PARAMS content of name/value pairs (str or bytes)."""
    def length(n):
        return bytes([n]) if n < 128 else struct.pack('>I', n | 0x80000000)
    out = b''
    for name, value in pairs:
        name = name.encode() if isinstance(name, str) else name
        value = value.encode() if isinstance(value, str) else value
        out += length(len(name)) + length(len(value)) + name + value
    return out


def request(pairs, body=b'', end=True, keep=False):
    """The bytes of one request: its params, then `body` on stdin, then (with
    `end`) the empty stdin record that ends it; without, the request stays in
    flight until the caller sends `record(STDIN, b'')`. With `keep`, it asks
    the backend to keep the connection for the next (FCGI_KEEP_CONN)."""
    out = (record(BEGIN_REQUEST, struct.pack('>HB5x', RESPONDER, 1 if keep else 0)) + record(PARAMS, params(pairs))
           + record(PARAMS, b''))
    if body:
        out += record(STDIN, body)
    return out + (record(STDIN, b'') if end else b'')


def stdout(answer):
    """The concatenated STDOUT content of an answer's records."""
    out = b''
    while len(answer) >= 8:
        _, kind, _, length, padding = struct.unpack('>BBHHBx', answer[:8])
        if kind == STDOUT:
            out += answer[8:8 + length]
        answer = answer[8 + length + padding:]
    return out


def status_line(answer):
    """The answer's Status line, or 'no answer' when there is no output
    (libfcgi closes on a peer not in FCGI_WEB_SERVER_ADDRS)."""
    out = stdout(answer)
    return out.split(b'\r\n')[0].decode() if out else 'no answer'
