import type { CatalogItem } from '@contract/catalog'
import type { TFunction } from '@/i18n/translator'
import type { ItemSheetForm } from './check-rows'
import type { BatchSendPort } from './run-batch'
import type { SheetField } from './sheet-columns'

/**
 * What the page takes from the creation form, handed over by its route (src/app/routes/bulk-order.tsx): features never
 * import each other, so the form's field tree, body builder, validator, dates and send-once protocol come in here and
 * the sheet checks and sends exactly as the form does (docs/decisions/0035-bulk-order.md).
 */
export interface BulkOrderTools {
  /**
   * The item's form as the creation page builds it (its own schema, else the generic form of its kind, in the person's
   * language), or undefined when the console builds none (then the page says so, and offers no template).
   */
  formOf(item: CatalogItem, t: TFunction): { model: SheetField; form: ItemSheetForm } | undefined
  /** Today + 7 days, the earliest requested date (YYYY-MM-DD). */
  earliestDate(): string
  /** The person's locale for dates and numbers. */
  locale(language: string): string
  sendPort: BatchSendPort
  /** Saves a view of the requests list for the person (the list's saved views): the batch, to follow afterwards. */
  saveView(person: string, view: { name: string; url: string }): void
  referenceMax: number
  contractMax: number
}
