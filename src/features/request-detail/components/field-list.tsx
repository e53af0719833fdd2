import type { ReactNode } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { boundedJsonText, formatNumber } from '@/lib/format'

/**
 * How many levels of objects and lists the page lays out; deeper values are folded behind a disclosure as JSON
 * text, so that a deeply nested value neither floods the page nor recurses without bound (docs/decisions/0020).
 */
export const SHOWN_DEPTH = 3

export interface Field {
  label: string
  value: ReactNode
}

/** Label/value pairs as a definition list; a pair without a value is left out rather than shown empty. */
export function FieldList({ fields }: { fields: Field[] }) {
  const shown = fields.filter((field) => field.value !== undefined && field.value !== null && field.value !== '')
  return (
    <dl className="fields">
      {shown.map((field) => (
        <div key={field.label} className="fields__row">
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * Any JSON value the API sent (options, properties this console does not know) as text: lists as lists,
 * objects as nested definition lists, known option names in the person's language.
 */
export function JsonValue({ value, name, depth = 0 }: { value: unknown; name?: string; depth?: number }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  if (depth >= SHOWN_DEPTH && typeof value === 'object' && value !== null) {
    return (
      <details className="json-folded">
        <summary>{t('requestDetail.showNested')}</summary>
        <pre>{boundedJsonText(value)}</pre>
      </details>
    )
  }
  if (value === null || value === undefined) return <>{t('requestDetail.notGiven')}</>
  if (typeof value === 'boolean') return <>{value ? t('requestDetail.yes') : t('requestDetail.no')}</>
  if (typeof value === 'number') {
    const number = formatNumber(value, language)
    return <>{name === 'bandwidthMbps' ? t('requestDetail.bandwidth', { value: number }) : number}</>
  }
  if (typeof value === 'string') return <>{value}</>
  if (Array.isArray(value)) {
    return (
      <ul className="json-list">
        {value.map((item, index) => (
          <li key={index}>
            <JsonValue value={item} depth={depth + 1} />
          </li>
        ))}
      </ul>
    )
  }
  if (typeof value === 'object') {
    return (
      <FieldList
        fields={Object.entries(value).map(([key, item]) => ({
          label: t(`requestDetail.options.${key}`, { defaultValue: key }),
          value: <JsonValue value={item} name={key} depth={depth + 1} />,
        }))}
      />
    )
  }
  return <>{String(value)}</>
}
