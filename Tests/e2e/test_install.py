"""`make install` into a temporary prefix, checked the way a Debian machine
would use it: the unit through `systemd-analyze verify`, the site through
`nginx -t` inside a small http{} wrapper, and then the installed server and
the installed site serving the page and the API. The server runs under the
unit's own system-call filter and MemoryDenyWriteExecute (read from the
installed unit, put in place with libseccomp as systemd does), as an
unprivileged user with the unit's umask when the tests run as root, and nginx
as another user (www-data), as on a real machine.

The binaries installed are make test's debug build (BIN_DIR, so no release
build runs here); `make install` without BIN_DIR builds its own, statically
linked (`make install-build`: about 5 minutes from a clean checkout on the
project's shared 2-core machine, too long for make test), which
STATIC_INSTALL=1 makes these tests install instead. make test checks that
static link's system libraries on a small program instead (the last test).
Only two things differ from a real machine: the site listens on a free
loopback port (LISTEN) and its socket path (/run/stickertext/..., which
systemd would make) is pointed at a temporary folder; nothing is written
outside it."""
import ctypes
import errno
import grp
import os
import pwd
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import time

import json
import tarfile

import pytest

from service import ROOT, SERVER, Response, free_port
import http.client

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

# make install's own static build (make install-build), or make test's debug build.
BIN_DIR = None if os.environ.get('STATIC_INSTALL') == '1' else os.path.dirname(SERVER)
BINARIES = [f'BIN_DIR={BIN_DIR}'] if BIN_DIR else []
BODY_LIMIT = 65536
# Not the default, so that it is seen to reach both the unit and the site.
ANSWER_LIMIT = 4 << 20
SOCKET = '/run/stickertext/stickertext.sock'


# Addresses the site's per-address limits skip (scripts/nginx-conf.sh's TRUSTED).
TRUSTED = '10.0.0.0/8,192.0.2.7,2001:db8::/32'

# The head of Debian 12's /etc/nginx/nginx.conf, as the nginx package installs it.
DEBIAN_NGINX_CONF = '''user www-data;
worker_processes auto;
pid /run/nginx.pid;
error_log /var/log/nginx/error.log;
include /etc/nginx/modules-enabled/*.conf;

events {
	worker_connections 768;
	# multi_accept on;
}

http {
	sendfile on;
	include /etc/nginx/sites-enabled/*;
}
'''


@pytest.fixture(scope='module')
def installed():
    tmp = tempfile.mkdtemp(prefix='stickertext-install-')
    os.chmod(tmp, 0o755)  # the unprivileged server and nginx's workers read the install below it
    prefix = os.path.join(tmp, 'prefix')
    port = free_port()
    # Debian's nginx.conf, whose events{} and main context make install sizes from the machine.
    os.makedirs(os.path.join(prefix, 'etc', 'nginx'))
    with open(os.path.join(prefix, 'etc', 'nginx', 'nginx.conf'), 'w') as f:
        f.write(DEBIAN_NGINX_CONF)
    command = ['make', '-s', '-C', ROOT, 'install', f'PREFIX={prefix}', *BINARIES,
               f'LISTEN=127.0.0.1:{port}', f'BODY_LIMIT={BODY_LIMIT}', f'ANSWER_LIMIT={ANSWER_LIMIT}', f'TRUSTED={TRUSTED}']
    subprocess.run(command, check=True, capture_output=True, text=True)
    yield {'tmp': tmp, 'prefix': prefix, 'port': port, 'command': command,
           'packs': os.path.join(prefix, 'var', 'lib', 'stickertext', 'packs'),
           'unit': os.path.join(prefix, 'lib', 'systemd', 'system', 'stickertext.service'),
           'site': os.path.join(prefix, 'etc', 'nginx', 'sites-available', 'stickertext')}
    shutil.rmtree(tmp, ignore_errors=True)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def unit_values(unit, key):
    return [line.split('=', 1)[1] for line in read(unit).splitlines() if line.startswith(key + '=')]


