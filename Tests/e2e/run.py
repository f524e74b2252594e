"""The end-to-end tests as make test runs them, within CI's time on two cores.
First the modules that drive the editor and the panel (those that import
ENGINES from engines.py) run in Chromium, Firefox and WebKit at once, one
pytest per engine (a browser test mostly waits on its page, so three share two
cores well). When the first engine's run ends, the Chromium modules that
measure no time (those that say `SHARES_THE_MACHINE = True`) start beside the
other two; when all of these have ended, every other module runs in Chromium
alone: the fairness, deadline and load tests measure time and get the machine
to themselves. Each run's output and time is printed as it ends, and one closing
line counts them all. Arguments are passed to every pytest (-x, -k ...).

Nothing can hang the run: a test that takes over TEST_TIMEOUT seconds fails
(pytest-timeout, raising in the test, so the run goes on), and while runs go
on a line says which every HEARTBEAT seconds, so CI never sees a quiet run."""
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

from engines import ENGINES

HERE = os.path.dirname(os.path.abspath(__file__))
TEST_TIMEOUT = 600
HEARTBEAT = 240
COUNTS = re.compile(r'(\d+) (passed|failed|skipped|errors?|xfailed|xpassed)')


def engine_modules():
    """The test modules that run in every engine."""
    return sorted(os.path.basename(path) for path in glob.glob(os.path.join(HERE, 'test_*.py'))
                  if 'from engines import ENGINES' in open(path, encoding='utf-8').read())


def modules_sharing_the_machine():
    """The Chromium-only modules that measure no time, and so may run beside the engines' runs."""
    return sorted(os.path.basename(path) for path in glob.glob(os.path.join(HERE, 'test_*.py'))
                  if re.search(r'^SHARES_THE_MACHINE = True', open(path, encoding='utf-8').read(), re.M))


def start(name, engine, paths, extra):
    log = tempfile.TemporaryFile(mode='w+', prefix=f'e2e-{name}-')
    command = [sys.executable, '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-o', f'timeout={TEST_TIMEOUT}',
               '-o', 'timeout_method=signal', *extra, *paths]
    process = subprocess.Popen(command, cwd=HERE, stdout=log, stderr=subprocess.STDOUT,
                               env=dict(os.environ, ENGINES=engine))
    return {'name': name, 'process': process, 'log': log, 'started': time.monotonic()}


def finish(run, totals):
    """Prints the output and time of `run`, which has ended, adds its counts to `totals`; its exit code."""
    code = run['process'].wait()
    seconds = run['ended'] - run['started']
    run['log'].seek(0)
    output = run['log'].read()
    print(f'\n==== {run["name"]}: {seconds:.0f} s, exit code {code} ====\n{output}', flush=True)
    last = [line for line in output.splitlines() if COUNTS.search(line)][-1:] or ['']
    for count, what in COUNTS.findall(last[0]):
        key = 'errors' if what.startswith('error') else what
        totals[key] = totals.get(key, 0) + int(count)
    return code


def next_to_end(running):
    """Waits until one of `running` has ended; takes it out of the list and returns it, its end time noted."""
    said = time.monotonic()
    while True:
        run = next((run for run in running if run['process'].poll() is not None), None)
        if run:
            running.remove(run)
            run['ended'] = time.monotonic()
            return run
        if time.monotonic() - said > HEARTBEAT:
            said = time.monotonic()
            print('e2e: still running: ' + ', '.join(f'{run["name"]} ({said - run["started"]:.0f} s)'
                                                     for run in running), flush=True)
        time.sleep(0.5)


def main(extra):
    modules, sharing = engine_modules(), modules_sharing_the_machine()
    totals, codes, times = {}, [], []

    def ended(run):
        codes.append(finish(run, totals))
        times.append(f'{run["name"].split(":")[0]} {run["ended"] - run["started"]:.0f} s')

    running = [start(f'{engine}: the editor and the panel', engine, modules, extra) for engine in ENGINES]
    ended(next_to_end(running))
    running.append(start('chromium (beside): the modules that measure no time', 'chromium', sharing, extra))
    while running:
        ended(next_to_end(running))
    alone = ['.', *(f'--ignore={m}' for m in [*modules, *sharing])]
    ended(next_to_end([start('chromium (alone): every other module', 'chromium', alone, extra)]))
    print('e2e time, the editor and the panel by engine, the modules beside them, then the rest in Chromium: '
          + ', '.join(times))
    failed = totals.get('failed', 0) + totals.get('errors', 0)
    print(f"e2e: {totals.get('passed', 0)} passed, {failed} failed, {totals.get('skipped', 0)} skipped")
    return 0 if all(code == 0 for code in codes) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
