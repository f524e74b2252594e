"""An operator's own packs, served where they live (issue 54): a Mastodon
archive imported with the CLI into a PACKS folder (seeded with the default
packs, as make install seeds its folder), served by make run's script with
that PACKS. Every picture of the imported pack loads through nginx: in the
page (the panel, a sent message, and each of its files) and in the embed on
another site. And nginx serves nothing of the folder but its pictures."""
import json
import os
import shutil
import signal
import subprocess
import tarfile
import tempfile

import pytest

from browser import Page, wait
from service import ROOT, SERVER, Response, build_site, free_port
from test_embed import Host
import http.client

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

CLI = os.environ.get('STICKERTEXT_CLI', os.path.join(ROOT, '.build', 'debug', 'stickertext'))
DEFAULTS = os.path.join(ROOT, 'public', 'stickers')
PACK = 'operator'
# tootctl's archive: <shortcode>.png files; partyspin is an APNG, whose still the import cuts as its poster.
ARCHIVE = {'blobbear.png': 'animals/bear@3x.png', 'blobfox.png': 'animals/fox@3x.png', 'partyspin.png': 'motion/spin@3x.png'}
CODES = ''.join(f'[{name[:-4]}]' for name in ARCHIVE)
SECRET = 'not a picture: stickertext must not serve this'


class MakeRun:
    """scripts/run.sh, as `make run` starts it (make run builds the binaries and the site first)."""

    def __init__(self, packs):
        build_site()
        self.run = tempfile.mkdtemp(prefix='stickertext-run-')
        self.port = free_port()
        env = dict(os.environ, PORT=str(self.port), RUN_DIR=self.run, WORKERS='1', THREADS='2', PACKS=packs,
                   SERVER_BIN=SERVER)
        self.process = subprocess.Popen([os.path.join(ROOT, 'scripts', 'run.sh')], env=env, stdout=subprocess.PIPE,
                                        text=True)
        line = self.process.stdout.readline()
        assert f'http://127.0.0.1:{self.port}/' in line, line + self.log()

    def log(self):
        path = os.path.join(self.run, 'nginx-error.log')
        return open(path).read() if os.path.exists(path) else ''

    def get(self, path, method='GET', body=None, headers=None):
        connection = http.client.HTTPConnection('127.0.0.1', self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            r = connection.getresponse()
            return Response(r.status, r.getheaders(), r.read())
        finally:
            connection.close()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.run, ignore_errors=True)


@pytest.fixture(scope='module')
def packs():
    """The default packs, then a Mastodon archive imported beside them with the CLI; and what an
    operator may keep there that is not a picture, and a link out of the folder."""
    tmp = tempfile.mkdtemp(prefix='stickertext-operator-')
    os.chmod(tmp, 0o755)
    folder = os.path.join(tmp, 'packs')
    shutil.copytree(DEFAULTS, folder)
    archive = os.path.join(tmp, 'emoji.tar.gz')
    with tarfile.open(archive, 'w:gz') as tar:
        for name, source in ARCHIVE.items():
            tar.add(os.path.join(DEFAULTS, source), arcname=name)
    r = subprocess.run([CLI, 'import', '--from', 'mastodon', '--id', PACK, '--out', folder, archive],
                       capture_output=True, text=True)
    assert r.returncode == 0 and f'{PACK}/pack.json: image pack, 3 stickers' in r.stdout + r.stderr, r.stdout + r.stderr
    secret = os.path.join(tmp, 'secret.png')
    with open(secret, 'w') as f:
        f.write(SECRET)
    os.symlink(secret, os.path.join(folder, PACK, 'outside.png'))
    for name in ('notes.html', 'backup.tar.gz', 'blobbear.png.gz'):
        with open(os.path.join(folder, PACK, name), 'w') as f:
            f.write(SECRET)
    yield folder
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope='module')
def served(packs):
    service = MakeRun(packs)
    yield service
    service.stop()


def picture_files(packs):
    """Every file the imported pack names: each scale of each picture, and the posters."""
    pack = json.load(open(os.path.join(packs, PACK, 'pack.json'), encoding='utf-8'))
    files = set()
    for sticker in pack['stickers']:
        image = sticker['image']
        files |= {image[scale] for scale in ('1x', '2x', '3x')}
        files |= {image['poster'][scale] for scale in ('1x', '2x', '3x')} if 'poster' in image else set()
    assert any('poster' in s['image'] for s in pack['stickers']), 'the APNG has its poster'
    return sorted(files)


def loaded(driver, selector):
    """The <img>s under `selector`, once each has finished loading: [src, naturalWidth] for each."""
    script = f'''const imgs = [...document.querySelectorAll({json.dumps(selector)})];
        return imgs.length && imgs.every((i) => i.complete) && imgs.map((i) => [i.currentSrc || i.src, i.naturalWidth]);'''
    return wait(driver, script, timeout=15)


