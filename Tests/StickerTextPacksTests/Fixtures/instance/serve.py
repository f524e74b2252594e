#!/usr/bin/env python3
"""A Mastodon or Misskey instance as an import from one sees it, on loopback
only: the answers in answers/ (their {base} made this server's address),
the files of the folder given, and the ways a hostile or broken instance
answers. Prints its port on the first line, then serves until killed.

    python3 serve.py FILES_DIR [--exit-with-parent]

With --exit-with-parent it stops when the process that started it ends,
however that ends (a test run killed halfway leaves no server behind).

  /api/v1/custom_emojis, /api/emojis   answers/custom_emojis.json, answers/emojis.json
  /files/NAME                          FILES_DIR/NAME
  /redirect-to-file                    302 to file:///etc/passwd
  /redirect-loop                       302 to itself
  /redirect-to/NAME                    302 to /files/NAME
  /endless                             an image/png body that never ends, no Content-Length
  /lying-length                        Content-Length 100 and 3 MB of body
  /slow                                answers after 5 seconds
  anything else                        404
"""
import os
import sys
import time
from http.server import ThreadingHTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from serving import QuietHandler, exit_with_parent_if_asked  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = sys.argv[1]


class Handler(QuietHandler):
    def do_GET(self):
        base = f'http://127.0.0.1:{self.server.server_port}'
        path = self.path.split('?')[0]
        answers = {'/api/v1/custom_emojis': 'custom_emojis.json', '/api/emojis': 'emojis.json'}
        try:
            if path in answers:
                with open(os.path.join(HERE, 'answers', answers[path]), encoding='utf-8') as f:
                    self.send(200, f.read().replace('{base}', base).encode())
            elif path.startswith('/files/') and '..' not in path and os.path.isfile(FILES + path[len('/files'):]):
                with open(FILES + path[len('/files'):], 'rb') as f:
                    self.send(200, f.read(), 'image/png')
            elif path == '/redirect-to-file':
                self.send(302, headers=[('Location', 'file:///etc/passwd')])
            elif path == '/redirect-loop':
                self.send(302, headers=[('Location', base + '/redirect-loop')])
            elif path.startswith('/redirect-to/'):
                self.send(302, headers=[('Location', base + '/files/' + path[len('/redirect-to/'):])])
            elif path == '/endless':
                self.send_response(200)
                self.send_header('Content-Type', 'image/png')
                self.end_headers()
                chunk = b'\0' * 65536
                while True:
                    self.wfile.write(chunk)
            elif path == '/lying-length':
                self.send_response(200)
                self.send_header('Content-Type', 'image/png')
                self.send_header('Content-Length', '100')
                self.end_headers()
                self.wfile.write(b'\0' * (3 << 20))
            elif path == '/slow':
                time.sleep(5)
                self.send(200, b'late', 'image/png')
            else:
                self.send(404, b'{"error": "not found"}')
        except (BrokenPipeError, ConnectionResetError):
            pass


exit_with_parent_if_asked()
server = ThreadingHTTPServer(('127.0.0.1', 0), Handler)
server.daemon_threads = True
print(server.server_port, flush=True)
server.serve_forever()
