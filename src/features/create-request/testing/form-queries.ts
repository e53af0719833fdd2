import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

/** Queries of the generated forms for route tests, by role and label as a person finds them. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( ?\\((required|obligatoire)\\))?$`)

/** A plain generated field (input, select, text area) by its label, with or without its "(required)" mark. */
export function field(label: string, scope: HTMLElement = document.body): HTMLElement {
  return within(scope).getByLabelText(labelled(label), { selector: 'input, select, textarea' })
}

/** A date field (React Aria's date picker): the group holding its segments. */
export function dateGroup(label: string, scope: HTMLElement = document.body): HTMLElement {
  return within(scope).getByRole('group', { name: labelled(label) })
}

/** The contract's combobox. */
export function contractBox(label = 'Contract', scope: HTMLElement = document.body): HTMLElement {
  return within(scope).getByRole('combobox', { name: labelled(label) })
}

/** The segments of a date field, in the order the person's locale shows them ("day, month, year" in French). */
export function segmentOrder(label: string): string[] {
  return within(dateGroup(label))
    .getAllByRole('spinbutton')
    .map((segment) => segment.getAttribute('data-type') ?? '')
}

/** Types a YYYY-MM-DD date into a date field, segment by segment, the way a person types it. */
export async function pickDate(iso: string, label = 'Requested date') {
  const [year, month, day] = iso.split('-') as [string, string, string]
  const parts: Record<string, string> = { year, month, day }
  for (const segment of within(dateGroup(label)).getAllByRole('spinbutton')) {
    await userEvent.click(segment)
    await userEvent.keyboard(parts[segment.getAttribute('data-type') ?? ''] ?? '')
  }
  await userEvent.tab()
}

/** What a date field holds, as the form sends it (its hidden input). */
export function dateValue(label = 'Requested date'): string {
  const picker = dateGroup(label).closest('.form-field')
  return picker?.querySelector<HTMLInputElement>('input[type="hidden"]')?.value ?? ''
}
