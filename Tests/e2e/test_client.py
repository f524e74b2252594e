"""The typed Swift client (Sources/StickerTextClient, generated from
public/openapi.yaml) against the live nginx + stickertext-server: render,
edit, count, search and a typed 4xx, through URLSession."""
import hashlib
import os
import re
import subprocess

from service import ROOT

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

GENERATED = os.path.join(ROOT, 'Sources', 'StickerTextClient', 'Generated')
SWIFT = os.environ.get('SWIFT', 'swift')


def test_the_generated_client_is_from_the_current_openapi_yaml():
    """make client generates the client and records the document's hash; an
    edit of openapi.yaml without it leaves the client behind the contract."""
    recorded = open(os.path.join(GENERATED, 'openapi.yaml.sha256'), encoding='utf-8').read().split()[0]
    current = hashlib.sha256(open(os.path.join(ROOT, 'public', 'openapi.yaml'), 'rb').read()).hexdigest()
    assert recorded == current, 'public/openapi.yaml changed since the client was generated: run make client'


def test_the_swift_client_talks_to_the_live_service(service):
    run = subprocess.run([SWIFT, 'test', '--skip-build', '--filter', 'ClientTests'], cwd=ROOT,
                         env={**os.environ, 'STICKERTEXT_URL': f'http://127.0.0.1:{service.port}/'},
                         capture_output=True, text=True, timeout=600)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-8000:]
    # Every test ran and passed: none skipped for want of the service.
    assert 'skipped' not in output, output[-4000:]
    passed = re.search(r'Test run with (\d+) tests? in \d+ suites? passed', output)
    assert passed and int(passed.group(1)) >= 7, output[-4000:]