def test_layout(installed):
    prefix = installed['prefix']
    for program in ('stickertext-server', 'stickertext'):
        assert os.access(os.path.join(prefix, 'bin', program), os.X_OK), program
    share = os.path.join(prefix, 'share', 'stickertext')
    for path in ('public/index.html', 'public/openapi.yaml', 'public/stickers/weibo/pack.json', 'nginx/security-headers.conf'):
        assert os.path.isfile(os.path.join(share, path)), path
    # The packs folder, outside the site, made with the default packs, readable by any user.
    defaults = os.path.join(ROOT, 'public', 'stickers')
    assert sorted(os.listdir(installed['packs'])) == sorted(os.listdir(defaults))
    for pack in ('weibo', 'motion'):
        assert sorted(os.listdir(os.path.join(installed['packs'], pack))) == sorted(os.listdir(os.path.join(defaults, pack)))
    for folder, _, files in os.walk(installed['packs']):
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o755, folder
        assert all(stat.S_IMODE(os.stat(os.path.join(folder, f)).st_mode) == 0o644 for f in files), folder
    assert os.path.isfile(os.path.join(prefix, 'etc', 'default', 'stickertext'))
    site = read(installed['site'])
    assert not re.search(r'^\s*(http|events)\s*\{', site, re.M), 'a site has no wrapper'
    assert f'root {share}/public;' in site
    for included in re.findall(r'^\s*include\s+([^;]+);', site, re.M):
        assert os.path.isfile(included), f'the site includes {included}, which is not there'


def test_unit_and_site_agree(installed):
    """The socket path, the body limit and the answer limit are written into both from one set of values."""
    exec_start = unit_values(installed['unit'], 'ExecStart')[0]
    site = read(installed['site'])
    assert exec_start.split()[0] == os.path.join(installed['prefix'], 'bin', 'stickertext-server')
    assert f'--socket-path {SOCKET} ' in exec_start
    assert f'--body-limit {BODY_LIMIT} ' in exec_start
    assert re.findall(r'server unix:(\S+) ', site) == [SOCKET] * 16 + [SOCKET + '.large'] * 16
    assert f'client_max_body_size {BODY_LIMIT};' in site
    # The answer limit: the server refuses an answer over it, nginx buffers at most it on disk.
    assert f'--answer-limit {ANSWER_LIMIT} ' in exec_start
    assert f'fastcgi_max_temp_file_size {ANSWER_LIMIT};' in site
    assert unit_values(installed['unit'], 'RuntimeDirectory') == [os.path.basename(os.path.dirname(SOCKET))]
    # The packs folder: the server's --packs (last, so that one left in STICKERTEXT_OPTS gives way),
    # read-only in the sandbox, and the folder nginx serves the pictures of.
    assert exec_start.endswith(f' $STICKERTEXT_OPTS --packs {installed["packs"]}')
    assert unit_values(installed['unit'], 'ReadOnlyPaths') == ['-' + installed['packs']]
    assert f'alias {installed["packs"]}/;' in site and f'disable_symlinks on from={installed["packs"]};' in site
    assert unit_values(installed['unit'], 'ExecReload') == ['/bin/kill -HUP $MAINPID']
    # The sockets' group, nginx's (make install NGINX_GROUP=…, www-data by default).
    assert unit_values(installed['unit'], 'Group') == ['www-data']


def test_nginx_conf_gets_the_connections_sized_from_the_machine_raised_never_lowered(installed):
    """worker_connections and worker_rlimit_nofile are nginx.conf's (events{} and
    the main context), not the site's: make install raises Debian's 768 to what
    nginx-conf.sh sizes from this machine, keeping the file as it was beside it."""
    conf = os.path.join(installed['prefix'], 'etc', 'nginx', 'nginx.conf')
    sized = read(conf)
    connections = int(re.search(r'^\tworker_connections (\d+);$', sized, re.M).group(1))
    rlimit = int(re.search(r'^worker_rlimit_nofile (\d+);$', sized, re.M).group(1))
    assert connections > 768 and rlimit >= connections
    assert sized == DEBIAN_NGINX_CONF.replace('worker_connections 768;', f'worker_connections {connections};').replace(
        'worker_processes auto;\n', f'worker_processes auto;\nworker_rlimit_nofile {rlimit};\n')
    assert read(conf + '.before-stickertext') == DEBIAN_NGINX_CONF
    # Larger values are the operator's: kept, not lowered.
    with open(conf, 'w') as f:
        f.write(sized.replace(f'worker_connections {connections};', 'worker_connections 99999;')
                .replace(f'worker_rlimit_nofile {rlimit};', 'worker_rlimit_nofile 999999;'))
    subprocess.run([os.path.join(ROOT, 'scripts', 'nginx-conf.sh'), '--connections', conf], check=True)
    again = read(conf)
    assert 'worker_connections 99999;' in again and again.count('worker_rlimit_nofile') == 1 and 'worker_rlimit_nofile 999999;' in again


