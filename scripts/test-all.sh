#!/usr/bin/env bash
# Every test: unit, API and component tests (Vitest) beside the built product in Chromium (Playwright).
# Both run even when one fails; the last line sums them for CI: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
rm -f test-results/vitest.json test-results/playwright.json test-results/vitest.log
mkdir -p test-results

# The product is built first (the end-to-end tests serve it; Vitest does not need it). Then Vitest runs beside
# Playwright rather than before it: each waits part of its time on sockets, child processes and timers, and on two
# cores each fills the CPU the other leaves idle (docs/decisions/0039-test-run-time.md). Vitest's report is printed
# whole once both have ended, after Playwright's.
npm run build --silent
build=$?
npx vitest run > test-results/vitest.log 2>&1 &
vitest_pid=$!
if [ $build -eq 0 ]; then
  npx playwright test
  e2e=$?
else
  e2e=1
fi
wait $vitest_pid
unit=$?
cat test-results/vitest.log
node scripts/summarize-tests.mjs
summary=$?
if [ $unit -ne 0 ] || [ $e2e -ne 0 ] || [ $build -ne 0 ] || [ $summary -ne 0 ]; then exit 1; fi
