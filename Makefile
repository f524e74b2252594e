# stickertext — the two commands of the README's Quick start, and the benchmark.
# The toolchain lives in /opt/swift on the project machines; keep it reachable from make.
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
BIN := .build/release/stickertext

.PHONY: run test build deps bench clean

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product stickertext

# Until the server lands (issue 3), `make run` is the CLI demo on the embedded packs.
run: build
	@scripts/demo.sh $(BIN)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(SWIFT) build --product stickertext
	Tests/cli/cli-test.sh .build/debug/stickertext

bench: deps
	@Benchmarks/run.sh

clean:
	rm -rf .build
