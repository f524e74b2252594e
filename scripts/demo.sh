#!/usr/bin/env bash
# A tour of the stickertext CLI on the embedded default packs.
set -euo pipefail
bin=${1:-.build/release/stickertext}
step() { printf '\n\033[1m$ %s\033[0m\n' "$1"; bash -c "$1"; }
export PATH="$(cd "$(dirname "$bin")" && pwd):$PATH"
step "echo 'hi [微笑] <b> [[哈哈] [smile]' | stickertext render"
step "echo '{\"text\":\"ab\",\"selection\":{\"location\":1,\"length\":0},\"op\":\"paste\",\"string\":\"[哈哈][哈哈]\"}' | stickertext edit"
step "echo '{\"text\":\"a👨‍👩‍👧‍👦\",\"selection\":{\"location\":12,\"length\":0},\"op\":\"deleteBackward\"}' | stickertext edit"
step "echo '{\"text\":\"你好[微笑]😀\",\"policy\":{\"maxLength\":10,\"countMode\":\"gb18030\"}}' | stickertext count"
step "stickertext packs list | head -5"
printf '\nThe same bodies are served over HTTP by `make run` (http://127.0.0.1:8080).\n'
