"""A TCP proxy that delays every byte it carries, for measuring the page's
start over a real round trip: CDP's network emulation does not slow a
service worker's own fetches, so it hides what a slow network does to a
warm start. Runs in a thread of the caller; its settings change between loads.

- `rtt_ms`: each chunk read from one side is written to the other `rtt_ms / 2`
  later, in order, in both directions (a request and its answer cost one
  round trip; the TCP handshake with the proxy itself is local, as the
  kernel completes it, so a new connection costs none, which favours pages
  that open many: the cost measured is a floor).
- `mode = 'lie-fi'`: connections are accepted and what is sent is read, but
  nothing is ever answered (a captive portal, a dead mobile link that still
  holds its connections).
- `mode = 'offline'`: each connection is reset as soon as it is accepted (as
  fast a failure as a refused connection).
- `hold = (pattern, ms)`: a request whose bytes match `pattern` (a bytes regex, e.g.
  rb'GET /js/chat-') goes upstream `ms` later than the round trip says (one
  file comes late however early it was asked for).
- `drop_connections()`: closes every connection, so that the next load opens
  new ones in the mode now set (a browser keeps its connections alive across
  navigations).
"""
import asyncio
import threading


class DelayProxy:
    def __init__(self, upstream_port, upstream_host='127.0.0.1', rtt_ms=0):
        self.upstream = (upstream_host, upstream_port)
        self.rtt_ms = rtt_ms
        self.mode = 'pass'
        self.hold = None
        self._writers = set()
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self._thread.start()
        ready.wait()

    def _run(self, ready):
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._accept, '127.0.0.1', 0))
        self.port = self._server.sockets[0].getsockname()[1]
        ready.set()
        self._loop.run_forever()

    async def _accept(self, reader, writer):
        self._writers.add(writer)
        try:
            if self.mode == 'offline':
                writer.transport.abort()
                return
            if self.mode == 'lie-fi':
                while await reader.read(65536):
                    pass
                return
            up_reader, up_writer = await asyncio.open_connection(*self.upstream)
            self._writers.add(up_writer)
            try:
                await asyncio.gather(self._pipe(reader, up_writer, upstream=True), self._pipe(up_reader, writer))
            finally:
                self._writers.discard(up_writer)
                up_writer.close()
        except (OSError, asyncio.CancelledError):
            pass
        finally:
            self._writers.discard(writer)
            writer.close()

    async def _pipe(self, source, sink, upstream=False):
        """Copies source to sink, each chunk half a round trip after it was read (and a request
        that `hold` names, its time later)."""
        queue = asyncio.Queue()

        def later(chunk):
            if not (upstream and self.hold and self.hold[0].search(chunk)):
                return 0
            return self.hold[1] / 1000

        async def read():
            try:
                while True:
                    chunk = await source.read(65536)
                    queue.put_nowait((self._loop.time() + self.rtt_ms / 2000 + later(chunk), chunk))
                    if not chunk:
                        return
            except OSError:
                queue.put_nowait((self._loop.time(), b''))

        async def write():
            while True:
                due, chunk = await queue.get()
                delay = due - self._loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                if not chunk:
                    if sink.can_write_eof():
                        try:
                            sink.write_eof()
                        except OSError:  # the other side is gone already
                            pass
                    return
                sink.write(chunk)
                await sink.drain()

        await asyncio.gather(read(), write())

    def drop_connections(self):
        def close_all():
            for writer in list(self._writers):
                writer.transport.abort()
            self._writers.clear()
        self._loop.call_soon_threadsafe(close_all)

    def close(self):
        """Closes every connection and ends the connections' tasks before the loop stops (a loop
        stopped under them leaves coroutines that complain when they are collected)."""
        async def shut():
            self._server.close()
            for writer in list(self._writers):
                writer.transport.abort()
            self._writers.clear()
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(timeout=5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