def test_trusted_addresses_are_passed_to_the_site(installed):
    """make install TRUSTED=…: the site's geo block names each address as not limited."""
    site = read(installed['site'])
    geo = site[site.index('geo $stickertext_limited {'):]
    assert geo[:geo.index('}')].split('\n')[1:-1] == ['    default 1;'] + [f'    {entry} 0;' for entry in TRUSTED.split(',')]


def verify(unit):
    """systemd-analyze verify works without systemd as PID 1; it exits 0 on
    unknown keys and bad values but prints them, so its output must be empty too."""
    r = subprocess.run(['systemd-analyze', 'verify', unit], capture_output=True, text=True)
    return r.returncode, (r.stdout + r.stderr).strip()


def test_unit_verifies(installed):
    assert verify(installed['unit']) == (0, '')
    # The check has teeth: a bad value, an unknown key, a missing binary.
    bad = os.path.join(installed['tmp'], 'bad.service')
    for old, new in (('Restart=on-failure', 'Restart=sometimes'), ('LockPersonality=yes', 'LockPersonalty=yes'),
                     ('/bin/stickertext-server ', '/bin/missing-server ')):
        with open(bad, 'w') as f:
            f.write(read(installed['unit']).replace(old, new))
        assert verify(bad) != (0, ''), old


def wrapper(installed, site):
    """An http{} wrapper for the site, as Debian's /etc/nginx/nginx.conf is,
    with its pid, logs and temp paths under the temporary folder."""
    run = os.path.join(installed['tmp'], 'nginx')
    os.makedirs(run, exist_ok=True)
    temp = ''.join(f'    {kind}_temp_path {run}/{kind};\n' for kind in ('client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'))
    user = 'user www-data;\n' if os.geteuid() == 0 and has_user('www-data') else ''
    conf = os.path.join(run, 'nginx.conf')
    with open(conf, 'w') as f:
        f.write(f'{user}pid {run}/nginx.pid;\nerror_log {run}/error.log warn;\ndaemon off;\n'
                f'events {{ worker_connections 64; }}\nhttp {{\n    access_log off;\n{temp}    include {site};\n}}\n')
    return run, conf


def has_user(name):
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def test_site_passes_nginx_t(installed):
    run, conf = wrapper(installed, installed['site'])
    r = subprocess.run(['nginx', '-t', '-p', run, '-c', conf, '-e', os.path.join(run, 'error.log')],
                       capture_output=True, text=True)
    assert r.returncode == 0 and 'test is successful' in r.stderr, r.stderr


# The unit's sandbox for the test's server: SystemCallFilter= (with its
# @groups expanded by systemd-analyze itself), SystemCallErrorNumber= and
# MemoryDenyWriteExecute=, put in place with libseccomp as systemd does.

class SeccompCmp(ctypes.Structure):
    _fields_ = [('arg', ctypes.c_uint), ('op', ctypes.c_int), ('datum_a', ctypes.c_uint64), ('datum_b', ctypes.c_uint64)]


SCMP_ACT_ALLOW = 0x7fff0000
SCMP_CMP_MASKED_EQ = 7
PROT_WRITE, PROT_EXEC, SHM_EXEC = 0x2, 0x4, 0o100000
PR_SET_NO_NEW_PRIVS = 38


def scmp_act_errno(number):
    return 0x00050000 | (number & 0xffff)


