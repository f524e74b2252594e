"""An earlier commit's page beside the page as it is, for the page benchmarks
(keystroke-latency.py, start-latency.py): its public/ (with the nginx
templates and scripts of that commit) served by a second nginx over the same
backend, so that both are measured side by side in one run. A commit that
builds its page (tools/build-page.mjs) has it built by its own tool; an older
one is served as its public/ is."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'e2e'))
from service import free_port  # noqa: E402


class BaselinePage:
    """The page of `commit` on http://127.0.0.1:PORT/, its API through `socket_path`; stop() when done.
    Served with that commit's nginx site, or with `tls` (nginx-conf.sh's TLS_* variables, whose
    TLS_LISTEN is taken as `https_port`) with today's, which has HTTPS."""

    def __init__(self, commit, socket_path, tls=None):
        self.root = tempfile.mkdtemp(prefix='stickertext-baseline-')
        os.chmod(self.root, 0o755)  # nginx's workers read it
        folders = 'public tools' if tls else 'public tools nginx scripts'
        subprocess.run(f'git -C {ROOT} archive {commit} {folders} | tar -x -C {self.root}', shell=True, check=True)
        if os.path.exists(os.path.join(self.root, 'tools', 'build-page.mjs')):
            subprocess.run(['node', os.path.join(self.root, 'tools', 'build-page.mjs'), '--root', self.root], check=True)
        elif tls:  # today's nginx site serves the built page's folder: that commit's page is its public/
            os.makedirs(os.path.join(self.root, '.build'))
            os.symlink(os.path.join('..', 'public'), os.path.join(self.root, '.build', 'site'))
        site = ROOT if tls else self.root
        if tls:
            shutil.copytree(os.path.join(ROOT, 'nginx'), os.path.join(self.root, 'nginx'))
            self.https_port = free_port()
            tls = {**tls, 'TLS_LISTEN': str(self.https_port)}
        self.run = tempfile.mkdtemp(prefix='stickertext-baseline-run-')
        os.chmod(self.run, 0o755)
        self.port = free_port()
        subprocess.run([os.path.join(site, 'scripts', 'nginx-conf.sh'), self.root, self.run, str(self.port), socket_path, '1048576'],
                       check=True, env={**os.environ, **(tls or {})})
        # The backend's sockets are the user's alone (0660): an older site's nginx, started by
        # root, would run its workers as nobody, who could not use them.
        conf = os.path.join(self.run, 'nginx.conf')
        text = open(conf).read()
        if os.geteuid() == 0 and not re.search(r'^user ', text, re.M):
            with open(conf, 'w') as f:
                f.write('user root;\n' + text)
        self.nginx = subprocess.Popen(['nginx', '-p', self.run, '-c', os.path.join(self.run, 'nginx.conf'),
                                       '-e', os.path.join(self.run, 'err.log')])
        time.sleep(0.5)

    def stop(self):
        self.nginx.terminate()
        self.nginx.wait()
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.rmtree(self.run, ignore_errors=True)
