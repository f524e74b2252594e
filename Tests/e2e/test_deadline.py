"""The deadline (--request-timeout) against the real nginx and server: every
request that runs past it is answered 503 timed_out once and is never run
again, however many run past it at once, and the other requests stay fast.

A worker cannot stop a thread running Swift code, so it retires and is
replaced; if its exit cut off a request still running, nginx would send that
request to another worker (fastcgi_next_upstream … non_idempotent), where it
would run again and take that worker down too. The slow requests are made
with the server's test-only switch (Sources/StickerTextFastCGI/Requests/
TestOnlySlowRequests.swift), which logs each time a request starts."""
import re
import threading
import time
from collections import Counter

from service import Service, eventually
from test_metrics import scrape, value

TIMEOUT = 1.0
HOLD_MS = 5000  # long past the deadline, and past a worker's exit under the old rule
SMALL = {'text': 'hi'}


def slow(tag, method='POST', path='/api/count', body=b'{"text":"slow"}'):
    return tag, method, path, body


def holders(service, tag):
    """The workers that started the request tagged `tag`, one per start."""
    began = rf'test-only hold of {HOLD_MS} ms began: {tag} in worker (\d+)\n'
    return [int(pid) for pid in re.findall(began, service.server_log())]


def test_every_request_past_the_deadline_is_answered_503_once_and_run_once_while_small_ones_stay_fast():
    # 2 workers with threads to spare: a small request never waits for a thread,
    # so its time is what the slow ones' deadline does to it.
    service = Service(workers=2, threads=8, extra=('--request-timeout', str(TIMEOUT)),
                      env={'STICKERTEXT_TEST_SLOW_REQUESTS': '1'})
    try:
        requests = [slow(f'slow-{i}') for i in range(5)] + [
            slow('slow-get', 'GET', '/api/health', None),
            slow('slow-head', 'HEAD', '/api/health', None),
            # Over 64 KiB: the large-body pool, on its own socket.
            slow('slow-large', body=b'{"text":"' + b'a' * 70_000 + b'"}'),
        ]
        answers = {}

        def send_slow(tag, method, path, body):
            headers = {'X-Stickertext-Test-Hold': f'{HOLD_MS} {tag}', 'Content-Type': 'application/json'}
            start = time.monotonic()
            r = service.request(method, path, body, headers)
            answers[tag] = (r, time.monotonic() - start)

        small = []
        stop = threading.Event()

        def send_small():
            while not stop.is_set():
                start = time.monotonic()
                r = service.post_json('/api/count', SMALL)
                small.append((r.status, time.monotonic() - start))
                time.sleep(0.005)

        smalls = [threading.Thread(target=send_small) for _ in range(2)]
        for t in smalls:
            t.start()
        time.sleep(0.2)
        slows = [threading.Thread(target=send_slow, args=request) for request in requests]
        for t in slows:
            t.start()
        for t in slows:
            t.join()
        # The small ones go on while the workers that held the slow ones retire and are replaced.
        retiring = {pid for tag, _, _, _ in requests for pid in holders(service, tag)}
        gone = eventually(lambda: True if retiring.isdisjoint(service.workers()) else None, timeout=15)
        time.sleep(0.5)
        stop.set()
        for t in smalls:
            t.join()

        for tag, _, _, _ in requests:
            r, took = answers[tag]
            assert r.status == 503, (tag, r.status, r.body[:200])
            if tag != 'slow-head':
                assert r.json()['error']['code'] == 'timed_out', (tag, r.body)
            # At its own deadline: not at a later one of a second run elsewhere.
            assert took < TIMEOUT + 0.8, (tag, took)
            # Run once: the switch logs each start, and a second start would come
            # from nginx sending it again to another worker.
            assert len(holders(service, tag)) == 1, (tag, holders(service, tag), service.server_log()[-3000:])
        assert gone, 'the workers that held the slow requests did not exit'

        # Answered once, by the backend: one 503 request line for each, and the counters agree.
        lines = re.findall(r'\] (GET|HEAD|POST) (/api/\w+) 503 [0-9.]+ms\n', service.server_log())
        expected = {('POST', '/api/count'): 6, ('GET', '/api/health'): 1, ('HEAD', '/api/health'): 1}
        assert Counter(lines) == Counter(expected), lines
        metrics = scrape(service)
        assert value(metrics, 'stickertext_requests_total', endpoint='/api/count', status='503') == 6
        assert value(metrics, 'stickertext_requests_total', endpoint='/api/health', status='503') == 2
        # One replacement per worker that held slow requests, not one per slow request.
        assert value(metrics, 'stickertext_worker_restarts_total', cause='timed_out') == len(retiring)
        # Nothing stays counted in flight but the scrape itself.
        assert eventually(lambda: True if value(scrape(service), 'stickertext_requests_in_flight') == 1 else None)

        statuses = Counter(status for status, _ in small)
        assert statuses == {200: len(small)}, statuses
        times = sorted(took for _, took in small)
        p99 = times[int(len(times) * 0.99)]
        assert len(times) >= 100 and p99 < 0.25, (len(times), p99, times[-5:])
    finally:
        service.stop()


def test_the_test_only_hold_does_nothing_unless_the_server_was_started_with_its_variable(service):
    start = time.monotonic()
    r = service.request('POST', '/api/count', '{"text":"a"}',
                        {'Content-Type': 'application/json', 'X-Stickertext-Test-Hold': f'{HOLD_MS} ignored'})
    assert r.status == 200 and time.monotonic() - start < 1
    assert 'test-only hold' not in service.server_log()