def expand(group, seen=None):
    """The system calls in a systemd @group, nested groups included."""
    seen = set() if seen is None else seen
    out = subprocess.run(['systemd-analyze', 'syscall-filter', '--no-pager', group],
                         check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines()[1:]:
        name = line.strip()
        if not name or name.startswith('#'):
            continue
        if name.startswith('@'):
            if name not in seen:
                seen.add(name)
                names |= expand(name, seen)
        else:
            names.add(name)
    return names


def allowed_syscalls(unit):
    """The allow list systemd builds from the unit's SystemCallFilter= lines:
    the first (an allow list) brings @default along, a ~ line takes out."""
    allowed = set()
    for value in unit_values(unit, 'SystemCallFilter'):
        deny = value.startswith('~')
        names = set()
        for item in value.lstrip('~').split():
            names |= expand(item) if item.startswith('@') else {item}
        if deny:
            allowed -= names
        else:
            allowed |= names | (expand('@default') if not allowed else set())
    return allowed


def sandbox(unit):
    """A preexec_fn: NoNewPrivileges, MemoryDenyWriteExecute, then the system-call filter."""
    assert unit_values(unit, 'NoNewPrivileges') == ['yes']
    assert unit_values(unit, 'MemoryDenyWriteExecute') == ['yes']
    allowed = sorted(allowed_syscalls(unit))
    error = getattr(errno, unit_values(unit, 'SystemCallErrorNumber')[0])
    seccomp = ctypes.CDLL('libseccomp.so.2', use_errno=True)
    seccomp.seccomp_init.restype = ctypes.c_void_p
    seccomp.seccomp_init.argtypes = [ctypes.c_uint32]
    seccomp.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint,
                                               ctypes.POINTER(SeccompCmp)]
    seccomp.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    seccomp.seccomp_load.argtypes = [ctypes.c_void_p]
    numbers = [n for n in (seccomp.seccomp_syscall_resolve_name(name.encode()) for name in allowed) if n >= 0]
    assert len(numbers) > 200, 'the filter would allow almost nothing: ' + ' '.join(allowed)

    def rule(ctx, action, number, *cmp):
        array = (SeccompCmp * len(cmp))(*cmp) if cmp else None
        assert seccomp.seccomp_rule_add_array(ctx, action, number, len(cmp), array) == 0

    def apply():
        libc = ctypes.CDLL(None, use_errno=True)
        assert libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
        # MemoryDenyWriteExecute: no mapping both writable and executable, no
        # mapping made executable later (systemd's own rules).
        mdwe = seccomp.seccomp_init(SCMP_ACT_ALLOW)
        refuse = scmp_act_errno(errno.EPERM)
        for name, arg, mask in (('mmap', 2, PROT_WRITE | PROT_EXEC), ('mprotect', 2, PROT_EXEC),
                                ('pkey_mprotect', 2, PROT_EXEC), ('shmat', 2, SHM_EXEC)):
            rule(mdwe, refuse, seccomp.seccomp_syscall_resolve_name(name.encode()),
                 SeccompCmp(arg, SCMP_CMP_MASKED_EQ, mask, mask))
        assert seccomp.seccomp_load(mdwe) == 0
        # SystemCallFilter=: everything not allowed answers SystemCallErrorNumber.
        ctx = seccomp.seccomp_init(scmp_act_errno(error))
        for number in numbers:
            rule(ctx, SCMP_ACT_ALLOW, number)
        assert seccomp.seccomp_load(ctx) == 0
    return apply


