import { Link, useSearchParams } from 'react-router'
import type { CatalogItem } from '@contract/catalog'
import { currentLanguage } from '@/i18n/i18n'
import type { TFunction } from '@/i18n/translator'
import { useTranslation } from '@/i18n/use-translation'
import { formatDateTime } from '@/lib/format'
import { batchViewUrl, commonPrefix, type BatchRecord } from '../batch-record'
import { isReady } from '../check-rows'
import type { BulkOrderTools } from '../tools'
import { useBatch } from '../use-batch'
import { BatchReport } from './batch-report'
import { CheckStep } from './check-step'
import { FileStep } from './file-step'
import { ItemStep } from './item-step'
import { useChosenItem } from './use-chosen-item'
import { useSheetFile, type Preview } from './use-sheet-file'
import '../bulk-order.css'

export interface BulkOrderPageProps {
  tools: BulkOrderTools
  /** Who the batch record belongs to (the session's subject). */
  person: string
  /** Read-only people get the template and the check, never the send. */
  canSend: boolean
  contracts: readonly string[]
}

/**
 * "Order from a spreadsheet" (docs/decisions/0035-bulk-order.md): an item's template, a file checked row by row with
 * the form's rules and fixed in place, then every valid row sent once, paced, with a report.
 */
export function BulkOrderPage({ tools, person, canSend, contracts }: BulkOrderPageProps) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const locale = tools.locale(language)
  const [params, setParams] = useSearchParams()
  const chosen = useChosenItem(tools, params.get('item') ?? '', language, t)
  const sheetFile = useSheetFile(chosen, locale, contracts)
  const { preview } = sheetFile
  const { batch, offline, start, pause, resume, forget } = useBatch(person, tools.sendPort)

  const rules = { earliestDate: tools.earliestDate(), referenceMax: tools.referenceMax, contractMax: tools.contractMax }

  function choose(itemId: string) {
    sheetFile.clear()
    setParams(itemId ? { item: itemId } : {}, { replace: true })
  }

  function send() {
    if (!preview || !chosen.item) return
    const { view, record, bodies } = batchOf(preview, chosen.item, t, locale)
    tools.saveView(person, view)
    start(record, bodies)
    sheetFile.clearPreview()
  }

  if (batch) {
    return (
      <section className="bulk-order" aria-labelledby="bulk-order-title">
        <h1 id="bulk-order-title">{t('bulkOrder.title')}</h1>
        <BatchReport batch={batch} offline={offline} onPause={pause} onResume={resume} onForget={forget} />
      </section>
    )
  }

  return (
    <section className="bulk-order" aria-labelledby="bulk-order-title">
      <h1 id="bulk-order-title">{t('bulkOrder.title')}</h1>
      <p>{t('bulkOrder.intro')}</p>
      <ItemStep chosen={chosen} rules={rules} language={language} locale={locale} onChoose={choose} />
      <FileStep
        disabled={!chosen.item || Boolean(chosen.blocked)}
        checking={sheetFile.checking}
        problem={sheetFile.problem}
        locale={locale}
        onFile={(file) => void sheetFile.readFile(file)}
      />
      {preview && <CheckStep preview={preview} carried={sheetFile.carried} canSend={canSend} locale={locale} onFix={sheetFile.fixCell} onSend={send} />}
      <p>
        <Link to="/catalog">{t('bulkOrder.toCatalog')}</Link>
      </p>
    </section>
  )
}

/**
 * The batch to send: its ready rows waiting, the others skipped, and the batch as a saved view of the list, so that its
 * requests are followed afterwards (0035); with each ready row's body.
 */
function batchOf(preview: Preview, item: CatalogItem, t: TFunction, locale: string) {
  const ready = preview.rows.filter(isReady)
  const prefix = commonPrefix(
    ready.map((row) => row.reference),
    preview.prefix,
  )
  const startedAt = new Date().toISOString()
  const rows = ready.map((row) => ({ number: row.number, reference: row.reference, state: 'waiting' as const }))
  const view = {
    name: t('bulkOrder.viewName', { item: (item.name ?? item.id).slice(0, 30), date: formatDateTime(startedAt, locale) }).slice(0, 60),
    url: batchViewUrl({ prefix, startedAt, rows }, item.type),
  }
  const record: BatchRecord = {
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    itemId: item.id,
    itemName: item.name ?? item.id,
    prefix,
    startedAt,
    paused: false,
    rows,
    skipped: preview.rows.filter((row) => !isReady(row)).map((row) => ({ number: row.number, reference: row.reference })),
    view,
  }
  return { view, record, bodies: Object.fromEntries(ready.map((row) => [String(row.number), row.body])) }
}
