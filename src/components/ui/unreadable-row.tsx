import type { UnreadableRow } from '@contract/tolerant'
import { useTranslation } from '@/i18n/use-translation'

/**
 * What could be read of a listed request the contract could not read in full (its name, when it had one), said in
 * words (docs/decisions/0028-tolerant-reader.md). The contract's finding is kept for support in the title.
 */
export function UnreadableRowLabel({ row }: { row: UnreadableRow }) {
  const { t } = useTranslation()
  return (
    <>
      {row.name && (
        <>
          <span translate="no">{row.name}</span>{' '}
        </>
      )}
      <span className="badge badge--unknown" title={row.problem}>
        {t('app.unreadableRow.label')}
      </span>
    </>
  )
}
