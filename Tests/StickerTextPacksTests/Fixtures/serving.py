"""What the fixtures' HTTP servers (instance/serve.py, fetch/serve.py) share:
a quiet handler that sends a whole answer, and ending with the test runner
that started them (`--exit-with-parent`: a SIGKILLed runner leaves none)."""
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler


class QuietHandler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body=b'', kind='application/json', headers=()):
        self.send_response(status)
        self.send_header('Content-Type', kind)
        self.send_header('Content-Length', str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


def exit_with_parent_if_asked():
    """Ends this process once its parent has gone, when the command line says --exit-with-parent."""
    if '--exit-with-parent' not in sys.argv[2:]:
        return
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
