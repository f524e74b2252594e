"""nginx keeps its FastCGI connections open (fastcgi_keep_conn, upstream
keepalive), and a worker's idle threads wait in its poller rather than on an
idle connection: however many connections nginx keeps, more than the worker
has threads, requests on them are answered at once; a reload or a stop
closes the idle ones and fails no request."""
import http.client
import json
import os
import signal
import threading
import time

import pytest

from service import Service

CLIENTS = 16
THREADS = 2
# Without the poller, libfcgi held a thread on each kept connection until nginx
# closed it: a request on any other connection waited for nginx's 30 s
# fastcgi_read_timeout and was answered 504. An answer this late is that stall,
# not a slow machine (a debug-built render takes milliseconds).
STALL = 5.0


@pytest.fixture(scope='module')
def narrow():
    """One worker with two threads: far fewer than the connections nginx keeps."""
    s = Service(workers=1, threads=THREADS)
    yield s
    s.stop()


def sockets(pid):
    """The sockets a process holds: its listening ones, and each connection nginx keeps to it."""
    fds = os.path.join('/proc', str(pid), 'fd')
    count = 0
    for fd in os.listdir(fds):
        try:
            count += os.readlink(os.path.join(fds, fd)).startswith('socket:')
        except FileNotFoundError:
            pass  # closed meanwhile
    return count


def burst(service, requests_each, stop=None):
    """CLIENTS clients at once, each on its own kept-alive HTTP connection, each
    rendering its own text `requests_each` times (or until `stop` is set):
    returns (answers that were wrong, the slowest answer's seconds, answers)."""
    wrong, slowest, answered = [], [0.0], [0]
    lock = threading.Lock()

    def client(n):
        connection = http.client.HTTPConnection('127.0.0.1', service.port, timeout=60)
        try:
            i = 0
            while (i < requests_each) if stop is None else not stop.is_set():
                text = f'client {n} request {i} [微笑]'
                start = time.monotonic()
                try:
                    connection.request('POST', '/api/render', body=json.dumps({'text': text}).encode(),
                                       headers={'Content-Type': 'application/json'})
                    r = connection.getresponse()
                    body = r.read()
                    ok = r.status == 200 and json.loads(body)['html'].startswith(f'client {n} request {i} <img')
                    outcome = None if ok else f'{r.status} {body[:200]!r}'
                except (OSError, http.client.HTTPException) as e:
                    outcome = f'{type(e).__name__}: {e}'
                    connection.close()
                    connection = http.client.HTTPConnection('127.0.0.1', service.port, timeout=60)
                took = time.monotonic() - start
                with lock:
                    slowest[0] = max(slowest[0], took)
                    answered[0] += 1
                    if outcome:
                        wrong.append(outcome)
                i += 1
        finally:
            connection.close()

    clients = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for c in clients:
        c.start()
    return clients, wrong, slowest, answered


def run_burst(service, requests_each):
    clients, wrong, slowest, answered = burst(service, requests_each)
    for c in clients:
        c.join()
    return wrong, slowest[0], answered[0]


def test_more_kept_connections_than_threads_are_answered_at_once(narrow):
    [worker] = narrow.workers()
    before = sockets(worker)
    wrong, slowest, answered = run_burst(narrow, 20)
    assert not wrong and answered == CLIENTS * 20
    # nginx now keeps its connections to the worker open, idle: more than it has threads.
    kept = sockets(worker) - before
    assert kept > THREADS, f'nginx keeps {kept} connections to the worker'
    # Requests on all of them at once, again: none waits for a thread held by an idle connection.
    wrong, slowest, answered = run_burst(narrow, 20)
    assert not wrong, wrong[:3]
    assert answered == CLIENTS * 20
    assert slowest < STALL, f'slowest answer {slowest:.2f} s'
    assert sockets(worker) - before > THREADS


def test_a_reload_and_a_stop_close_the_idle_kept_connections_and_fail_no_request():
    s = Service(workers=2, threads=THREADS)
    try:
        wrong, _, _ = run_burst(s, 10)
        assert not wrong
        old = s.workers()
        # Reloads under load: the old workers close their idle connections and
        # exit; a request nginx sent on one as it closed is retried elsewhere.
        stop = threading.Event()
        clients, wrong, slowest, answered = burst(s, 0, stop)
        for _ in range(3):
            time.sleep(0.7)
            s.server.send_signal(signal.SIGHUP)
        deadline = time.time() + 10
        while set(old) & set(s.workers()) and time.time() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        stop.set()
        for c in clients:
            c.join()
        assert not set(old) & set(s.workers()), 'the old workers are still there'
        assert not wrong, wrong[:3]
        assert answered[0] > CLIENTS and slowest[0] < STALL
        # Kept connections hold a stopping master up only until nginx closes
        # them (keepalive_timeout 2s in the site), far from its 20 s grace.
        start = time.monotonic()
        s.server.send_signal(signal.SIGTERM)
        s.server.wait(timeout=15)
        assert time.monotonic() - start < 5
        assert 'killing them' not in s.server_log()
    finally:
        s.stop()
