import { useState, type ReactNode } from 'react'
import { get, useFormContext, useFormState } from 'react-hook-form'
import { useTranslation } from '@/i18n/use-translation'
import type { FormField } from '../schema/form-model'

/** A field to draw with its form name. */
export interface NamedField {
  field: FormField
  name: string
}

/** Whether a value holds anything the person (or a draft, or the request it starts from) gave. */
function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return false
  if (Array.isArray(value)) return value.some(isFilled)
  if (typeof value === 'object') return Object.values(value).some(isFilled)
  return true
}

/**
 * The fields a person must fill, then the others behind one "More details" disclosure, two columns at desk widths
 * (docs/decisions/0034-form-and-wording.md). The reference stays with the first: the send-once protocol relies on it
 * (0014). The disclosure opens by itself when a field inside holds a value or an error, so nothing is hidden that
 * the person gave or must fix. A group with nothing required shows its fields as they come.
 */
export function FieldsInOrder({ fields, render }: { fields: readonly NamedField[]; render: (entry: NamedField) => ReactNode }) {
  const main = fields.filter(({ field, name }) => field.required || field.kind === 'const' || name === 'customerReference')
  const more = fields.filter((entry) => !main.includes(entry))
  if (main.length === 0 || more.length === 0) return <>{fields.map(render)}</>
  return (
    <>
      {main.map(render)}
      <MoreDetails names={more.map((entry) => entry.name)}>{more.map(render)}</MoreDetails>
    </>
  )
}

function MoreDetails({ names, children }: { names: string[]; children: ReactNode }) {
  const { t } = useTranslation()
  const { getValues } = useFormContext()
  const [open, setOpen] = useState(() => names.some((name) => isFilled(getValues(name))))
  const { errors } = useFormState({ name: names })
  const hasError = names.some((name) => get(errors, name) !== undefined)
  return (
    <details className="form-more" open={open || hasError} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('createRequest.form.moreDetails')}</summary>
      <div className="form-more__fields">{children}</div>
    </details>
  )
}