def get(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        r = connection.getresponse()
        return Response(r.status, r.getheaders(), r.read())
    finally:
        connection.close()


def test_sandbox_refuses(installed):
    """The sandbox the server runs under below is in force: memory both
    writable and executable is refused (MemoryDenyWriteExecute), and so is a
    call that ~@resources takes out of @system-service."""
    probe = ('import mmap, os\n'
             'for call in (lambda: mmap.mmap(-1, 4096, prot=7), lambda: os.sched_setaffinity(0, os.sched_getaffinity(0))):\n'
             '    try:\n        call()\n        print("allowed")\n'
             '    except OSError as e:\n        print(e.errno)\n')
    r = subprocess.run(['python3', '-c', probe], preexec_fn=sandbox(installed['unit']), capture_output=True, text=True)
    assert r.stdout.split() == [str(errno.EPERM)] * 2, r.stdout + r.stderr
    r = subprocess.run(['python3', '-c', probe], capture_output=True, text=True)
    assert r.stdout.split() == ['allowed', 'allowed'], 'without the sandbox both are allowed: ' + r.stdout + r.stderr


def test_installed_service_answers(installed):
    """The installed server (under the unit's sandbox) and the installed site
    answer the page, the API, nginx's own 413, a reload and a graceful stop."""
    tmp, port, unit = installed['tmp'], installed['port'], installed['unit']
    runtime = os.path.join(tmp, 'runtime')  # stands in for RuntimeDirectory=, mode 0755 like the unit's
    os.makedirs(runtime, mode=0o755)
    socket_path = os.path.join(runtime, 'stickertext.sock')
    as_root = os.geteuid() == 0
    group = grp.getgrnam(unit_values(unit, 'Group')[0]).gr_gid if as_root else os.getgid()
    if as_root:
        os.chown(runtime, 65534, group)  # nobody: the server runs unprivileged, as DynamicUser= would
    import_pack(installed)
    args = unit_values(unit, 'ExecStart')[0].replace(SOCKET, socket_path)
    args = args.replace('$STICKERTEXT_OPTS', '--workers 2 --threads 2 --shutdown-grace 5').split()
    umask = int(unit_values(unit, 'UMask')[0], 8)
    log = open(os.path.join(tmp, 'server.log'), 'w+')
    server = subprocess.Popen(args, stdout=log, stderr=log, umask=umask, preexec_fn=sandbox(unit),
                              **({'user': 65534, 'group': group, 'extra_groups': []} if as_root else {}))
    site = os.path.join(tmp, 'site.conf')
    with open(site, 'w') as f:
        f.write(read(installed['site']).replace(SOCKET, socket_path))
    run, conf = wrapper(installed, site)
    nginx = None
    try:
        for _ in range(200):
            if os.path.exists(socket_path) or server.poll() is not None:
                break
            time.sleep(0.05)
        assert os.path.exists(socket_path), 'the server did not start: ' + read(log.name)
        nginx = subprocess.Popen(['nginx', '-p', run, '-c', conf, '-e', os.path.join(run, 'error.log')])
        for _ in range(200):
            try:
                if get(port, 'GET', '/api/health').status == 200:
                    break
            except OSError:
                time.sleep(0.05)
        health = get(port, 'GET', '/api/health')
        assert health.status == 200 and health.json()['status'] == 'ok', health.body + read(log.name).encode()
        # The sockets are the service's user's and nginx's group's alone (the unit's Group=).
        for path in (socket_path, socket_path + '.large', socket_path + '.nginx'):
            mode = os.stat(path)
            assert (stat.S_IMODE(mode.st_mode), mode.st_gid) == (0o660, group), (path, oct(mode.st_mode), mode.st_gid)
        status = read(f'/proc/{server.pid}/status')
        assert re.search(r'^NoNewPrivs:\s+1$', status, re.M) and re.search(r'^Seccomp:\s+2$', status, re.M), status
        if as_root:
            assert re.search(r'^Uid:\s+65534\s', status, re.M), status
        page = get(port, 'GET', '/')
        assert page.status == 200 and page.headers['content-type'].startswith('text/html')
        assert "script-src 'self'" in page.headers['content-security-policy']
        assert b'<html' in page.body.lower()
        assert get(port, 'GET', '/openapi.yaml').headers['content-type'].startswith('application/yaml')
        # The pack imported into the packs folder, served by the installed server (the unit's --packs)
        # and its pictures by the installed site, as the seeded default packs are; pack.json is not a picture.
        render = get(port, 'POST', '/api/render', '{"text":"hi [微笑][blobbear]"}'.encode(), {'Content-Type': 'application/json'})
        assert render.status == 200 and 'src="/stickers/operator/blobbear.png"' in render.json()['html'], render.body
        for path in ('/stickers/operator/blobbear.png', '/stickers/weibo/smile@2x.png'):
            picture = get(port, 'GET', path)
            assert picture.status == 200 and picture.headers['content-type'] == 'image/png', path
            assert picture.headers['cache-control'] == 'public, max-age=31536000, immutable', path
        assert get(port, 'GET', '/stickers/weibo/pack.json').status == 404
        # The body limit the site and the unit share: nginx answers 413 in the API's shape.
        big = get(port, 'POST', '/api/render', b'{"text":"' + b'x' * BODY_LIMIT + b'"}', {'Content-Type': 'application/json'})
        assert big.status == 413 and big.json()['error']['code'] == 'payload_too_large'
        # ExecReload: SIGHUP reloads the packs and the workers are replaced; the service keeps answering.
        server.send_signal(signal.SIGHUP)
        for _ in range(100):
            if 'packs reloaded' in read(log.name):
                break
            time.sleep(0.05)
        assert 'packs reloaded' in read(log.name)
        assert get(port, 'GET', '/api/health').status == 200
        # KillMode=mixed: SIGTERM to the master alone stops everything, cleanly.
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=15) == 0, read(log.name)
        assert not os.path.exists(socket_path)
        assert 'Operation not permitted' not in read(log.name), read(log.name)
    finally:
        for p, sig in ((nginx, signal.SIGQUIT), (server, signal.SIGTERM)):
            if p is not None and p.poll() is None:
                p.send_signal(sig)
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    p.kill()
        log.close()


