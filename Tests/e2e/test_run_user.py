"""`make run` as root (as this machine runs it): nginx's workers, which read
what clients send, run as an unprivileged user (NGINX_USER, www-data), not
root, and still serve the page, a render, a picture and a cached fragment,
through the server's sockets (0660, the workers' group) and into a cache
folder an earlier run as root left behind."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import urllib.parse

import pytest

from service import ROOT, SERVER, build_site, eventually, free_port
from test_operator_packs import MakeRun

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason='make run changes no user unless it runs as root')

RENDER = '/api/render?text=' + urllib.parse.quote('你好[微笑]')


def ids(pid):
    """The real, effective, saved and file-system uid and gid of process `pid`."""
    status = open(f'/proc/{pid}/status').read()
    return (tuple(int(n) for n in re.search(r'^Uid:\s+(.*)$', status, re.M).group(1).split()),
            tuple(int(n) for n in re.search(r'^Gid:\s+(.*)$', status, re.M).group(1).split()))


def nginx_children(run):
    """nginx's workers, cache manager and cache loader: its master's children."""
    master = open(os.path.join(run, 'nginx.pid')).read().strip()
    out = subprocess.run(['pgrep', '-P', master], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


class RunAsRoot(MakeRun):
    """scripts/run.sh with its run folder made before, as an earlier run as root leaves it: a
    cache subfolder and a temporary folder root's own; `extra` to its environment."""

    def __init__(self, **extra):
        build_site()
        self.run = tempfile.mkdtemp(prefix='stickertext-run-')
        for folder in ('cache/a/bc', 'fastcgi/1'):
            os.makedirs(os.path.join(self.run, folder), mode=0o700)
        self.port = free_port()
        self.errors = open(os.path.join(self.run, 'run.log'), 'w+')
        env = dict(os.environ, PORT=str(self.port), RUN_DIR=self.run, WORKERS='1', THREADS='2', SERVER_BIN=SERVER)
        env.pop('NGINX_USER', None)
        env.update(extra)
        self.process = subprocess.Popen([os.path.join(ROOT, 'scripts', 'run.sh')], env=env, stdout=subprocess.PIPE,
                                        stderr=self.errors, text=True)
        line = self.process.stdout.readline()
        assert f'http://127.0.0.1:{self.port}/' in line, line + self.log() + self.server_log()

    def server_log(self):
        self.errors.flush()
        return open(self.errors.name).read()


def refused(env):
    """scripts/run.sh with `env`, which it should refuse at once: its result. Should it start instead
    (as before it checked), its whole session is stopped, nothing left running."""
    process = subprocess.Popen([os.path.join(ROOT, 'scripts', 'run.sh')], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, errors = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)
        out, errors = process.communicate(timeout=20)
    return subprocess.CompletedProcess(process.args, process.returncode, out, errors)


def www_data_reads(folder):
    """Whether www-data can read `folder` and every folder above it (a checkout in root's home cannot be)."""
    return subprocess.run(['setpriv', '--reuid', 'www-data', '--regid', 'www-data', '--clear-groups', 'test', '-r',
                           f'{folder}/.', '-a', '-x', f'{folder}/.']).returncode == 0


@pytest.fixture(scope='module')
def as_root():
    build_site()
    if not www_data_reads(os.path.join(ROOT, '.build', 'site')):
        pytest.skip(f'www-data cannot read this checkout ({ROOT}): make run gives its workers root, as '
                    'test_a_site_the_default_user_cannot_read_gets_root_workers_and_a_warning shows')
    service = RunAsRoot()
    yield service
    service.stop()


def test_make_run_as_root_runs_nginxs_workers_as_an_unprivileged_user(as_root):
    www = int(subprocess.run(['id', '-u', 'www-data'], capture_output=True, text=True, check=True).stdout)
    group = int(subprocess.run(['id', '-g', 'www-data'], capture_output=True, text=True, check=True).stdout)
    children = nginx_children(as_root.run)
    assert children
    for pid in children:
        uids, gids = ids(pid)
        assert set(uids) == {www} and set(gids) == {group}, (pid, uids, gids)
    # The server's sockets are the workers' group's, and no one else's.
    for name in ('stickertext.sock', 'stickertext.sock.large', 'stickertext.sock.nginx'):
        info = os.stat(os.path.join(as_root.run, name))
        assert info.st_gid == group and info.st_mode & 0o777 == 0o660, (name, info)


