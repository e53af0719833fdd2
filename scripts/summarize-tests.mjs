// Sums Vitest's and Playwright's JSON reports into the one line CI reads. A missing report counts as a failure.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null)

const vitest = read('test-results/vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests + (vitest.numFailedTestSuites ?? 0)
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0)
} else {
  console.error('No Vitest report (test-results/vitest.json).')
  failed += 1
}
const playwright = read('test-results/playwright.json')
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky
  if (playwright.stats.flaky) console.log(`Playwright: ${playwright.stats.flaky} test(s) passed only on their retry (flaky): see the list above.`)
  failed += playwright.stats.unexpected
  skipped += playwright.stats.skipped
} else {
  console.error('No Playwright report (test-results/playwright.json).')
  failed += 1
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