def import_pack(installed):
    """A tootctl archive imported with the installed CLI into the installed packs folder, as
    docs/operations.md tells an operator; readable by the unprivileged server."""
    archive = os.path.join(installed['tmp'], 'emoji.tar.gz')
    with tarfile.open(archive, 'w:gz') as tar:
        tar.add(os.path.join(ROOT, 'public', 'stickers', 'animals', 'bear@3x.png'), arcname='blobbear.png')
    stickertext = os.path.join(installed['prefix'], 'bin', 'stickertext')
    r = subprocess.run([stickertext, 'import', '--from', 'mastodon', '--id', 'operator', '--out', installed['packs'], archive],
                       capture_output=True, text=True, umask=0o022)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_new_install_keeps_the_operators_packs(installed):
    """make install again (an upgrade): a pack added, a file changed and a pack removed stay as the operator left them."""
    packs = installed['packs']
    import_pack(installed)
    changed = os.path.join(packs, 'weibo', 'pack.json')
    pack = json.load(open(changed, encoding='utf-8'))
    pack['title']['en'] = "The operator's faces"
    with open(changed, 'w', encoding='utf-8') as f:
        json.dump(pack, f, ensure_ascii=False)
    with open(os.path.join(packs, 'animals', 'bear.png'), 'ab') as f:
        f.write(b'the operator changed it')
    shutil.rmtree(os.path.join(packs, 'motion'))

    def state():
        return {os.path.relpath(os.path.join(folder, name), packs): open(os.path.join(folder, name), 'rb').read()
                for folder, _, files in os.walk(packs) for name in files}
    before = state()
    r = subprocess.run(installed['command'], check=True, capture_output=True, text=True)
    assert state() == before
    assert 'operator/pack.json' in before and 'motion/pack.json' not in before
    assert f'{packs}: the packs (kept as it was)' in r.stdout


def test_destdir_stages_for_the_real_prefix():
    """DESTDIR + PREFIX=/usr: files land under DESTDIR, the paths written into them are the real ones."""
    stage = tempfile.mkdtemp(prefix='stickertext-stage-')
    try:
        r = subprocess.run(['make', '-s', '-C', ROOT, 'install', f'DESTDIR={stage}', 'PREFIX=/usr', *BINARIES],
                           check=True, capture_output=True, text=True)
        unit = os.path.join(stage, 'usr/lib/systemd/system/stickertext.service')
        site = os.path.join(stage, 'etc/nginx/sites-available/stickertext')
        assert os.access(os.path.join(stage, 'usr/bin/stickertext-server'), os.X_OK)
        assert os.path.isfile(os.path.join(stage, 'usr/share/stickertext/public/index.html'))
        assert unit_values(unit, 'ExecStart')[0].startswith('/usr/bin/stickertext-server ')
        assert unit_values(unit, 'EnvironmentFile') == ['-/etc/default/stickertext']
        assert 'root /usr/share/stickertext/public;' in read(site) and 'listen 80;' in read(site)
        # The packs' state folder, staged with the default packs, named by its real path.
        assert os.path.isfile(os.path.join(stage, 'var/lib/stickertext/packs/weibo/pack.json'))
        assert 'alias /var/lib/stickertext/packs/;' in read(site)
        assert unit_values(unit, 'ExecStart')[0].endswith(' --packs /var/lib/stickertext/packs')
        assert '/var/lib/stickertext/packs: the packs (made with the default packs)' in r.stdout
        for path in (unit, site, os.path.join(stage, 'etc/default/stickertext')):
            assert stage not in read(path), path
    finally:
        shutil.rmtree(stage, ignore_errors=True)


