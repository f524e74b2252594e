"""The well-behaved client of the fairness benchmark: small edits from its own
address (bound as the source of its one keep-alive connection), at a steady
rate under nginx's per-address limits, each answer checked. Prints one line:
requests, failed (anything but the right 200), and latency percentiles.
usage: fair_client.py PORT SOURCE SECONDS RATE"""
import http.client
import json
import sys
import time

port, source, seconds, rate = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
body = json.dumps({'text': '你好[微笑]', 'selection': {'location': 2, 'length': 0}, 'op': 'insert', 'string': '呀'},
                  ensure_ascii=False).encode()
expect = '你好呀[微笑]'


def connect():
    return http.client.HTTPConnection('127.0.0.1', port, timeout=30, source_address=(source, 0))


connection = connect()
latencies, failed, statuses = [], 0, {}
start = time.monotonic()
due = start
while time.monotonic() - start < seconds:
    due += 1 / rate
    sent = time.perf_counter()
    try:
        connection.request('POST', '/api/edit', body, {'Content-Type': 'application/json'})
        r = connection.getresponse()
        answer = r.read()
        statuses[r.status] = statuses.get(r.status, 0) + 1
        if r.status != 200 or json.loads(answer)['text'] != expect:
            failed += 1
    except (OSError, http.client.HTTPException):
        failed += 1
        connection.close()
        connection = connect()
    latencies.append((time.perf_counter() - sent) * 1000)
    pause = due - time.monotonic()
    if pause > 0:
        time.sleep(pause)
    else:
        due = time.monotonic()  # late: go on at the rate, without a burst to catch up
latencies.sort()


def pct(p):
    return latencies[min(len(latencies) - 1, int(len(latencies) * p / 100))]


print(f'{len(latencies)} requests, {failed} failed, statuses {statuses}, '
      f'p50 {pct(50):.2f} ms, p99 {pct(99):.2f} ms, max {latencies[-1]:.2f} ms')
