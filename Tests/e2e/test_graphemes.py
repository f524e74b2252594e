"""The page's Unicode in a real browser: Unicode's GraphemeBreakTest 18.0
(853 cases) and every fully-qualified emoji of emoji-test 17.0 (the newest a
registry here has: one cluster, and an emoji to the emoji rule: every line of
the file classified as node classifies it, which is as the Swift core does,
Tests/js/graphemes.test.mjs), and NormalizationTest 18.0 through NFC and
NFKC, through the JS model's own modules as the page loads them
(Tests/js/grapheme-conformance.mjs and normalization-conformance.mjs, the
checks node runs too). The model's rules and data are its own, so every
engine must answer as node and the Swift core do, whatever Unicode version
its Intl.Segmenter, `\\p{Emoji}` and `normalize()` have.

The browser is the suite's (conftest's `desktop`), in every engine the suite
drives: Chromium, Firefox and WebKit (ENGINES; run.py runs the module in each).
The modules and the test files are served from the repository by a small
static server on loopback, as the files are."""
import functools
import http.server
import json
import os
import subprocess
import threading

import pytest

from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)
from service import ROOT, free_port

CHECK = '''
const done = arguments[arguments.length - 1];
const text = (path) => fetch(path).then((r) => (r.ok ? r.text() : Promise.reject(new Error(path + ': ' + r.status))));
Promise.all([import('/Tests/js/grapheme-conformance.mjs'), text('/Tests/unicode/GraphemeBreakTest.txt'),
             text('/Tests/unicode/emoji-test.txt'), import('/Tests/js/normalization-conformance.mjs'),
             text('/Tests/unicode/NormalizationTest.txt')])
  .then(([check, breaks, emoji, normalization, test]) => {
    const result = check.unicodeConformance(breaks, emoji);
    result.normalization = normalization.normalizationConformance(test);
    // For the record only: how many cases the engine's own segmenter cuts as Unicode 18 does.
    result.engineSegmenter = typeof Intl.Segmenter === 'function'
      ? check.graphemeBreakTest(breaks, (s) => Array.from(new Intl.Segmenter('en', {granularity: 'grapheme'}).segment(s), (x) => x.segment)).passed
      : null;
    done(result);
  })
  .catch((error) => done({error: String(error && error.stack || error)}));
'''


class Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {'.mjs': 'text/javascript', '.js': 'text/javascript', '.txt': 'text/plain; charset=utf-8',
                      '.html': 'text/html; charset=utf-8', '': 'application/octet-stream'}

    def do_GET(self):
        if self.path == '/':
            body = b'<!doctype html><meta charset="utf-8"><title>graphemes</title>'
            self.send_response(200)
            self.send_header('Content-Type', 'text/html; charset=utf-8')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args):
        pass


@pytest.fixture(scope='module')
def files():
    server = http.server.ThreadingHTTPServer(('127.0.0.1', free_port()), functools.partial(Files, directory=ROOT))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f'http://127.0.0.1:{server.server_address[1]}'
    server.shutdown()
    server.server_close()


NODE_ANSWERS = """
import { readFileSync } from 'node:fs';
import { emojiClassification } from './Tests/js/grapheme-conformance.mjs';
console.log(JSON.stringify(emojiClassification(readFileSync('Tests/unicode/emoji-test.txt', 'utf8')).answers));
"""


@pytest.fixture(scope='module')
def node_emoji_answers():
    """What node's run of the model finds in each line of emoji-test.txt."""
    run = subprocess.run(['node', '--input-type=module', '-e', NODE_ANSWERS], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return json.loads(run.stdout)


def test_the_page_model_answers_unicodes_grapheme_emoji_and_normalization_tests_as_node_and_swift_do(
        desktop, files, node_emoji_answers):
    desktop.get(files + '/')
    desktop.set_script_timeout(120)
    result = desktop.execute_async_script(CHECK)
    assert 'error' not in result, result.get('error')
    print(f"\n{desktop.capabilities.get('browserName')} {desktop.capabilities.get('browserVersion')}: "
          f"GraphemeBreakTest {result['graphemeBreakTest']['passed']}/853, emoji-test {result['emojiTest']['passed']}/3944 "
          f"(the engine's own Intl.Segmenter: {result['engineSegmenter']}/853), emoji-test's "
          f"{result['emojiClassification']['lines']} lines classified as node classifies them: "
          f"{result['emojiClassification']['answers'] == node_emoji_answers}, NormalizationTest "
          f"{result['normalization']['official']['passed']}/20171")
    assert result['tables'] == '18.0.0'
    assert result['graphemeBreakTest']['version'] == '18.0.0'
    assert result['graphemeBreakTest']['failures'] == []
    assert result['graphemeBreakTest']['passed'] == 853
    assert result['emojiTest']['version'] == '17.0'
    assert result['emojiTest']['failures'] == []
    assert result['emojiTest']['passed'] == 3944
    classification = result['emojiClassification']
    assert classification['failures'] == []
    assert classification['newest'] == 163
    assert classification['answers'] == node_emoji_answers
    normalization = result['normalization']
    assert normalization['tables'] == '18.0.0'
    assert normalization['official']['version'] == '18.0.0'
    assert normalization['official']['failures'] == []
    assert normalization['official']['passed'] == 20171
    assert normalization['othersChanged'] == []
