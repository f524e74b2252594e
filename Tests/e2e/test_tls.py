"""HTTPS as Mozilla's "intermediate" profile (nginx/tls-intermediate.conf),
read with `openssl s_client` as a scanner would: every TLS 1.2 suite OpenSSL
knows is offered in turn, alone, and only the forward-secret AEAD ones are
taken; TLS 1.3 is served, 1.1 and 1.0 are not. HSTS on HTTPS only, and plain
HTTP redirected to HTTPS when the site is told to (TLS_REDIRECT=on)."""
import http.client
import os
import socket
import ssl
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from service import ROOT, Service

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

# The profile's TLS 1.2 suites, by the key of the certificate they need.
INTERMEDIATE = {
    'ec': {'ECDHE-ECDSA-AES128-GCM-SHA256', 'ECDHE-ECDSA-AES256-GCM-SHA384', 'ECDHE-ECDSA-CHACHA20-POLY1305'},
    'rsa': {'ECDHE-RSA-AES128-GCM-SHA256', 'ECDHE-RSA-AES256-GCM-SHA384', 'ECDHE-RSA-CHACHA20-POLY1305'},
}
# Suites a server could take with either key, which the issue found taken: no
# forward secrecy, CBC with SHA-1 or SHA-2, CAMELLIA, ARIA, CCM8.
REFUSED = ['AES128-SHA', 'AES256-GCM-SHA384', 'ECDHE-RSA-AES128-SHA', 'ECDHE-ECDSA-AES256-SHA384',
           'CAMELLIA256-SHA', 'ECDHE-ARIA128-GCM-SHA256', 'AES128-CCM8']
# Whatever this OpenSSL can offer, old and weak included (security level 0).
ANY = 'ALL:COMPLEMENTOFALL:@SECLEVEL=0'


def handshake(port, *options):
    """`openssl s_client` against the service with `options`: the protocol and
    suite agreed ('TLSv1.2', 'ECDHE-…'), or None if the handshake failed."""
    run = subprocess.run(['openssl', 's_client', '-connect', f'127.0.0.1:{port}', '-servername', 'localhost', *options],
                         input='', capture_output=True, text=True, timeout=30)
    for line in run.stdout.splitlines():
        if line.startswith('New, ') and ', Cipher is ' in line and '(NONE)' not in line:
            protocol, suite = line[len('New, '):].split(', Cipher is ')
            return protocol, suite.strip()
    return None


