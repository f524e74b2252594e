"""Packs changed on a running service: a pack imported into the packs folder
(`stickertext import`) and the master told (SIGHUP, what `systemctl reload
stickertext` sends) is in /api/packs, search, render and the page's panel, its
pictures served by nginx from that folder; a pack removed leaves them all, and
the page's offline copy (the service worker's) drops its pictures; while it
happens, under load, no request fails. docs/operations.md walks an operator
through the same steps."""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.parse

import pytest

from browser import Page, browser
from service import ROOT, Service, eventually

CLI = os.environ.get('STICKERTEXT_CLI', os.path.join(ROOT, '.build', 'debug', 'stickertext'))
PACK = 'blobs'
CODES = ['[blobcat]', '[blobfox]']


def until(condition, timeout=15):
    """Waits until `condition()` holds (eventually answers what is not None), and fails if it never does."""
    assert eventually(lambda: True if condition() else None, timeout=timeout), 'never held'


def render(service, text):
    return service.request('GET', '/api/render?text=' + urllib.parse.quote(text))


def pack_ids(service):
    return [pack['id'] for pack in service.request('GET', '/api/packs').json()['packs']]


def found_codes(service, query):
    return [hit.get('tag') for hit in service.request('GET', '/api/stickers?q=' + query).json()['stickers']]


class Load:
    """Threads asking the service's GETs and POSTs through nginx until stopped
    (60 s at most), each answer not a 200 noted with its request."""

    def __init__(self, service, threads=4):
        self.service, self.stopped, self.failures, self.count = service, threading.Event(), [], 0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.run, args=(n,), daemon=True) for n in range(threads)]
        for thread in self.threads:
            thread.start()

    def run(self, n):
        requests = [('GET', '/api/packs', None), ('GET', '/api/stickers?q=blob', None),
                    ('GET', '/api/render?text=' + urllib.parse.quote(f'hi {CODES[0]} [微笑] {n}'), None),
                    ('POST', '/api/render', json.dumps({'text': f'{CODES[1]}[微笑]{n}'}))]
        deadline = time.monotonic() + 60
        i = 0
        while not self.stopped.is_set() and time.monotonic() < deadline:
            method, path, body = requests[i % len(requests)]
            i += 1
            try:
                headers = {'Content-Type': 'application/json'} if body else {}
                status = self.service.request(method, path, body, headers, timeout=10).status
            except OSError as error:
                status = repr(error)
            with self.lock:
                self.count += 1
                if status != 200:
                    self.failures.append((method, path, status))

    def stop(self):
        self.stopped.set()
        for thread in self.threads:
            thread.join()
        return self.count, self.failures


def import_pack(packs):
    """Imports a Pleroma pack folder of two pictures (the default animals' bear and fox) as the pack `blobs`."""
    source = tempfile.mkdtemp(prefix='stickertext-pleroma-')
    for code, picture in zip(CODES, ['bear', 'fox']):
        shutil.copy(os.path.join(ROOT, 'public', 'stickers', 'animals', f'{picture}@3x.png'),
                    os.path.join(source, code.strip('[]') + '.png'))
    result = subprocess.run([CLI, 'import', '--from', 'pleroma', '--id', PACK, '--out', packs, source],
                            capture_output=True, text=True)
    shutil.rmtree(source)
    assert result.returncode == 0, result.stderr
    assert os.path.isfile(os.path.join(packs, PACK, 'pack.json'))


def reload(service):
    os.kill(service.server.pid, signal.SIGHUP)


@pytest.fixture()
def packs():
    """A packs folder as an install keeps one: the default packs, copied."""
    folder = tempfile.mkdtemp(prefix='stickertext-packs-')
    shutil.rmtree(folder)
    shutil.copytree(os.path.join(ROOT, 'public', 'stickers'), folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture()
def own(packs):
    s = Service(packs=packs)
    yield s
    s.stop()


def test_a_pack_imported_and_removed_under_load_shows_and_goes_with_no_failed_request(own, packs):
    assert PACK not in pack_ids(own)
    assert 'alt="[blobcat]"' not in render(own, CODES[0]).text
    load = Load(own)
    try:
        time.sleep(0.5)
        import_pack(packs)
        reload(own)
        until(lambda: PACK in pack_ids(own))
        assert CODES[0] in found_codes(own, 'blobcat')
        html = render(own, f'hi {CODES[0]}').text
        assert 'alt="[blobcat]"' in html
        # The picture the render names, served by nginx from the packs folder, as it was imported.
        src = html.split('src="', 1)[1].split('"', 1)[0]
        assert src.startswith(f'/stickers/{PACK}/')
        picture = own.request('GET', src)
        assert picture.status == 200 and picture.headers.get('content-type') == 'image/png'
        assert picture.body == open(os.path.join(packs, src[len('/stickers/'):]), 'rb').read()

        # Removed: out of the folder, then the reload.
        shutil.move(os.path.join(packs, PACK), packs + '-removed')
        reload(own)
        until(lambda: PACK not in pack_ids(own))
        assert CODES[0] not in found_codes(own, 'blobcat')
        assert 'alt="[blobcat]"' not in render(own, f'hi {CODES[0]}').text
        time.sleep(0.5)
    finally:
        count, failures = load.stop()
        shutil.rmtree(packs + '-removed', ignore_errors=True)
    assert count > 100, count
    assert failures == [], failures[:10]


def cached_picture_paths(driver):
    """The paths of the pictures the service worker's copy keeps."""
    return driver.execute_async_script('''
        const done = arguments[arguments.length - 1];
        caches.open('stickertext-images').then((c) => c.keys())
            .then((keys) => done(keys.map((r) => new URL(r.url).pathname)), () => done(null));''')


def test_the_page_and_its_offline_copy_take_a_new_pack_and_drop_a_removed_one(own, packs):
    driver = browser(390, 780)
    try:
        p = Page(driver, own)
        p.wait('return navigator.serviceWorker.controller !== null', timeout=15)
        p.open_panel()
        assert not driver.find_elements('css selector', f'#tabs [data-tab="{PACK}"]')

        import_pack(packs)
        reload(own)
        until(lambda: PACK in pack_ids(own))
        # A new visit: the worker's copy answers first, the network's newer packs follow (packs-updated).
        p = Page(driver, own)
        p.open_panel()
        p.wait(f'return document.querySelector(\'#tabs [data-tab="{PACK}"]\') !== null', timeout=15)
        p.pack(PACK)
        p.wait("const cells = [...document.querySelectorAll('#pages .page:not([inert]) button.cell img')];"
               'return cells.length === 2 && cells.every((i) => i.complete && i.naturalWidth > 0)', timeout=10)
        until(lambda: any(path.startswith(f'/stickers/{PACK}/') for path in cached_picture_paths(driver)))

        shutil.move(os.path.join(packs, PACK), packs + '-removed')
        reload(own)
        until(lambda: PACK not in pack_ids(own))
        p = Page(driver, own)
        p.open_panel()
        p.wait(f'return document.querySelector(\'#tabs [data-tab="{PACK}"]\') === null', timeout=15)
        # The offline copy keeps none of the removed pack's pictures; the others' stay.
        until(lambda: not any(path.startswith(f'/stickers/{PACK}/') for path in cached_picture_paths(driver)))
        assert cached_picture_paths(driver) is not None
    finally:
        driver.quit()
        shutil.rmtree(packs + '-removed', ignore_errors=True)