# What make install-build links in beside the Swift runtime: Foundation's networking, which the
# CLI imports (import from a URL). A program of a few lines that imports the same, linked as
# --static-swift-stdlib links (swiftc -static-stdlib), takes the same libraries from the system.
PROBE = '''import Foundation
import FoundationNetworking

print(URLSession(configuration: .ephemeral).configuration.timeoutIntervalForRequest)
'''


def install_deps_packages():
    """The Debian packages scripts/install-deps.sh installs (its packages=(…) and packages+=(…) lists)."""
    text = read(os.path.join(ROOT, 'scripts', 'install-deps.sh'))
    return {p for names in re.findall(r'^packages\+?=\(([^)]*)\)', text, re.M) for p in names.split()}


def system_libraries(link):
    """The files the linker command `link` takes its -l libraries from, outside the Swift
    toolchain, found as ld finds them (each -L folder in turn, a .so before a .a)."""
    import shlex
    words = shlex.split(link)
    folders = [w[2:] for w in words if w.startswith('-L')]
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(shutil.which('swiftc') or '/opt/swift/usr/bin/swiftc')))
    found = {}
    for name in sorted({w[2:] for w in words if w.startswith('-l')}):
        path = next((os.path.join(folder, f'lib{name}{suffix}') for folder in folders for suffix in ('.so', '.a')
                     if os.path.exists(os.path.join(folder, f'lib{name}{suffix}'))), None)
        assert path, f'-l{name} is not in any -L folder of the link'
        if not os.path.realpath(path).startswith(toolchain + '/'):
            found[name] = os.path.normpath(path)
    return found


def debian_package(path):
    """The package that installed `path` (as written, or under /usr: Debian's /lib is /usr/lib)."""
    for candidate in (path, '/usr' + path if path.startswith('/lib') else path,
                      os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))):
        r = subprocess.run(['dpkg-query', '-S', candidate], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.split(':')[0]
    raise AssertionError(f'no Debian package has {path}')


def test_the_static_link_takes_only_libraries_install_deps_installs(tmp_path):
    """On a fresh Debian machine the static link failed (`cannot find -lcurl`): the CLI links
    libcurl through Foundation's networking, and install-deps did not install its -dev package.
    The probe links as make install-build does, and each library its link takes from the system
    (libcurl, libstdc++, libc, libgcc) is in a package install-deps.sh names."""
    swiftc = shutil.which('swiftc') or '/opt/swift/usr/bin/swiftc'
    (tmp_path / 'probe.swift').write_text(PROBE)
    r = subprocess.run([swiftc, '-static-stdlib', '-v', 'probe.swift', '-o', 'probe'], cwd=tmp_path,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    assert subprocess.run([str(tmp_path / 'probe')], capture_output=True, text=True).stdout == '60.0\n'
    link = next(line for line in r.stderr.splitlines() if re.match(r'\s*"?\S*/ld(\.gold|\.lld|\.bfd)?"? ', line))
    libraries = system_libraries(link)
    assert 'curl' in libraries, sorted(libraries)
    packages = {name: debian_package(path) for name, path in libraries.items()}
    missing = {name: package for name, package in packages.items() if package not in install_deps_packages()}
    assert not missing, f'the static link takes these from packages install-deps.sh does not install: {missing}'
