"""/metrics on the real nginx and server: the counters move as requests are
made, across both workers and the master, nginx's own 413s and 429s are
counted, the scrape parses with prometheus_client's parser, and only
loopback clients get it."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import pytest
from prometheus_client.parser import text_string_to_metric_families

from service import ROOT, Service, eventually
from test_fairness import paste

sys.path.insert(0, os.path.join(ROOT, 'Benchmarks'))
import fastcgi_client  # noqa: E402  (the one FastCGI client, beside the load scripts)


def scrape(service):
    """{(sample name, sorted labels): value} of one scrape through nginx; a
    scrape while no worker is up (one was just killed) is tried again."""
    for _ in range(100):
        r = service.request('GET', '/metrics')
        if r.status == 200:
            break
        time.sleep(0.05)
    assert r.status == 200, r.text
    assert r.headers['content-type'] == 'text/plain; version=0.0.4; charset=utf-8'
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def value(metrics, name, **labels):
    return metrics.get((name, tuple(sorted(labels.items()))), 0)


def settled(service, before, expected, timeout=10):
    """Scrapes until each of `expected` ({(name, labels): change since `before`})
    has its change: a worker records a request just after sending its answer,
    so a scrape made at once may come before the last count. Returns the last
    scrape and the changes it showed."""
    deadline = time.monotonic() + timeout
    while True:
        metrics = scrape(service)
        changes = {key: metrics.get(key, 0) - before.get(key, 0) for key in expected}
        if changes == expected or time.monotonic() > deadline:
            return metrics, changes
        time.sleep(0.05)


def key(name, **labels):
    return name, tuple(sorted(labels.items()))


# A FastCGI client, to talk to the workers without nginx: a request held open
# mid-body (in flight), a body over the server's own limit, a client address
# nginx would never pass.

def fcgi_open(target, params, body=b''):
    """Sends the params and `body`, without ending stdin; returns the
    connection. `target`: a Service (its master's unix socket), or a TCP
    backend's HOST:PORT."""
    if isinstance(target, str):
        host, port = target.rsplit(':', 1)
        connection = socket.create_connection((host, int(port)), timeout=10)
    else:
        connection = socket.socket(socket.AF_UNIX)
        connection.settimeout(10)
        connection.connect(target.socket)
    connection.sendall(fastcgi_client.request(params.items(), body, end=False))
    return connection


def fcgi_request(target, params, body=b''):
    """A whole request to `target` (as `fcgi_open`); returns (status, body) of the answer."""
    connection = fcgi_open(target, params, body)
    connection.sendall(fastcgi_client.record(fastcgi_client.STDIN, b''))
    answer = b''
    while chunk := connection.recv(65536):
        answer += chunk
    connection.close()
    head, _, body = fastcgi_client.stdout(answer).partition(b'\r\n\r\n')
    return int(head.split(b'\r\n')[0].split()[1]), body.decode()


def metrics_params(remote):
    return {'REQUEST_METHOD': 'GET', 'DOCUMENT_URI': '/metrics', 'QUERY_STRING': '', 'REMOTE_ADDR': remote}


def test_the_scrape_parses_and_holds_every_family(service):
    r = service.request('GET', '/metrics')
    assert r.status == 200
    families = {f.name: f.type for f in text_string_to_metric_families(r.text)}
    assert families == {
        'stickertext_requests': 'counter',
        'stickertext_request_duration_seconds': 'histogram',
        'stickertext_requests_in_flight': 'gauge',
        'stickertext_workers_alive': 'gauge',
        'stickertext_worker_restarts': 'counter',
        'stickertext_nginx_rejections': 'counter',
    }
    # HEAD answers the same headers, and /api/health is as it was.
    assert service.request('HEAD', '/metrics').status == 200
    assert service.request('GET', '/api/health').json()['status'] == 'ok'


def test_requests_are_counted_by_endpoint_and_status_over_both_workers(service):
    before = scrape(service)
    for _ in range(6):  # enough that both workers answer some (4 threads each, one socket)
        assert service.request('GET', '/api/health').status == 200
    assert service.post_json('/api/render', {'text': 'hi [微笑]'}).status == 200
    assert service.post_json('/api/render', {'text': 1}).status == 400
    assert service.request('GET', '/api/nope').status == 404
    assert service.request('DELETE', '/api/count').status == 405
    expected = {
        key('stickertext_requests_total', endpoint='/api/health', status='200'): 6,
        key('stickertext_requests_total', endpoint='/api/render', status='200'): 1,
        key('stickertext_requests_total', endpoint='/api/render', status='400'): 1,
        key('stickertext_requests_total', endpoint='other', status='404'): 1,
        key('stickertext_requests_total', endpoint='/api/count', status='405'): 1,
        key('stickertext_requests_total', endpoint='/api/render', status='413'): 0,
        key('stickertext_request_duration_seconds_count', endpoint='/api/health'): 6,
        key('stickertext_request_duration_seconds_bucket', endpoint='/api/health', le='+Inf'): 6,
    }
    after, changes = settled(service, before, expected)
    assert changes == expected
    # Each scrape is counted once it has read the scoreboard: the first one by now, not this one.
    assert value(after, 'stickertext_requests_total', endpoint='/metrics', status='200') \
        > value(before, 'stickertext_requests_total', endpoint='/metrics', status='200')
    assert value(after, 'stickertext_request_duration_seconds_sum', endpoint='/api/health') \
        > value(before, 'stickertext_request_duration_seconds_sum', endpoint='/api/health')


def test_a_request_in_flight_is_counted_until_it_is_answered(service):
    # The scrape itself is in flight; the test before's last scrape may be too, for the moment
    # between its answer and its worker's count (a worker counts a request done after answering).
    quiet = eventually(lambda: m if value(m := scrape(service), 'stickertext_requests_in_flight') == 1 else None)
    assert quiet is not None, 'a request from before stayed in flight'
    # A POST that declares 10 bytes and sends 5: a worker thread waits for the rest.
    held = fcgi_open(service, {'REQUEST_METHOD': 'POST', 'DOCUMENT_URI': '/api/count', 'QUERY_STRING': '',
                               'CONTENT_TYPE': 'application/json', 'CONTENT_LENGTH': '10'}, b'{"tex')
    try:
        busy = eventually(lambda: m if value(m := scrape(service), 'stickertext_requests_in_flight') == 2 else None)
        assert busy is not None, 'the held request was never counted in flight'
    finally:
        held.close()
    idle = eventually(lambda: m if value(m := scrape(service), 'stickertext_requests_in_flight') == 1 else None)
    assert idle is not None, 'the held request stayed in flight after it was answered'


def test_killed_workers_are_counted_as_restarts_and_their_requests_in_flight_go_with_them(service):
    before = scrape(service)
    assert value(before, 'stickertext_workers_alive') == 2
    old = service.workers()
    held = fcgi_open(service, {'REQUEST_METHOD': 'POST', 'DOCUMENT_URI': '/api/count', 'QUERY_STRING': '',
                               'CONTENT_TYPE': 'application/json', 'CONTENT_LENGTH': '10'}, b'{"tex')
    try:
        assert eventually(lambda: m if value(m := scrape(service), 'stickertext_requests_in_flight') == 2 else None)
        for pid in old:
            os.kill(pid, signal.SIGKILL)

        def restarted():
            m = scrape(service)
            done = (value(m, 'stickertext_worker_restarts_total', cause='killed')
                    - value(before, 'stickertext_worker_restarts_total', cause='killed')) == 2
            return m if done and value(m, 'stickertext_workers_alive') == 2 else None

        after = eventually(restarted)
        assert after is not None, 'the master did not count two restarts'
    finally:
        held.close()
    assert not set(service.workers()) & set(old)
    # The held request died with its worker: only the scrape is in flight (once the scrape before
    # it, if another worker answered that one, is counted done).
    assert eventually(lambda: True if value(scrape(service), 'stickertext_requests_in_flight') == 1 else None), \
        "the killed worker's request stayed in flight"
    restarts = 'stickertext_worker_restarts_total'
    assert value(after, restarts, cause='failed') == value(before, restarts, cause='failed')


def test_a_body_over_the_limit_is_counted_once_by_whoever_refuses_it(service):
    before = scrape(service)
    # nginx refuses it (client_max_body_size): the backend never sees it, nginx reports it to the master.
    r = service.request('POST', '/api/render', b'x' * (service.body_limit + 1), {'Content-Type': 'application/json'})
    assert r.status == 413 and r.json()['error']['code'] == 'payload_too_large'
    after = eventually(lambda: m if value(m := scrape(service), 'stickertext_nginx_rejections_total', status='413')
                       == value(before, 'stickertext_nginx_rejections_total', status='413') + 1 else None)
    assert after is not None, "nginx's 413 was not counted"
    assert value(after, 'stickertext_requests_total', endpoint='/api/render', status='413') == 0
    # A body over the server's own limit that reached it (no nginx in front): the worker's 413.
    status, _ = fcgi_request(service, {'REQUEST_METHOD': 'POST', 'DOCUMENT_URI': '/api/render', 'QUERY_STRING': '',
                                       'CONTENT_TYPE': 'application/json',
                                       'CONTENT_LENGTH': str(service.body_limit + 1)})
    assert status == 413
    expected = {key('stickertext_requests_total', endpoint='/api/render', status='413'): 1,
                key('stickertext_nginx_rejections_total', status='413'): 0}
    assert settled(service, after, expected)[1] == expected


def test_a_429_from_an_nginx_rate_limit_is_counted():
    """limit_req in the site (as an operator adds it), reloaded into the running nginx:
    every 429 the client sees is counted, and nothing else is."""
    s = Service()
    try:
        site = os.path.join(s.run, 'site.conf')
        text = open(site).read()
        text = 'limit_req_zone $binary_remote_addr zone=metrics_test:1m rate=1r/m;\n' + text
        text = text.replace('location /api/ {\n', 'location /api/ {\n        limit_req zone=metrics_test;\n', 1)
        open(site, 'w').write(text)
        s.nginx.send_signal(signal.SIGHUP)
        before = scrape(s)
        statuses = []
        for _ in range(100):  # the reload takes effect within a moment
            statuses.append(s.request('GET', '/api/health').status)
            if statuses.count(429) >= 5:
                break
            time.sleep(0.02)
        limited = statuses.count(429)
        assert limited >= 5, statuses
        assert set(statuses) <= {200, 429}
        after = eventually(lambda: m if value(m := scrape(s), 'stickertext_nginx_rejections_total', status='429')
                           - value(before, 'stickertext_nginx_rejections_total', status='429') == limited else None)
        assert after is not None, f'{limited} 429s were not all counted'
        time.sleep(0.2)  # nothing more arrives
        last = scrape(s)
        rejections = 'stickertext_nginx_rejections_total'
        assert value(last, rejections, status='429') - value(before, rejections, status='429') == limited
        assert value(last, 'stickertext_nginx_rejections_total', status='413') == 0
        assert value(last, 'stickertext_requests_total', endpoint='/api/health', status='429') == 0
    finally:
        s.stop()


def test_the_backend_answers_metrics_only_to_a_loopback_client_address(service):
    """The backend's own check, behind nginx's: a REMOTE_ADDR nginx would never pass is refused."""
    status, text = fcgi_request(service, metrics_params('127.0.0.1'))
    assert status == 200 and 'stickertext_workers_alive 2' in text
    assert fcgi_request(service, metrics_params('::1'))[0] == 200
    for remote in ('10.77.0.1', '2001:db8::1'):
        status, text = fcgi_request(service, metrics_params(remote))
        assert status == 403, remote
        assert '"forbidden"' in text and 'stickertext_' not in text


def test_the_site_gates_metrics_to_loopback(service):
    site = open(os.path.join(service.run, 'site.conf')).read()
    block = site[site.index('location = /metrics {'):]
    block = block[:block.index('}')]
    assert [line.strip() for line in block.splitlines() if line.strip().startswith(('allow', 'deny'))] == \
        ['allow 127.0.0.1;', 'allow ::1;', 'deny all;']


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which('unshare'), reason='needs root for a network namespace')
def test_nginx_refuses_metrics_to_a_client_that_is_not_on_loopback(service):
    """The site as generated, in an nginx of its own inside a new network
    namespace where 10.77.0.1 is a local but not a loopback address: a client
    on it gets the site but not /metrics; one on 127.0.0.1 gets both. The
    namespace has no link to any other network, so nothing leaves it."""
    run = tempfile.mkdtemp(prefix='stickertext-e2e-netns-')
    try:
        os.chmod(run, 0o755)
        port = 8080
        subprocess.run([os.path.join(ROOT, 'scripts', 'nginx-conf.sh'), ROOT, run, str(port), service.socket,
                        str(service.body_limit)], check=True)
        site = os.path.join(run, 'site.conf')
        text = open(site).read()
        listen = f'    listen 127.0.0.1:{port};\n'
        assert listen in text
        open(site, 'w').write(text.replace(listen, listen + f'    listen 10.77.0.1:{port};\n'))
        script = f'''
            set -e
            ip link set lo up
            ip addr add 10.77.0.1/32 dev lo
            nginx -p {run} -c {run}/nginx.conf -e {run}/nginx-error.log &
            for i in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:{port}/ && break; sleep 0.05; done
            get() {{
                curl -s -o {run}/body -w '%{{http_code}}' --interface "$1" "http://$1:{port}$2"
                echo " $(head -c 200 {run}/body | tr -d '\\n')"
            }}
            get 10.77.0.1 /metrics
            get 10.77.0.1 /api/health
            get 127.0.0.1 /metrics
            kill -QUIT $(cat {run}/nginx.pid); wait
        '''
        out = subprocess.run(['unshare', '-n', 'bash', '-c', script], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        remote_metrics, remote_health, local_metrics = out.stdout.splitlines()
        # nginx's page: the backend was not asked.
        assert remote_metrics.startswith('403 ') and '"forbidden"' in remote_metrics
        assert 'loopback' not in remote_metrics
        assert remote_health.startswith('200 ') and '"ok"' in remote_health
        assert local_metrics.startswith('200 # HELP stickertext_')
    finally:
        shutil.rmtree(run, ignore_errors=True)


def test_a_request_past_the_deadline_is_counted_503_and_its_worker_restart_as_timed_out():
    service = Service(workers=1, extra=('--request-timeout', '0.2'))
    try:
        before = scrape(service)
        # 600 KB of letters with a combining mark each, under a weighted limit: far past 0.2 s.
        assert service.post_json('/api/edit', paste(200_000)).status == 503
        expected = {
            key('stickertext_requests_total', endpoint='/api/edit', status='503'): 1,
            key('stickertext_worker_restarts_total', cause='timed_out'): 1,
        }
        _, changes = settled(service, before, expected)
        assert changes == expected
    finally:
        service.stop()
