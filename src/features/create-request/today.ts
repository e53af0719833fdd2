import { earliestRequestedAt } from '@contract/request-bodies'

/**
 * "Today" for the requested-date rule: the browser's clock, read as a UTC date, the way the sandbox reads its
 * own (docs/decisions/0014-creation-forms.md). The API stays the judge: if its day differs, its 400 lands on
 * the same field with its own earliest date.
 */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

export function earliestRequestedDate(now = new Date()): string {
  return earliestRequestedAt(todayUtc(now))
}