def test_the_render_names_the_imported_pictures_and_nginx_serves_each_as_an_image(served, packs):
    html = served.get('/api/render', 'POST', json.dumps({'text': CODES}), {'Content-Type': 'application/json'}).json()['html']
    for name in ARCHIVE:
        assert f'src="/stickers/{PACK}/{name}"' in html, html
    for name in picture_files(packs):
        r = served.get(f'/stickers/{PACK}/{name}')
        assert r.status == 200, (name, r.status, served.log()[-2000:])
        assert r.body == open(os.path.join(packs, PACK, name), 'rb').read()
        assert r.headers['content-type'] == 'image/png'
        # The caching and headers of every sticker picture.
        assert r.headers['cache-control'] == 'public, max-age=31536000, immutable'
        assert r.headers['access-control-allow-origin'] == '*'
        assert r.headers['x-content-type-options'] == 'nosniff'
    # The default packs the folder was seeded with, and the page's icon.
    assert served.get('/stickers/animals/bear.png').status == 200
    assert served.get('/stickers/weibo/smile.png').headers['content-type'] == 'image/png'


def test_the_page_shows_every_picture_of_the_imported_pack(served, packs, desktop):
    page = Page(desktop, served)
    page.open_panel()
    page.pack(PACK)
    cells = loaded(desktop, '#pages .page:not([inert]) button.cell img')
    assert len(cells) == len(ARCHIVE) and all(width > 0 for _, width in cells), cells
    tab = loaded(desktop, f'#tabs [data-tab="{PACK}"] img')
    assert all(width > 0 for _, width in tab), tab
    page.send(CODES)
    shown = loaded(desktop, '#messages .msg:last-child img.sticker')
    assert [src.rsplit('/', 1)[-1].split('@')[0] for src, _ in shown] == list(ARCHIVE)
    assert all(width > 0 for _, width in shown), shown
    # Every file of the pack, each scale and poster, as the page's origin loads it.
    widths = desktop.execute_async_script('''
        const done = arguments[arguments.length - 1];
        Promise.all(arguments[0].map((src) => new Promise((resolve) => {
            const img = new Image();
            img.onload = img.onerror = () => resolve([src, img.naturalWidth]);
            img.src = src;
        }))).then(done);''', [f'/stickers/{PACK}/{name}' for name in picture_files(packs)])
    assert all(width > 0 for _, width in widths), widths


def test_the_embed_on_another_site_shows_every_picture_of_the_imported_pack(served, desktop):
    host = Host(served)
    try:
        desktop.get(host.page('/operator', f'<p id="basic" data-stickertext>{CODES}</p>'))
        shown = loaded(desktop, '#basic img.sticker')
        assert [src.rsplit('/', 1)[-1].split('@')[0] for src, _ in shown] == list(ARCHIVE)
        assert all(src.startswith(host.service + '/stickers/') and width > 0 for src, width in shown), shown
    finally:
        host.stop()


@pytest.mark.parametrize('path, status', [
    (f'/stickers/{PACK}/pack.json', 404),  # the packs are the API's, versioned
    ('/stickers/LICENSE.md', 404),
    (f'/stickers/{PACK}/notes.html', 404),
    (f'/stickers/{PACK}/backup.tar.gz', 404),
    (f'/stickers/{PACK}/outside.png', 403),  # a link out of the folder
    ('/stickers/', 403),  # no listing
    (f'/stickers/{PACK}/', 403),
    (f'/stickers/{PACK}/../../secret.png', None),
    (f'/stickers/{PACK}/%2e%2e/%2e%2e/secret.png', None),
])
def test_nginx_serves_nothing_of_the_packs_folder_but_its_pictures(served, path, status):
    r = served.get(path)
    assert SECRET.encode() not in r.body and b'"id":' not in r.body, (path, r.status)
    assert r.status == status if status else r.status in (400, 403, 404), (path, r.status)
    assert r.headers['content-type'].startswith('application/json')  # nginx's own error page


def test_a_gzip_beside_a_picture_is_never_sent_for_it(served, packs):
    connection = http.client.HTTPConnection('127.0.0.1', served.port, timeout=30)
    try:
        connection.request('GET', f'/stickers/{PACK}/blobbear.png', headers={'Accept-Encoding': 'gzip'})
        r = connection.getresponse()
        body = r.read()
    finally:
        connection.close()
    assert r.status == 200 and r.getheader('content-encoding') is None
    assert body == open(os.path.join(packs, PACK, 'blobbear.png'), 'rb').read()



@pytest.mark.parametrize('name, said', [
    ('missing', 'run.sh: PACKS is not a folder: '),
    # The folder goes into the site's text: a semicolon there would end nginx's directive.
    ('a;b', 'PACKS must be an absolute path of letters, digits and ._/+-'),
])
def test_make_run_refuses_a_packs_folder_it_cannot_serve_and_says_why(tmp_path, name, said):
    packs = tmp_path / name
    if name != 'missing':
        packs.mkdir()
    r = subprocess.run([os.path.join(ROOT, 'scripts', 'run.sh')], capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, PORT=str(free_port()), RUN_DIR=str(tmp_path / 'run'), PACKS=str(packs),
                                SERVER_BIN=SERVER))
    assert r.returncode == 2 and said in r.stderr, r.stdout + r.stderr
    assert not (tmp_path / 'run' / 'nginx.pid').exists()
