"""What a wrk run printed, for the load scripts: wrk's own summary and the
lines the Lua scripts add (BAD_BODIES, LATENCY_US)."""
import re


class WrkSummary:
    def __init__(self, text):
        run = re.search(r'(\d+) requests in ([\d.]+)(ms|s|m|h)\b', text)
        if not run:
            raise SystemExit('wrk printed no summary:\n' + text)
        self.requests = int(run.group(1))
        self.seconds = float(run.group(2)) * {'ms': 0.001, 's': 1, 'm': 60, 'h': 3600}[run.group(3)]
        rate = re.search(r'Requests/sec:\s+([\d.]+)', text)
        self.rate = float(rate.group(1)) if rate else 0.0
        bad = re.search(r'BAD_BODIES (\d+)', text)
        if not bad:
            raise SystemExit('the Lua script reported nothing (did it load?):\n' + text)
        self.bad = int(bad.group(1))
        non2xx = re.search(r'Non-2xx or 3xx responses: (\d+)', text)
        self.non2xx = int(non2xx.group(1)) if non2xx else 0
        errors = re.search(r'Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)', text)
        self.socket_errors = sum(map(int, errors.groups())) if errors else 0
        latency = re.search(r'LATENCY_US p50 (\d+) p90 (\d+) p99 (\d+) max (\d+)', text)
        self.latency_ms = dict(zip(('p50', 'p90', 'p99', 'max'), (int(x) / 1000 for x in latency.groups()))) if latency else {}

    @classmethod
    def read(cls, path):
        with open(path) as f:
            return cls(f.read())
