#!/usr/bin/env python3
"""An instance whose emoji list points into the network it runs in, as an
SSRF attempt would, and a service of that network; all on loopback. The
instance listens on 127.0.0.1; the "internal" service on 127.0.0.2 and, on
another port, on 127.0.0.1 too. Prints "PORT INTERNAL_PORT OTHER_PORT" on
its first line, then serves until killed.

    python3 serve.py FILES_DIR [--exit-with-parent]

The instance (127.0.0.1:PORT):
  /api/v1/custom_emojis  a Mastodon list: one picture of its own (good), and
                         one each at 127.0.0.2, behind a redirect to it, at
                         localhost (this server under another name), at
                         ::ffff:127.0.0.2, at 127.0.0.1's other port
  /stalls                a Mastodon list of three pictures that stall
  /files/NAME            FILES_DIR/NAME
  /redirect-internal     302 to the internal service
  /stall/N               reads the request, never answers
The internal service (127.0.0.2:INTERNAL_PORT, 127.0.0.1:OTHER_PORT): any
GET answers FILES_DIR/secret.png (a picture, as a service could answer
one) and appends its path to FILES_DIR/internal-hits, which the tests read:
a request refused never gets there.
"""
import json
import os
import sys
import threading
import time
from http.server import ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from serving import QuietHandler, exit_with_parent_if_asked  # noqa: E402

FILES = sys.argv[1]


class Handler(QuietHandler):
    def picture(self, name):
        with open(os.path.join(FILES, name), 'rb') as f:
            self.send(200, f.read(), 'image/png')


def emoji(code, url):
    return {'shortcode': code, 'url': url, 'static_url': url, 'visible_in_picker': True, 'category': None}


class Instance(Handler):
    def do_GET(self):
        port = self.server.server_port
        base = f'http://127.0.0.1:{port}'
        internal = f'http://127.0.0.2:{INTERNAL.server_port}/secret.png'
        path = self.path.split('?')[0]
        try:
            if path == '/api/v1/custom_emojis':
                self.send(200, json.dumps([
                    emoji('good', f'{base}/files/good.png'),
                    emoji('internal', internal),
                    emoji('redirected', f'{base}/redirect-internal'),
                    emoji('named', f'http://localhost:{port}/files/good.png'),
                    emoji('mapped', f'http://[::ffff:127.0.0.2]:{INTERNAL.server_port}/secret.png'),
                    emoji('other_port', f'http://127.0.0.1:{OTHER.server_port}/secret.png'),
                ]).encode())
            elif path == '/stalls':
                self.send(200, json.dumps([emoji(f'stall{n}', f'{base}/stall/{n}') for n in (1, 2, 3)]).encode())
            elif path.startswith('/files/') and '/' not in path[len('/files/'):]:
                self.picture(path[len('/files/'):])
            elif path == '/redirect-internal':
                self.send(302, headers=[('Location', internal)])
            elif path.startswith('/stall/'):
                time.sleep(120)
            else:
                self.send(404)
        except (BrokenPipeError, ConnectionResetError, FileNotFoundError):
            pass


class Internal(Handler):
    def do_GET(self):
        with open(os.path.join(FILES, 'internal-hits'), 'a') as f:
            f.write(f'{self.server.server_address[0]}:{self.server.server_port}{self.path}\n')
        try:
            self.picture('secret.png')
        except (BrokenPipeError, ConnectionResetError, FileNotFoundError):
            pass


def serve(server):
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


exit_with_parent_if_asked()
INTERNAL = serve(ThreadingHTTPServer(('127.0.0.2', 0), Internal))
OTHER = serve(ThreadingHTTPServer(('127.0.0.1', 0), Internal))
instance = ThreadingHTTPServer(('127.0.0.1', 0), Instance)
instance.daemon_threads = True
print(instance.server_port, INTERNAL.server_port, OTHER.server_port, flush=True)
instance.serve_forever()
