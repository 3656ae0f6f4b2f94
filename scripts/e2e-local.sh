#!/usr/bin/env bash
# Runs some browser tests on a port and build of their own, so several people can run e2e at once:
#   scripts/e2e-local.sh 8182 e2e/escalacao.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."
porta="$1"; shift
export E2E_PORT="$porta" E2E_WEB_DIR="dist/web-$porta"
npx vite build --logLevel warn --outDir "../dist/web-$porta"
npx playwright test "$@"
