#!/usr/bin/env bash
# Every test: unit, API and component tests (Vitest), then the built product in Chromium (Playwright).
# Both run even when the first fails; the last line sums them for CI: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
rm -f test-results/vitest.json test-results/playwright.json
mkdir -p test-results

npx vitest run
unit=$?
npm run build --silent
build=$?
if [ $build -eq 0 ]; then
  npx playwright test
  e2e=$?
else
  e2e=1
fi
node scripts/summarize-tests.mjs
summary=$?
if [ $unit -ne 0 ] || [ $e2e -ne 0 ] || [ $build -ne 0 ] || [ $summary -ne 0 ]; then exit 1; fi