def suite_taken(port, suite):
    """The same question in this process, through Python's ssl (the same
    OpenSSL), for the scan of every suite: a process each was 30 s a scan."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    context.minimum_version = context.maximum_version = ssl.TLSVersion.TLSv1_2
    context.set_ciphers(f'{suite}:@SECLEVEL=0')
    try:
        with socket.create_connection(('127.0.0.1', port), timeout=10) as raw, context.wrap_socket(raw) as tls:
            return tls.cipher()[0]
    except (ssl.SSLError, ConnectionResetError):
        return None


def tls12_suites():
    """Every TLS 1.2 (and older) suite this OpenSSL knows, by its OpenSSL name."""
    out = subprocess.run(['openssl', 'ciphers', '-v', ANY], capture_output=True, text=True, check=True).stdout
    return sorted({line.split()[0] for line in out.splitlines() if line.split()[1] != 'TLSv1.3'})


@pytest.fixture(scope='module', params=['ec', 'rsa'])
def served(request):
    s = Service(https=request.param)
    yield request.param, s
    s.stop()


def test_tls_1_2_takes_only_the_forward_secret_aead_suites_of_the_intermediate_profile(served):
    key, service = served
    suites = tls12_suites()
    assert len(suites) > 60, suites  # the scan has teeth: CBC, SHA-1, RSA key exchange, CAMELLIA, ARIA, CCM…
    assert INTERMEDIATE[key] <= set(suites)
    agreed = {suite: suite_taken(service.https_port, suite) for suite in suites}
    taken = {suite for suite, result in agreed.items() if result}
    assert taken == INTERMEDIATE[key], sorted(taken)
    assert all(agreed[suite] == suite for suite in taken), agreed
    # And as openssl s_client says it: the profile's suites taken, some of the others refused.
    asked = [*INTERMEDIATE[key], *REFUSED]
    with ThreadPoolExecutor(4) as pool:
        told = dict(zip(asked, pool.map(
            lambda suite: handshake(service.https_port, '-tls1_2', '-cipher', f'{suite}:@SECLEVEL=0'), asked)))
    assert {suite: told[suite] for suite in INTERMEDIATE[key]} == {suite: ('TLSv1.2', suite) for suite in INTERMEDIATE[key]}
    assert {suite: told[suite] for suite in REFUSED} == dict.fromkeys(REFUSED), told


def test_tls_1_3_is_served_and_1_1_and_1_0_are_not(served):
    _, service = served
    assert handshake(service.https_port, '-tls1_3')[0] == 'TLSv1.3'
    assert handshake(service.https_port, '-tls1_2')[0] == 'TLSv1.2'
    for old in ('-tls1_1', '-tls1'):
        assert handshake(service.https_port, old, '-cipher', ANY) is None, old


def https_get(service, path):
    context = ssl.create_default_context(cafile=service.certificate)
    connection = http.client.HTTPSConnection('127.0.0.1', service.https_port, context=context, timeout=30)
    try:
        connection.request('GET', path)
        r = connection.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        connection.close()


def test_hsts_on_every_https_answer_and_never_on_plain_http(served):
    _, service = served
    for path in ('/', '/api/health', '/embed/stickertext.js', '/stickers/weibo/smile.png', '/nope'):
        status, headers, _ = https_get(service, path)
        assert headers.get('strict-transport-security') == 'max-age=63072000', (path, status, headers)
        assert 'strict-transport-security' not in service.request('GET', path).headers, path


def test_plain_http_is_redirected_to_https_with_its_method_but_metrics_and_acme_are_not():
    service = Service(https=True, limits=(('LIMITS', 'off'), ('TLS_REDIRECT', 'on')))
    try:
        for method, path in (('GET', '/'), ('GET', '/api/render?text=%5Bok%5D&lang=en'), ('POST', '/api/count')):
            r = service.request(method, path, body='{"text":"a"}' if method == 'POST' else None,
                                headers={'Content-Type': 'application/json'})
            assert r.status == 308, (method, path, r.status)
            assert r.headers['location'] == f'https://127.0.0.1:{service.https_port}{path}'
        # Another Host header changes nothing: the redirect names make run's listen address.
        for host in ('evil.example', 'evil.example:18443', '127.0.0.1.evil.example'):
            r = service.request('GET', '/api/health', headers={'Host': host})
            assert (r.status, r.headers['location']) == (308, f'https://127.0.0.1:{service.https_port}/api/health'), host
        assert service.request('GET', '/metrics').status == 200  # loopback scrapers keep plain HTTP
        assert service.request('GET', '/.well-known/acme-challenge/token').status == 404  # not redirected
        status, headers, body = https_get(service, '/api/health')
        assert status == 200 and headers['strict-transport-security'] == 'max-age=63072000'
    finally:
        service.stop()


def site_config(tmp_path, server_name, redirect='on'):
    """nginx-conf.sh --site for SERVER_NAME with HTTPS on 443: its run and the site's text."""
    cert = tmp_path / 'cert.pem'
    cert.write_text('x')
    out = tmp_path / 'site.conf'
    env = {**os.environ, 'TLS_LISTEN': '443', 'TLS_CERT': str(cert), 'TLS_KEY': str(cert), 'TLS_REDIRECT': redirect}
    run = subprocess.run([os.path.join(ROOT, 'scripts', 'nginx-conf.sh'), '--site', str(out), ROOT, '80', server_name,
                          '/run/stickertext/s.sock', '1048576', str(tmp_path / 'cache')], env=env, capture_output=True, text=True)
    return run, out.read_text() if run.returncode == 0 else ''


def test_an_installed_sites_redirect_names_its_first_server_name_and_a_name_that_is_no_host_is_refused(tmp_path):
    run, site = site_config(tmp_path, 'stickers.example.org www.stickers.example.org')
    assert run.returncode == 0, run.stderr
    assert 'return 308 https://stickers.example.org$request_uri;' in site
    assert '$host' not in site and '$http_host' not in site
    for name in ('_', '*.example.org', '~^(?<x>.+)$', ''):
        run, _ = site_config(tmp_path, name)
        assert run.returncode == 2, name
        assert run.stderr.startswith('nginx-conf.sh: TLS_REDIRECT=on redirects to the first server name, which must '
                                     'be a host name (example.org), not: '), run.stderr
    run, site = site_config(tmp_path, '_', redirect='off')  # no redirect: any server name
    assert run.returncode == 0 and 'return 308' not in site
