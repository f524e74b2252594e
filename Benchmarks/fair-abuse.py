#!/usr/bin/env python3
"""The abusive clients of the fairness benchmark (Benchmarks/fair-bench.sh)
that wrk cannot be: each from one source address, for a number of seconds,
against nginx on 127.0.0.1:PORT (issue 36's rows):

  amplify      CONNECTIONS clients posting the amplifying render as fast as
               answered: 1 MiB of [ok] with a baseURL of 500 characters and a
               className of 60 (about 500 MB of answer each, before an answer
               limit), every answer read to its end;
  amplify-small CONNECTIONS clients posting a small body that amplifies:
               8,000 [ok] with the same baseURL (33 KB; 15 MB of answer, under
               the service's 16 MiB, before answers were held to 16 times their
               body), each connection reset 50 ms after its request, as fast
               as it can (the answer is the service's to make, not this
               client's to read);
  slow-reader  CONNECTIONS clients posting the same, each reading the status
               line of its answer and nothing more, holding the connection until
               nginx cuts it off, then another;
  half-open    CONNECTIONS connections, each sending half a request line and no
               more, another opened as nginx closes one;
  long-get     CONNECTIONS clients, as fast as answered, GETting a render of an
               8 KB URL (short codes, the same long baseURL and className), each
               URL new, so that nginx's cache never has it.

Prints what wrk-fair.lua prints (STATUS code count, BAD, LATENCY in ms), and
NOTE lines (connections opened, held, cut off by nginx).
usage: fair-abuse.py KIND SOURCE PORT CONNECTIONS SECONDS"""
import http.client
import json
import selectors
import socket
import sys
import threading
import time
from collections import Counter

BASE_URL = 'https://stickers.example.com/' + 'a' * 470 + '/'  # 500 characters
CLASS_NAME = 'c' * 60
BODY_LIMIT = 1048576


def amplifying_body():
    """The largest body under the limit: as many [ok] as fit beside the options."""
    def body(codes):
        return json.dumps({'text': '[ok]' * codes, 'options': {'baseURL': BASE_URL, 'className': CLASS_NAME}}).encode()
    codes = (BODY_LIMIT - len(body(0))) // 4
    return body(codes)


def small_amplifying_body():
    """A body of 33 KB whose answer was 15 MB: short codes with the long baseURL."""
    return json.dumps({'text': '[ok]' * 8000, 'options': {'baseURL': BASE_URL}}).encode()


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.statuses, self.notes, self.latencies = Counter(), Counter(), []

    def status(self, status, seconds=None):
        with self.lock:
            self.statuses[status] += 1
            if seconds is not None:
                self.latencies.append(seconds * 1000)

    def note(self, key, count=1):
        with self.lock:
            self.notes[key] += count

    def report(self):
        for status, count in sorted(self.statuses.items()):
            print(f'STATUS {status} {count}')
        for key, count in sorted(self.notes.items()):
            print(f'NOTE {key} {count}')
        print('BAD 0')
        ms = sorted(self.latencies) or [0.0]
        at = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]
        print(f'LATENCY p50 {at(0.5):.3f} p99 {at(0.99):.3f} max {ms[-1]:.3f}')


def left(deadline):
    """The seconds to `deadline`: no client waits past its phase."""
    return max(0.1, deadline - time.monotonic())


def connection(source, port, deadline):
    return http.client.HTTPConnection('127.0.0.1', port, timeout=left(deadline), source_address=(source, 0))


def requests_as_fast_as_answered(source, port, deadline, tally, request):
    """One client: `request(connection, n)` sends the n-th request; its answer
    is read to its end in 1 MiB pieces and dropped, then the next one."""
    n, client = 0, None
    while time.monotonic() < deadline:
        n += 1
        client = client or connection(source, port, deadline)
        client.timeout = left(deadline)
        if client.sock:
            client.sock.settimeout(client.timeout)
        start = time.monotonic()
        try:
            request(client, n)
            answer = client.getresponse()
            while answer.read(1 << 20):
                pass
            tally.status(answer.status, time.monotonic() - start)
            if answer.will_close:
                client.close()
                client = None
        except (OSError, http.client.HTTPException):
            tally.note('connection errors')
            client.close()
            client = None
            time.sleep(0.05)


def amplify(source, port, connections, deadline, tally):
    body = amplifying_body()
    def request(client, n):
        client.request('POST', '/api/render', body, {'Content-Type': 'application/json'})
    run_clients(connections, lambda: requests_as_fast_as_answered(source, port, deadline, tally, request))


