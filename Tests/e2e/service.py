"""Starts the real stickertext-server and nginx for the end-to-end tests, on a
free port and a temporary run folder, and talks HTTP to them."""
import base64
import hashlib
import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
SERVER = os.environ.get('SERVER_BIN', os.path.join(ROOT, '.build', 'debug', 'stickertext-server'))

BUILD_PAGE = os.path.join(ROOT, 'tools', 'build-page.mjs')
_built = set()


def build_site(root=ROOT, again=False):
    """Builds `root`'s public/ into root/.build/site, as `make run` and `make
    install` do (tools/build-page.mjs): the tests run against the page as it
    is served, built from the sources as they are. Once a root in a test run,
    unless `again` (a test that changed the sources: a deploy)."""
    if again or root not in _built:
        subprocess.run(['node', BUILD_PAGE, '--root', root], check=True)
        _built.add(root)


SPEC = yaml.safe_load(open(os.path.join(ROOT, 'public', 'openapi.yaml'), encoding='utf-8'))
REGISTRY = Registry().with_resource('urn:spec', Resource.from_contents(SPEC, default_specification=DRAFT202012))


def eventually(check, timeout=10):
    """Polls `check` until it returns something other than None, or `timeout`
    seconds have passed; answers its last result. For what shows a moment
    after a request (a worker writes its log every 20 ms, the master
    publishes a reload, the scoreboard settles)."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result is not None or time.monotonic() > deadline:
            return result
        time.sleep(0.02)


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def free_port_pairs(count, taken=()):
    """`count` free ports whose next are free too, all distinct from each other
    and from `taken`: a TCP backend listens on both (its large-body pool on
    the port + 1). They are below the kernel's ephemeral range, so that while a
    backend is down (killed by a test) no outgoing connection takes its port."""
    low = int(open('/proc/sys/net/ipv4/ip_local_port_range').read().split()[0])
    ports = []
    while len(ports) < count:
        port = random.randrange(10000, low - 1)
        if {port, port + 1} & ({*taken} | {*ports} | {p + 1 for p in ports}):
            continue
        try:
            for candidate in (port, port + 1):
                with socket.socket() as s:
                    s.bind(('127.0.0.1', candidate))
        except OSError:
            continue
        ports.append(port)
    return ports


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = {k.lower(): v for k, v in headers}
        # As sent, a header sent twice twice: `headers` keeps the last.
        self.header_lines = [(k.lower(), v) for k, v in headers]
        self.body = body

    def json(self):
        return json.loads(self.body)

    @property
    def text(self):
        return self.body.decode('utf-8')


class Service:
    """nginx and one master on a unix socket; or, with tcp_backends=N, N masters
    on TCP (each one "host", its processes in their own session) behind one
    nginx upstream, and with front_master a master of the front host's own on
    the unix socket, which serves /metrics alone (nginx's rejections)."""

    def __init__(self, workers=2, threads=4, packs=None, body_limit=1048576, extra=(), tcp_backends=0,
                 limits=(('LIMITS', 'off'),), env=(), root=ROOT, https=False, front_master=False, site_lines=()):
        """`limits`: scripts/nginx-conf.sh's per-address limit variables (RATE_LIMIT,
        LARGE_RATE_LIMIT, CONN_LIMIT, LIMITS); none by default, because most
        tests load from one address faster than a client may (the limits have
        their own, test_fairness.py); `limits=()` gives the site's defaults.
        `env`: variables added to the servers' environment. `root`: the
        checkout whose public/ nginx serves, built (a copy, for a test that deploys).
        `https`: nginx also serves HTTPS with HTTP/2 on `self.https_port`, with a
        certificate made for 127.0.0.1 (`self.certificate`; its key's SPKI hash,
        for Chromium's --ignore-certificate-errors-spki-list, `self.spki`), an
        EC key (True, 'ec') or an RSA one ('rsa'); plain HTTP is served beside
        it (TLS_REDIRECT=off: the page benchmarks compare both) unless `limits`
        says TLS_REDIRECT=on. `site_lines`: lines added to the site's server
        block (real_ip, say) before nginx starts."""
        build_site(root)
        self.run = tempfile.mkdtemp(prefix='stickertext-e2e-')
        os.chmod(self.run, 0o755)
        self.port = free_port()
        self.socket = os.path.join(self.run, 's.sock')
        self.body_limit = body_limit
        self.addresses = [f'127.0.0.1:{port}' for port in free_port_pairs(tcp_backends, taken=[self.port])]
        tls = self.make_certificate('rsa' if https == 'rsa' else 'ec') if https else {}
        front = {'METRICS_SOCKET': self.socket} if front_master else {}
        # One packs folder for the server (--packs) and nginx (its pictures under /stickers/), as make run.
        folder = {'PACKS': os.path.abspath(packs)} if packs else {}
        subprocess.run([os.path.join(ROOT, 'scripts', 'nginx-conf.sh'), root, self.run, str(self.port),
                        ','.join(self.addresses) or self.socket, str(body_limit)], check=True,
                       env={**os.environ, **tls, **dict(limits), **front, **folder})
        self.redirect = bool(tls) and dict(limits).get('TLS_REDIRECT') == 'on'
        if site_lines:
            site = os.path.join(self.run, 'site.conf')
            text = open(site).read().replace('    server_name ', ''.join(f'    {line}\n' for line in site_lines) + '    server_name ', 1)
            with open(site, 'w') as f:
                f.write(text)
        self.args = [SERVER, '--workers', str(workers), '--threads', str(threads),
                     '--body-limit', str(body_limit), '--shutdown-grace', '10', *extra]
        if packs:
            self.args += ['--packs', packs]
        self.env = {**os.environ, **dict(env)}
        self.log = open(os.path.join(self.run, 'server.log'), 'w+')
        self.servers = [self.start_backend(i) for i in range(tcp_backends)]
        self.front = None
        if not self.addresses or front_master:
            args = self.args + ['--workers', '1', '--threads', '1'] if front_master else self.args
            master = subprocess.Popen(args + ['--socket-path', self.socket], stderr=self.log, stdout=self.log, env=self.env)
            for _ in range(200):
                if os.path.exists(self.socket):
                    break
                time.sleep(0.05)
            if front_master:
                self.front = master
            else:
                self.servers = [master]
        self.server = self.servers[0]
        self.start_nginx()

    def make_certificate(self, kind='ec'):
        """A self-signed certificate for 127.0.0.1 (an EC or an RSA key) and a port for HTTPS:
        nginx-conf.sh's TLS_* variables."""
        self.https_port = free_port()
        self.certificate, key = os.path.join(self.run, 'tls.crt'), os.path.join(self.run, 'tls.key')
        algorithm = ['-newkey', 'rsa:2048'] if kind == 'rsa' else ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']
        subprocess.run(['openssl', 'req', '-x509', *algorithm, '-nodes',
                        '-keyout', key, '-out', self.certificate, '-days', '2', '-subj', '/CN=127.0.0.1',
                        '-addext', 'subjectAltName=IP:127.0.0.1'], check=True, capture_output=True)
        der = subprocess.run(['openssl', 'x509', '-in', self.certificate, '-pubkey', '-noout'], check=True, capture_output=True).stdout
        der = subprocess.run(['openssl', 'pkey', '-pubin', '-outform', 'der'], input=der, check=True, capture_output=True).stdout
        self.spki = base64.b64encode(hashlib.sha256(der).digest()).decode()
        self.tls = {'TLS_LISTEN': str(self.https_port), 'TLS_CERT': self.certificate, 'TLS_KEY': key, 'TLS_REDIRECT': 'off'}
        return self.tls

    def start_nginx(self):
        """Starts nginx and waits until the service answers through it."""
        self.nginx = subprocess.Popen(['nginx', '-p', self.run, '-c', os.path.join(self.run, 'nginx.conf'),
                                       '-e', os.path.join(self.run, 'nginx-error.log')])
        for _ in range(200):
            try:
                if self.request('GET', '/api/health').status == (308 if self.redirect else 200):
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError('the service did not start: ' + self.server_log())

    def stop_nginx(self):
        """Stops nginx: for a browser, the network is down (connections refused)."""
        self.nginx.send_signal(signal.SIGQUIT)
        self.nginx.wait(timeout=15)


    def start_backend(self, index):
        """Starts TCP backend `index` and waits until it listens."""
        log = open(self.backend_log(index), 'a')
        server = subprocess.Popen(self.args + ['--listen', self.addresses[index]], stderr=log, stdout=log,
                                  start_new_session=True, env=self.env)
        log.close()
        host, port = self.addresses[index].split(':')
        for _ in range(200):
            try:
                socket.create_connection((host, int(port)), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        return server

    def backend_log(self, index):
        return os.path.join(self.run, f'backend-{index}.log')

    def kill_backend(self, index):
        """SIGKILLs TCP backend `index` whole, master and workers, as if its host died."""
        os.killpg(self.servers[index].pid, signal.SIGKILL)
        self.servers[index].wait()

    def request(self, method, path, body=None, headers=None, timeout=30, source=None):
        """One request on its own connection; `source` is the client's address
        (any of 127.0.0.0/8: nginx's per-address limits tell them apart)."""
        connection = http.client.HTTPConnection('127.0.0.1', self.port, timeout=timeout,
                                                source_address=(source, 0) if source else None)
        try:
            if isinstance(body, str):
                body = body.encode('utf-8')
            connection.request(method, path, body=body, headers=headers or {})
            r = connection.getresponse()
            return Response(r.status, r.getheaders(), r.read())
        finally:
            connection.close()

    def post_json(self, path, obj, **kw):
        return self.request('POST', path, json.dumps(obj, ensure_ascii=False), {'Content-Type': 'application/json'}, **kw)

    def workers(self):
        out = subprocess.run(['pgrep', '-P', str(self.server.pid)], capture_output=True, text=True).stdout
        return sorted(int(p) for p in out.split())

    def server_log(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read() + ''.join(open(self.backend_log(i)).read() for i in range(len(self.addresses)))

    def stop(self):
        processes = [self.nginx, *self.servers] + ([self.front] if self.front else [])
        for p, sig in zip(processes, [signal.SIGQUIT] + [signal.SIGTERM] * (len(processes) - 1)):
            if p.poll() is None:
                p.send_signal(sig)
        for p in processes:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(self.run, ignore_errors=True)


def check_schema(response, path, method):
    """Checks a JSON response body against openapi.yaml for its path, method and status."""
    operation = SPEC['paths'][path][method.lower()]
    spec_response = operation['responses'][str(response.status)]
    if '$ref' in spec_response:
        spec_response = SPEC['components']['responses'][spec_response['$ref'].split('/')[-1]]
    content = spec_response.get('content', {})
    content_type = response.headers.get('content-type', '').split(';')[0]
    assert content_type in content, f'{method} {path} {response.status}: {content_type} is not documented'
    schema = content[content_type]['schema']
    if content_type == 'application/json':
        ref = schema['$ref'].replace('#', 'urn:spec#', 1) if '$ref' in schema else None
        validator = Draft202012Validator({'$ref': ref} if ref else schema, registry=REGISTRY)
        errors = sorted(validator.iter_errors(response.json()), key=str)
        assert not errors, f'{method} {path} {response.status}: ' + '; '.join(e.message for e in errors[:3])