def test_the_unprivileged_workers_serve_the_page_a_render_a_picture_and_a_cached_fragment(as_root):
    page = as_root.get('/')
    assert page.status == 200 and b'<html' in page.body
    render = as_root.get('/api/render', 'POST', '{"text":"hi [微笑]"}'.encode(), {'Content-Type': 'application/json'})
    assert render.status == 200 and 'smile.png' in render.json()['html']
    picture = as_root.get('/stickers/weibo/smile.png')
    assert picture.status == 200 and picture.body.startswith(b'\x89PNG')
    # A GET fragment: stored by a worker in the cache (whose old subfolder was root's), then
    # answered from it: the server sees the first GET only.
    first = as_root.get(RENDER)
    assert first.status == 200
    cache = os.path.join(as_root.run, 'cache')

    def stored():
        return [os.path.join(top, name) for top, _, names in os.walk(cache) for name in names
                if re.fullmatch(r'[0-9a-f]{32}', name)] or None
    files = eventually(stored)
    assert files, 'nothing was cached'
    assert all(os.stat(f).st_uid != 0 for f in files)
    again = [as_root.get(RENDER) for _ in range(3)]
    assert all(r.status == 200 and r.body == first.body for r in again)
    seen = eventually(lambda: n if (n := as_root.server_log().count('] GET /api/render 200 ')) else None)
    assert seen == 1, as_root.server_log()[-2000:]
    # Nothing refused for want of permission.
    assert 'Permission denied' not in as_root.log(), as_root.log()[-2000:]


def test_make_run_refuses_a_worker_user_asked_for_that_cannot_read_the_packs_and_says_why(tmp_path):
    packs = tmp_path / 'packs'
    shutil.copytree(os.path.join(ROOT, 'public', 'stickers'), packs)
    os.chmod(tmp_path, 0o700)
    run = refused(dict(os.environ, PORT=str(free_port()), RUN_DIR=str(tmp_path / 'run'), PACKS=str(packs),
                       SERVER_BIN=SERVER, NGINX_USER='www-data'))
    assert run.returncode == 2
    assert f"nginx's workers run as www-data, who cannot read {packs}" in run.stderr, run.stderr
    assert not (tmp_path / 'run' / 'nginx.pid').exists()


def test_a_site_the_default_user_cannot_read_gets_root_workers_and_a_warning(tmp_path):
    """A checkout in root's home (0700) is common, and make run is the one command that runs the
    service: the workers then run as root, and run.sh says why and what to change."""
    packs = tmp_path / 'packs'
    shutil.copytree(os.path.join(ROOT, 'public', 'stickers'), packs)
    os.chmod(tmp_path, 0o700)
    service = RunAsRoot(PACKS=str(packs))
    try:
        assert all(ids(pid)[0][0] == 0 for pid in nginx_children(service.run))
        assert (f"nginx's workers run as root, as www-data cannot read {packs}: make it and the folders above it "
                'readable (chmod o+rX)') in service.server_log()
        picture = service.get('/stickers/weibo/smile.png')
        assert picture.status == 200 and picture.body.startswith(b'\x89PNG')
    finally:
        service.stop()


def test_make_run_refuses_root_or_no_such_user_for_nginxs_workers(tmp_path):
    for user, said in (('root', 'NGINX_USER must not be root'), ('no-such-user', 'is not a user here: no-such-user')):
        run = refused(dict(os.environ, PORT=str(free_port()), RUN_DIR=str(tmp_path / 'run'), NGINX_USER=user,
                           SERVER_BIN=SERVER))
        assert run.returncode == 2 and said in run.stderr, run.stderr
