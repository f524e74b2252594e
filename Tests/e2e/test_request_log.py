"""The server's request log as a client can fill it: a path nginx decodes to a
line feed or a terminal escape writes one escaped field, never a second line;
an 8 KiB path writes a line of a few hundred bytes (docs/operations.md)."""

from service import Service, eventually

SHARES_THE_MACHINE = True


def log_lines(service, marker):
    """The log's lines that hold `marker`, once a worker has written them (every 20 ms)."""
    return eventually(lambda: [line for line in service.server_log().splitlines() if marker in line] or None)


def test_a_line_feed_in_a_path_writes_no_forged_line_and_a_long_path_no_long_line():
    service = Service(workers=1)
    try:
        forged = '2026-11-29T00:00:00+0000 info stickertext: [StickerTextFastCGI] GET /admin 200 0.1ms'
        assert service.request('GET', '/api/forged%0A' + forged.replace(' ', '%20') + '%1B[2J').status == 404
        lines = log_lines(service, 'forged')
        assert len(lines) == 1, lines
        assert '/api/forged\\x0A2026-11-29T00:00:00+0000\\x20info' in lines[0] and '\\x1B[2J 404 ' in lines[0]
        assert not any(line.startswith('2026-11-29T00:00:00') for line in service.server_log().splitlines())
        assert '\x1b' not in service.server_log()

        assert service.request('GET', '/api/long' + 'a' * 8000).status in (404, 414)
        lines = log_lines(service, '/api/long')
        assert len(lines) == 1 and len(lines[0].encode()) < 400 and '...[8009B]' in lines[0], lines
    finally:
        service.stop()
