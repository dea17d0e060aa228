#!/usr/bin/env bash
# `npm test`: installs what the tests need on a fresh machine, then runs unit, integration and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm packages, exactly as locked, with patches/ applied (skipped when node_modules already matches both).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] || [ -n "$(find patches -newer node_modules/.package-lock.json)" ]; then
  npm ci --no-audit --no-fund
fi

# Debian's Chromium for the browser tests (Playwright never downloads a browser here), and CJK fonts
# so screenshots of Chinese pages are readable.
if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "noto sans cjk"; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends chromium fonts-noto-cjk >/dev/null
  else
    echo "Chromium is missing: install Debian's 'chromium' package (needs root)." >&2
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
