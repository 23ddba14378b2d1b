#!/usr/bin/env bash
# The whole test suite: lit/filecheck, pytest, ruff, pyright. Any failure exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
echo "== lit tests/filecheck"
lit -v tests/filecheck || status=1
echo "== pytest"
python -m pytest -q tests || status=1
echo "== ruff"
ruff check . || status=1
ruff format --check . || status=1
echo "== pyright"
basedpyright || status=1
exit $status
