#!/usr/bin/env bash
# `npm test`: installs what the tests need on a fresh machine, then runs unit, integration and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm packages, exactly as locked, with patches/ applied by the postinstall step (skipped when the last install
# that finished, stamped below, is newer than both; an install whose patching failed leaves no stamp).
STAMP=node_modules/.ferrum-installed
if [ ! -f "$STAMP" ] || [ package-lock.json -nt "$STAMP" ] || [ -n "$(find patches -newer "$STAMP")" ]; then
  npm ci --no-audit --no-fund
  touch "$STAMP"
fi

# Debian's Chromium for the browser tests (Playwright never downloads a browser here), CJK fonts so
# screenshots of Chinese pages are readable, and zbar, which reads the sample labels' barcodes back as a
# scanner would.
if ! command -v chromium >/dev/null 2>&1 || ! command -v zbarimg >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "noto sans cjk"; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends chromium fonts-noto-cjk zbar-tools >/dev/null
  else
    echo "Chromium or zbar is missing: install Debian's 'chromium' and 'zbar-tools' packages (needs root)." >&2
    exit 1
  fi
fi

# The simulation codes the compute apps run (Debian packages; skipped when already installed).
bash scripts/setup-solvers.sh

echo "== typecheck"
npx tsc --noEmit
echo "== build"
npm run build
echo "== unit and integration (PGlite, and PostgreSQL when a server answers)"
npx vitest run
echo "== browser (Chromium)"
npx playwright test
