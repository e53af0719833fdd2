#!/usr/bin/env bash
# Every test: unit, API and component tests (Vitest) beside the built product in Chromium (Playwright).
# The two run at the same time: each waits on sockets, servers and timers for much of its run, and together they keep
# both cores busy (one after the other, the machine was idle 40% of the time). Vitest's output is printed once it ends,
# after Playwright's; both run even when the other fails; the last line sums them for CI: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
rm -f test-results/vitest.json test-results/playwright.json
mkdir -p test-results

unit_log="$(mktemp)"
npx vitest run > "$unit_log" 2>&1 &
unit_pid=$!
npm run build --silent
build=$?
if [ $build -eq 0 ]; then
  npx playwright test
  e2e=$?
else
  e2e=1
fi
wait $unit_pid
unit=$?
cat "$unit_log"
rm -f "$unit_log"
node scripts/summarize-tests.mjs
summary=$?
if [ $unit -ne 0 ] || [ $e2e -ne 0 ] || [ $build -ne 0 ] || [ $summary -ne 0 ]; then exit 1; fi
