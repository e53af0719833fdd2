/**
 * A spreadsheet of Internet access sites, as a person fills the item's template to order from a spreadsheet
 * (docs/decisions/0035-bulk-order.md): the e2e specs' files and the bench's (bench/bulk-order.ts).
 */
export const SITE_HEADERS = [
  'requestedAt',
  'customerReference',
  'contract',
  'properties.location.address.street',
  'properties.location.address.postalCode',
  'properties.location.address.city',
  'properties.location.address.country',
  'properties.contacts.primary.firstName',
  'properties.contacts.primary.lastName',
  'properties.billingAccount.code',
  'properties.options.bandwidthMbps',
]

export interface SiteRow {
  date: string
  reference: string
  bandwidth: string
}

/** A CSV of `rows`, in semicolons, with a byte-order mark, as a French spreadsheet writes it. */
export function sitesCsv(rows: readonly SiteRow[]): string {
  const lines = rows.map((row, index) =>
    [row.date, row.reference, 'ACM-000101', `${index + 1} rue du Port`, '44000', 'Nantes', 'FR', 'Alan', 'Turing', 'BA-9', row.bandwidth].join(';'),
  )
  return `\uFEFF${SITE_HEADERS.join(';')}\r\n${lines.join('\r\n')}\r\n`
}