def amplify_small(source, port, connections, deadline, tally):
    body = small_amplifying_body()
    request = (f'POST /api/render HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
               f'Content-Length: {len(body)}\r\n\r\n').encode() + body

    def client():
        while time.monotonic() < deadline:
            try:
                s = socket.create_connection(('127.0.0.1', port), timeout=left(deadline), source_address=(source, 0))
            except OSError:
                tally.note('connection errors')
                time.sleep(0.05)
                continue
            start = time.monotonic()
            try:
                s.sendall(request)
                s.settimeout(0.05)
                head = s.recv(64)
                tally.status(int(head.split(b' ')[1]), time.monotonic() - start)
            except (OSError, IndexError, ValueError):
                tally.note('reset before the status line')
            # RST, not FIN: the connection is dropped as a client that gives up does.
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b'\x01\x00\x00\x00\x00\x00\x00\x00')
            s.close()
    run_clients(connections, client)


def long_get(source, port, connections, deadline, tally):
    options = f'baseURL={BASE_URL}&className={CLASS_NAME}&text='
    def request(client, n):
        # Brackets as sent by a client that does not escape them; a number of its own ends the text.
        text = '[ok]' * ((8000 - len(options) - 40) // 4) + str(n) + str(threading.get_ident())
        client.request('GET', f'/api/render?{options}{text}')
    run_clients(connections, lambda: requests_as_fast_as_answered(source, port, deadline, tally, request))


def run_clients(count, client):
    threads = [threading.Thread(target=client) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def slow_reader(source, port, connections, deadline, tally):
    """CONNECTIONS clients, each holding an answer unread until nginx cuts it
    off, then asking again. A held connection is watched by peeking (which
    takes nothing off the receive queue) for nginx's reset."""
    body = amplifying_body()
    head = (b'POST /api/render HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
            b'Content-Length: %d\r\n\r\n' % len(body))

    def client():
        while time.monotonic() < deadline:
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.bind((source, 0))
            s.settimeout(left(deadline))
            start = time.monotonic()
            try:
                s.connect(('127.0.0.1', port))
                s.sendall(head + body)
                status = int(s.recv(12)[9:12])  # "HTTP/1.1 200"
            except (OSError, ValueError):
                tally.note('connection errors')
                s.close()
                time.sleep(0.2)
                continue
            tally.status(status, time.monotonic() - start)
            if status != 200:
                s.close()
                time.sleep(0.2)  # a reader, not a flood: that is the amplify case
                continue
            tally.note('answers held unread')
            while time.monotonic() < deadline:
                try:
                    s.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
                except BlockingIOError:
                    time.sleep(0.5)
                    continue
                except OSError:
                    pass
                tally.note('cut off by nginx')
                break
            s.close()

    run_clients(connections, client)


def half_open(source, port, connections, deadline, tally):
    watch = selectors.DefaultSelector()

    def one():
        s = socket.socket()
        s.bind((source, 0))
        s.setblocking(False)
        try:
            s.connect(('127.0.0.1', port))
        except BlockingIOError:
            pass
        watch.register(s, selectors.EVENT_WRITE)
        tally.note('connections opened')

    for _ in range(connections):
        one()
    while time.monotonic() < deadline:
        for key, events in watch.select(timeout=0.5):
            s = key.fileobj
            if events & selectors.EVENT_WRITE:
                try:
                    s.send(b'GET /api/hea')  # half a request line, and no more
                    watch.modify(s, selectors.EVENT_READ)
                    continue
                except OSError:
                    pass
            else:
                try:
                    if s.recv(1024):
                        continue
                except BlockingIOError:
                    continue
                except OSError:
                    pass
            watch.unregister(s)
            s.close()
            tally.note('closed by nginx')
            one()
    for key in list(watch.get_map().values()):
        key.fileobj.close()


KINDS = {'amplify': amplify, 'amplify-small': amplify_small, 'slow-reader': slow_reader, 'half-open': half_open, 'long-get': long_get}

if __name__ == '__main__':
    if len(sys.argv) != 6 or sys.argv[1] not in KINDS:
        sys.exit(__doc__)
    kind, source, port, connections, seconds = sys.argv[1:]
    tally = Tally()
    KINDS[kind](source, int(port), int(connections), time.monotonic() + float(seconds), tally)
    tally.report()
