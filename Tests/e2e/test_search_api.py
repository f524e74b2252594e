"""Search end to end: GET /api/stickers through nginx (the issue's curl
queries, errors, CORS, ETag and 304, a pack reload changing the answer), and
the pack tools that write the search keys (pypinyin)."""
import json
import os
import plistlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

from service import ROOT, Service, check_schema

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

TOOLS = os.path.join(ROOT, 'tools')


def curl(service, query):
    url = f'http://127.0.0.1:{service.port}/api/stickers?{query}'
    return json.loads(subprocess.run(['curl', '-s', url], capture_output=True, text=True, check=True).stdout)


def test_the_issues_curl_queries_list_their_sticker_first(service):
    # curl 'localhost:8080/api/stickers?q=xk' and q=smile, q=ｄｏｇｅ
    assert curl(service, 'q=xk')['stickers'][0]['tag'] == '[笑哭]'
    assert curl(service, 'q=smile')['stickers'][0]['tag'] == '[微笑]'
    assert curl(service, 'q=' + urllib.parse.quote('ｄｏｇｅ'))['stickers'][0]['tag'] == '[doge]'


def test_an_answer_follows_the_contract_and_is_open_to_other_origins(service):
    r = service.request('GET', '/api/stickers?q=' + urllib.parse.quote('笑') + '&limit=5')
    assert r.status == 200
    check_schema(r, '/api/stickers', 'GET')
    assert len(r.json()['stickers']) == 5
    assert r.headers['access-control-allow-origin'] == '*'


def test_an_empty_or_too_long_query_is_a_json_400(service):
    for query in ('q=', '', 'q=' + 'a' * 65, 'q=xk&limit=0', 'q=xk&limit=101', 'q=xk&sort=name'):
        r = service.request('GET', '/api/stickers?' + query)
        assert r.status == 400, query
        check_schema(r, '/api/stickers', 'GET')
        assert r.json()['error']['code'] == 'invalid_request', query


def test_an_unchanged_answer_revalidates_with_304(service):
    etag = service.request('GET', '/api/stickers?q=xk').headers['etag']
    again = service.request('GET', '/api/stickers?q=xk', headers={'If-None-Match': etag})
    assert again.status == 304
    assert again.body == b''


def test_a_pack_reload_changes_the_answer_and_its_etag():
    packs = tempfile.mkdtemp(prefix='stickertext-packs-')
    shutil.copytree(os.path.join(ROOT, 'public', 'stickers'), packs, dirs_exist_ok=True)
    s = Service(packs=packs)
    try:
        before = s.request('GET', '/api/stickers?q=zzz')
        assert before.json()['stickers'] == []
        weibo = os.path.join(packs, 'weibo', 'pack.json')
        pack = json.load(open(weibo, encoding='utf-8'))
        pack['stickers'][0]['keywords'] = ['zzz']
        json.dump(pack, open(weibo, 'w', encoding='utf-8'), ensure_ascii=False)
        os.kill(s.server.pid, signal.SIGHUP)
        for _ in range(100):
            after = s.request('GET', '/api/stickers?q=zzz', headers={'If-None-Match': before.headers['etag']})
            if after.status == 200 and after.json()['stickers']:
                break
            time.sleep(0.1)
        assert [x['tag'] for x in after.json()['stickers']] == ['[微笑]']
        assert after.headers['etag'] != before.headers['etag']
    finally:
        s.stop()
        shutil.rmtree(packs, ignore_errors=True)


def test_the_default_packs_search_keys_are_what_pypinyin_gives():
    run = subprocess.run([sys.executable, os.path.join(TOOLS, 'search_keys.py'), '--check',
                          os.path.join(ROOT, 'public', 'stickers')], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_keys_check_notices_a_stale_key():
    folder = tempfile.mkdtemp(prefix='stickertext-keys-')
    try:
        shutil.copytree(os.path.join(ROOT, 'public', 'stickers', 'weibo'), os.path.join(folder, 'weibo'))
        file = os.path.join(folder, 'weibo', 'pack.json')
        pack = json.load(open(file, encoding='utf-8'))
        pack['stickers'][2]['initials'] = 'xx'
        json.dump(pack, open(file, 'w', encoding='utf-8'), ensure_ascii=False)
        run = subprocess.run([sys.executable, os.path.join(TOOLS, 'search_keys.py'), '--check', folder],
                             capture_output=True, text=True)
        assert run.returncode == 1
        assert "stickers[2] 笑哭: pinyin/initials should be 'xiaoku'/'xk'" in run.stdout
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_an_imported_plist_gets_search_keys_and_is_searchable():
    cli = os.environ.get('STICKERTEXT_CLI', os.path.join(ROOT, '.build', 'debug', 'stickertext'))
    out = tempfile.mkdtemp(prefix='stickertext-import-')
    try:
        plist = os.path.join(ROOT, 'Tests', 'StickerTextPacksTests', 'Fixtures', 'lxweibo', 'default.plist')
        # The fixture has no pictures: any PNG under each name the plist gives (an import needs them all).
        images = os.path.join(out, 'images')
        os.makedirs(images)
        for entry in plistlib.load(open(plist, 'rb')):
            if entry.get('png'):
                shutil.copy(os.path.join(ROOT, 'public', 'stickers', 'weibo', 'smile@3x.png'),
                            os.path.join(images, entry['png']))
        run = subprocess.run([sys.executable, os.path.join(TOOLS, 'import-pack.py'), '--format', 'lxweibo', '--id', 'lx',
                              '--images', images, '--out', os.path.join(out, 'packs'), plist],
                             capture_output=True, text=True, env=dict(os.environ, STICKERTEXT_CLI=cli))
        assert run.returncode == 0, run.stdout + run.stderr
        assert 'lx/pack.json: search keys of' in run.stdout
        stickers = json.load(open(os.path.join(out, 'packs', 'lx', 'pack.json'), encoding='utf-8'))['stickers']
        first = stickers[0]
        assert (first['name']['zh'], first['pinyin'], first['initials']) == ('马到成功', 'madaochenggong', 'mdcg')
        # The pack (images aside) ranks by its keys.
        for s in stickers:
            s.pop('image', None)
        pack = json.load(open(os.path.join(out, 'packs', 'lx', 'pack.json'), encoding='utf-8'))
        catalog = {'packs': [{**pack, 'stickers': stickers}]}
        node = subprocess.run(['node', '--input-type=module', '-e', f'''
            import {{ Catalog }} from '{ROOT}/public/js/model/index.js';
            import {{ searchStickers }} from '{ROOT}/public/js/model/search.js';
            const c = new Catalog({json.dumps(catalog, ensure_ascii=False)});
            console.log(searchStickers(c, 'mdcg', 1)[0].sticker.tag);'''], capture_output=True, text=True)
        assert node.stdout.strip() == '[马到成功]', node.stderr
    finally:
        shutil.rmtree(out, ignore_errors=True)
