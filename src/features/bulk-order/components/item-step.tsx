import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { downloadCsv } from '@/lib/csv'
import { headerOf } from '../sheet-columns'
import { exampleRow, ruleNotes, templateCsv, templateFileName, type TemplateRules } from '../template'
import type { ChosenItem } from './use-chosen-item'

/**
 * The first step (docs/decisions/0035-bulk-order.md): the item to order, then its template as CSV or XLSX; or, for an
 * item the sheet cannot order, why, and a link to its form.
 */
export function ItemStep({
  chosen,
  rules,
  language,
  locale,
  onChoose,
}: {
  chosen: ChosenItem
  rules: TemplateRules
  language: string
  locale: string
  onChoose: (itemId: string) => void
}) {
  const { t } = useTranslation()
  const { itemId, loading, items, item, blocked, columns, files } = chosen

  async function downloadXlsx() {
    if (!item) return
    const { downloadXlsxTemplate } = await import('../xlsx')
    await downloadXlsxTemplate(
      columns.map(headerOf),
      exampleRow(columns, rules, t, locale),
      ruleNotes(columns, rules, t, locale, files),
      { rows: t('bulkOrder.template.rowsSheet'), rules: t('bulkOrder.template.rulesSheet') },
      templateFileName(item.id, 'xlsx'),
    )
  }

  return (
    <div className="bulk-order__step card">
      <h2>{t('bulkOrder.step.item')}</h2>
      <label htmlFor="bulk-order-item">{t('bulkOrder.item')}</label>
      <select id="bulk-order-item" value={itemId} onChange={(event) => onChoose(event.target.value)}>
        <option value="">{loading ? t('bulkOrder.loadingItems') : t('bulkOrder.chooseItem')}</option>
        {items.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
      {item && blocked && (
        <div role="alert">
          <p>{t(`bulkOrder.blocked.${blocked.reason}`, { item: item.name ?? item.id, field: blocked.header })}</p>
          <p>
            <Link to={`/requests/new?${new URLSearchParams({ item: item.id })}`}>{t('bulkOrder.blocked.toForm', { item: item.name ?? item.id })}</Link>
          </p>
        </div>
      )}
      {item && !blocked && (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => downloadCsv(templateCsv(columns, rules, t, language, locale, files), templateFileName(item.id))}
          >
            {t('bulkOrder.downloadTemplate')}
          </button>{' '}
          <button type="button" className="button" onClick={() => void downloadXlsx()}>
            {t('bulkOrder.downloadXlsx')}
          </button>{' '}
          <span className="bulk-order__hint">{t('bulkOrder.templateHint', { count: columns.length })}</span>
        </p>
      )}
    </div>
  )
}
