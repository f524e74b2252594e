"""A worker's peak memory for the worst requests under the body limit, the
figures of docs/limits.md ("Resources a request can take"): each request on a
fresh service of one worker (VmHWM, reset first, minus VmRSS just before it,
as Tests/e2e/test_resources.py measures and bounds it), and the worst at once.
Each is run RUNS times, each time on a fresh worker; the least and the most
are printed.

usage: python3 Benchmarks/worker-memory.py [RUNS]     (from the checkout, as root or not)
       SERVER_BIN=.build/release/stickertext-server: the build measured (release: as make run builds it)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'e2e'))

import test_resources as t  # noqa: E402  (the requests and the measure are the test's own)
from service import SERVER, Service  # noqa: E402

MiB = 1 << 20
AMPLIFYING = {'text': t.CODES, 'options': {'baseURL': t.LONG_BASE_URL, 'className': 'c' * 60}}
REQUESTS = {'render of 1 MiB of [ok], a 500-character baseURL, a 60-character className': ('/api/render', AMPLIFYING),
            **t.WORST}


def fresh():
    return Service(workers=1, threads=4, extra=['--request-timeout', '29'])


def once(path, request):
    service = fresh()
    try:
        t.post(service, '/api/render', {'text': 'warm [ok]'})
        r, peak = t.peak_during(service, lambda: t.post(service, path, request))
        return r.status, peak
    finally:
        service.stop()


def at_once():
    """test_resources.py's worst at once, its peak."""
    service = fresh()
    try:
        measured = {}
        original = t.peak_during

        def keep(s, send):
            answer, peak = original(s, send)
            measured['peak'] = peak
            return answer, peak
        t.peak_during = keep
        try:
            t.test_the_worst_requests_at_once_keep_the_worker_within_its_bound(service)
        finally:
            t.peak_during = original
        return measured['peak']
    finally:
        service.stop()


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f'{SERVER}, {runs} runs each, a fresh worker each (MiB above the RSS before the request)')
    for name, (path, request) in REQUESTS.items():
        results = [once(path, request) for _ in range(runs)]
        peaks = [peak / MiB for _, peak in results]
        print(f'{name}: {sorted({s for s, _ in results})} {min(peaks):.0f}–{max(peaks):.0f} MiB')
    peaks = [at_once() / MiB for _ in range(runs)]
    print(f'the worst at once: {min(peaks):.0f}–{max(peaks):.0f} MiB')


if __name__ == '__main__':
    main()
