"""What one client can take of nginx and the sockets behind it, each bound
shown with the worst case (docs/limits.md, "Connections and nginx's
buffers"): connections that never finish their request line, requests at
once on any path, an answer its client never reads; and the unix sockets,
which only the service's user and nginx's group may use."""
import os
import selectors
import shutil
import socket
import stat
import subprocess
import tempfile
import time

import pytest

from service import ROOT, Service, eventually

FLOODER, OTHER = '127.0.0.2', '127.0.0.3'


def nginx_workers(service):
    out = subprocess.run(['pgrep', '-P', str(service.nginx.pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def error_log(service):
    return open(os.path.join(service.run, 'nginx-error.log')).read()


def connect(source, port, receive_buffer=None):
    s = socket.socket()
    if receive_buffer:  # a reader that takes little: the kernel holds little of the answer for it
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.bind((source, 0))
    s.connect(('127.0.0.1', port))
    return s


def test_3000_half_open_connections_from_one_address_leave_the_others_served_and_are_closed_in_seconds():
    """Each sends half a request line and nothing more. nginx cannot count them
    against their address (limit_conn starts once headers are read): what holds
    is the machine-sized worker_connections (1,024 before: the other address
    got no answer at all) and the header timeout (nginx's 60 s before)."""
    service = Service(limits=())  # the site's default limits
    half_open, opened_at = [], {}
    try:
        for _ in range(3000):
            s = connect(FLOODER, service.port)
            s.sendall(b'GET /api/hea')
            half_open.append(s)
            opened_at[s] = time.monotonic()
        opened = time.monotonic()
        for _ in range(3):
            r = service.request('GET', '/api/health', source=OTHER, timeout=10)
            assert r.status == 200 and r.json()['status'] == 'ok'
        assert 'worker_connections are not enough' not in error_log(service)
        # nginx closes each when its header timeout runs out: watched until all are, or 30 s.
        closed_after = []
        with selectors.DefaultSelector() as watch:
            for s in half_open:
                watch.register(s, selectors.EVENT_READ)
            while len(closed_after) < len(half_open) and time.monotonic() - opened < 30:
                for key, _ in watch.select(timeout=1):
                    try:
                        gone = key.fileobj.recv(1024) == b''
                    except ConnectionResetError:  # reset_timedout_connection
                        gone = True
                    if gone:
                        watch.unregister(key.fileobj)
                        closed_after.append(time.monotonic() - opened_at[key.fileobj])
        assert len(closed_after) == len(half_open), f'{len(closed_after)} of {len(half_open)} closed in 30 s'
        assert min(closed_after) > 5, min(closed_after)  # not at once: 10 s to send a request's headers
    finally:
        for s in half_open:
            s.close()
        service.stop()


def test_the_connections_nginx_holds_are_sized_from_the_machines_open_file_limit(tmp_path):
    """nginx-conf.sh reads the hard RLIMIT_NOFILE (and the memory): a lower
    limit gives fewer connections, and every worker runs with the files they need."""
    def sizes(hard):
        run = tmp_path / str(hard)
        subprocess.run(['prlimit', f'--nofile={hard}:{hard}', os.path.join(ROOT, 'scripts', 'nginx-conf.sh'),
                        ROOT, str(run), '8080', '/tmp/s.sock', '1048576'], check=True)
        conf = (run / 'nginx.conf').read_text()
        value = lambda name: int(conf.split(f'{name} ')[1].split(';')[0])
        return value('worker_connections'), value('worker_rlimit_nofile')
    low, high = sizes(4096), sizes(16384)
    assert low[0] < high[0] and low[1] <= 4096 and high[1] <= 16384, (low, high)
    assert low[0] >= 1024 and high[0] >= 3000  # more than nginx's 1,024 wherever the limit allows
    service = Service()
    try:
        conf = open(os.path.join(service.run, 'nginx.conf')).read()
        rlimit = int(conf.split('worker_rlimit_nofile ')[1].split(';')[0])
        for pid in nginx_workers(service):
            limits = open(f'/proc/{pid}/limits').read()
            soft = int(next(line for line in limits.splitlines() if line.startswith('Max open files')).split()[3])
            assert soft == rlimit, limits
    finally:
        service.stop()


@pytest.fixture(scope='module')
def with_a_large_file():
    """A copy of the checkout's public/ with a 32 MiB file: a download its client can leave unread."""
    root = tempfile.mkdtemp(prefix='stickertext-large-file-')
    os.chmod(root, 0o755)
    for folder in ('public', 'nginx'):
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(root, folder))
    with open(os.path.join(root, 'public', 'large.bin'), 'wb') as f:
        f.write(os.urandom(32 << 20))
    yield root
    shutil.rmtree(root, ignore_errors=True)


def test_the_per_address_connection_limit_holds_on_every_path_not_only_the_api(with_a_large_file):
    """SITE_CONN_LIMIT (256 by default) set at 2: two downloads never read from one
    address, and its next request is refused wherever it goes; another address is served."""
    service = Service(root=with_a_large_file, limits=(('SITE_CONN_LIMIT', '2'),))
    readers = []
    try:
        for _ in range(2):  # two downloads from one address, never read: two requests in flight
            s = connect(FLOODER, service.port, receive_buffer=4096)
            s.sendall(b'GET /large.bin HTTP/1.1\r\nHost: localhost\r\n\r\n')
            readers.append(s)
        assert eventually(lambda: service.request('GET', '/index.html', source=FLOODER).status == 429 or None, timeout=5)
        for path in ('/index.html', '/stickers/weibo/smile.png', '/embed/stickertext.js', '/api/health'):
            refused = service.request('GET', path, source=FLOODER)
            assert refused.status == 429 and refused.json()['error']['code'] == 'too_many_requests', path
            assert refused.headers['retry-after'] == '1' and refused.headers['cache-control'] == 'no-store'
            assert service.request('GET', path, source=OTHER).status == 200, path
        for s in readers:
            s.close()
        readers = []
        assert eventually(lambda: service.request('GET', '/index.html', source=FLOODER).status == 200 or None, timeout=5)
    finally:
        for s in readers:
            s.close()
        service.stop()


def temp_files(service):
    """The bytes of nginx's FastCGI temporary files (deleted, held open by its workers)."""
    folder = os.path.join(service.run, 'fastcgi') + '/'
    total = 0
    for pid in nginx_workers(service):
        for fd in os.listdir(f'/proc/{pid}/fd'):
            try:
                if os.readlink(f'/proc/{pid}/fd/{fd}').startswith(folder):
                    total += os.stat(f'/proc/{pid}/fd/{fd}').st_size
            except FileNotFoundError:
                pass
    return total


def settled(measure, timeout=10):
    """`measure()` once it has not changed for half a second (or at `timeout`)."""
    deadline, last, since = time.monotonic() + timeout, None, time.monotonic()
    while time.monotonic() < deadline:
        value = measure()
        if value != last:
            last, since = value, time.monotonic()
        elif time.monotonic() - since > 0.5:
            break
        time.sleep(0.05)
    return last


# Text with a sticker every ten characters answers about 12 times its bytes (an
# <img> and an entry in stickers a sticker): a 950 KB body answers about 11 MB,
# under the 16 MiB the answer may take and under 16 times its body
# (AnswerLimit.forRequest; 120 KB of [ok] answered 12 MB before that ratio).
LARGE_ANSWER = '{"text":"' + '一二三四五六七八九十[微笑]' * 25_000 + '"}'
# nginx checks its temporary file's size before each write: the file may pass
# the limit by less than one write (fastcgi_temp_file_write_size, 32 KiB).
ONE_WRITE = 32 << 10


def send_unread(service, body):
    s = connect(FLOODER, service.port, receive_buffer=4096)
    body = body.encode()
    s.sendall(b'POST /api/render HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
              b'Content-Length: %d\r\n\r\n%s' % (len(body), body))
    return s


def test_an_answer_never_read_takes_the_worker_off_at_once_and_nginx_holds_at_most_the_answer_limit():
    """nginx takes the whole answer off the worker (its thread is free at once,
    whatever the reader does) into memory and one temporary file of at most
    ANSWER_LIMIT bytes (16 MiB); nginx's 1 GiB before let one connection keep
    515 MB."""
    service = Service()
    reader = None
    try:
        reader = send_unread(service, LARGE_ANSWER)
        assert eventually(lambda: '] POST /api/render 200 ' in service.server_log() or None, timeout=20), service.server_log()[-2000:]
        held = settled(lambda: temp_files(service))
        assert 0 < held < (16 << 20) + ONE_WRITE, held
        # Its worker serves others meanwhile.
        assert service.post_json('/api/count', {'text': 'a'}, source=OTHER).status == 200
    finally:
        if reader:
            reader.close()
        service.stop()


def test_a_reader_that_stops_keeps_at_most_the_limit_on_disk_and_is_cut_off_after_the_send_timeout():
    """ANSWER_LIMIT set at 1 MiB, under the 11 MB answer: nginx's file stops at
    1 MiB and less than one write (before: the whole answer, less what the kernel holds), and 10 s
    without a byte read (send_timeout) close the connection and free the file."""
    service = Service(limits=(('LIMITS', 'off'), ('ANSWER_LIMIT', str(1 << 20))))
    reader = None
    try:
        sent = time.monotonic()
        reader = send_unread(service, LARGE_ANSWER)
        assert eventually(lambda: temp_files(service) or None, timeout=20)
        held = settled(lambda: temp_files(service))
        assert 0 < held < (1 << 20) + ONE_WRITE, held
        assert eventually(lambda: temp_files(service) == 0 or None, timeout=30), temp_files(service)
        assert time.monotonic() - sent > 10  # not at once: 10 s after nginx's last write
    finally:
        if reader:
            reader.close()
        service.stop()


def test_the_sockets_are_the_service_users_and_groups_alone():
    """0660 (0666 before): a local user outside the group cannot reach the
    workers (posing as nginx, with any REMOTE_ADDR) nor report to /metrics."""
    service = Service()
    try:
        paths = [service.socket + suffix for suffix in ('', '.large', '.nginx')]
        for path in paths:
            mode = os.stat(path)
            assert stat.S_ISSOCK(mode.st_mode) and stat.S_IMODE(mode.st_mode) == 0o660, (path, oct(mode.st_mode))
            assert (mode.st_uid, mode.st_gid) == (os.getuid(), os.getgid()), path
        assert service.request('GET', '/api/health').status == 200  # nginx's workers, the same user, connect
        if os.geteuid() != 0:
            return
        # Another user (nobody, no groups) is refused by the file system.
        probe = ('import socket, sys\n'
                 'for path, kind in zip(sys.argv[1:], [socket.SOCK_STREAM] * 2 + [socket.SOCK_DGRAM]):\n'
                 '    s = socket.socket(socket.AF_UNIX, kind)\n'
                 '    try:\n        s.connect(path)\n        print("connected")\n'
                 '    except PermissionError:\n        print("refused")\n')
        run = subprocess.run(['/usr/bin/python3', '-c', probe, *paths], user=65534, group=65534, extra_groups=[], cwd='/',
                             capture_output=True, text=True, timeout=30)
        assert run.stdout.split() == ['refused'] * 3, run.stdout + run.stderr
    finally:
        service.stop()
