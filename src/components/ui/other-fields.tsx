import { Fragment, useId } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { flattenFields } from '@/lib/flatten-fields'

/**
 * What an operator sent beyond the fields the page knows, as a list of paths and values
 * (docs/decisions/0028-tolerant-reader.md). Nothing is shown when there is nothing else.
 */
export function OtherFields({ value, known, title }: { value: unknown; known: readonly string[]; title: string }) {
  const { t } = useTranslation()
  const titleId = useId()
  const { fields, omitted } = flattenFields(value, known)
  if (fields.length === 0) return null
  return (
    <section aria-labelledby={titleId} className="card">
      <h2 id={titleId}>{title}</h2>
      <dl className="details">
        {fields.map((field) => (
          <Fragment key={field.path}>
            <dt>
              <code>{field.path}</code>
            </dt>
            <dd>{field.value}</dd>
          </Fragment>
        ))}
      </dl>
      {omitted > 0 && <p className="muted">{t('app.otherFields.more', { count: omitted })}</p>}
    </section>
  )
}
