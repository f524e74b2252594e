#!/usr/bin/env bash
# Generates the typed Swift client (Sources/StickerTextClient/Generated) from
# public/openapi.yaml with apple/swift-openapi-generator, and records the
# document's SHA-256 beside it. The generated files are committed: building
# the generator takes minutes (OpenAPIKit, Yams), which a build plugin would
# spend on every clean build and every CI run. make test fails when
# openapi.yaml changes and this was not run again (Tests/e2e/test_client.py).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/tools/generate-client"
out="$root/Sources/StickerTextClient/Generated"
swift build --package-path "$here" --scratch-path "$root/.build-generator" --product swift-openapi-generator
rm -rf "$out"
mkdir -p "$out"
"$root/.build-generator/debug/swift-openapi-generator" generate --config "$here/openapi-generator-config.yaml" \
  --output-directory "$out" "$root/public/openapi.yaml"
(cd "$root" && sha256sum public/openapi.yaml) > "$out/openapi.yaml.sha256"
echo "generated $(ls "$out" | wc -l) files into Sources/StickerTextClient/Generated"
