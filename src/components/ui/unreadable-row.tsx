import { Link } from 'react-router'
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

/** An unreadable request as a list item: its id as a link to its page when it had one, then what could be read. */
export function UnreadableRowItem({ row }: { row: UnreadableRow }) {
  return (
    <li>
      {row.id && (
        <>
          <Link to={`/requests/${encodeURIComponent(row.id)}`}>{row.id}</Link>{' '}
        </>
      )}
      <UnreadableRowLabel row={row} />
    </li>
  )
}
