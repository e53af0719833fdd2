import type { MouseEvent, ReactNode } from 'react'
import type { TFunction } from '@/i18n/translator'
import { Link, useNavigate } from 'react-router'
import { seenState } from '@/lib/seen-requests'
import { useTranslation } from '@/i18n/use-translation'
import type { RequestRow } from '@/lib/queries/requests'
import { COLUMNS, sortDirectionOf, type ListColumn } from '../columns'
import type { ListFormatters } from '@/lib/format'
import { DelayCell } from './overdue-badge'
import { codeLabel, codeText } from '@/lib/code-label'
import type { RequestProjection } from '@contract/request'
import { isUnreadable } from '@contract/tolerant'
import { UnreadableRowLabel } from '@/components/ui/unreadable-row'
import { nameParts } from '../name-parts'
import type { TypeNames } from '@/lib/catalog-names'
import { TypeName } from '@/components/ui/type-name'

type Row = RequestProjection

/**
 * On a phone each row is a card (styles.css `.table--stack`): the id and the status on its first line, the name on a
 * line of its own, the other cells after them with their column's name (docs/decisions/0033-layout-at-every-width.md).
 */
const STACK_CLASS: Partial<Record<ListColumn, string>> = { status: ' stack-head', name: ' stack-full' }

/**
 * The page of requests: one row per request, its id a real link (open in a new tab works), sortable
 * columns behind header buttons with `aria-sort` on the sorted one. A click anywhere on a row follows its
 * link (a ctrl-, shift- or middle-click opens it in a new tab, as on the link); the row itself is not a control,
 * so keyboards and screen readers meet one link per row and nothing nested (docs/decisions/0025).
 */
export function RequestsTable(props: {
  rows: RequestRow[]
  columns: ListColumn[]
  sort: string
  caption: string
  busy: boolean
  density: 'compact' | 'comfortable'
  /** Rows whose status, step or sub-step changed since the person last looked, with what they were. */
  changes: ReadonlyMap<string, string>
  /** The statuses that end a request (the operator's traits): an overdue request in another is late by the day. */
  closedStatuses?: readonly string[]
  format: ListFormatters
  /** The types' names, or that the catalog is still being read. */
  types: TypeNames
  onSort: (column: ListColumn) => void
}) {
  const { t } = useTranslation()
  const openRow = useOpenRow()
  const cell = (row: Row, column: ListColumn) => renderCell(row, column, { ...props, t })

  return (
    // Wider than the window (a phone, or many columns): it scrolls in its own box, which the keyboard can scroll too,
    // the request id kept in view (docs/decisions/0025).
    <div className="table-scroll" role="region" aria-labelledby="requests-table-caption" tabIndex={0}>
      <table className={`table table--stack requests-table requests-table--${props.density}`} aria-busy={props.busy || undefined}>
        <caption id="requests-table-caption">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <SortHeader key={column} column={column} sort={props.sort} onSort={props.onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) =>
            isUnreadable(row) ? (
              // What could be read of a row in another shape, said in words; the others stay as they are (docs/decisions/0028).
              <tr key={row.id ?? `#${row.index}`} className="is-unreadable" onClick={openRow} onAuxClick={openRow}>
                <th scope="row">{row.id ? <Link to={`/requests/${encodeURIComponent(row.id)}`}>{row.id}</Link> : '—'}</th>
                {props.columns.length > 1 && (
                  <td colSpan={props.columns.length - 1}>
                    <UnreadableRowLabel row={row} />
                  </td>
                )}
              </tr>
            ) : (
              <tr key={row.id} className={row.isOverdue ? 'is-overdue' : undefined} onClick={openRow} onAuxClick={openRow}>
                {props.columns.map((column) =>
                  column === 'id' ? (
                    <th key={column} scope="row" className="stack-head">
                      {cell(row, column)}
                    </th>
                  ) : (
                    <td
                      key={column}
                      className={`cell--${column}${STACK_CLASS[column] ?? ''}`}
                      data-label={STACK_CLASS[column] ? undefined : t(`requests.column.${column}`)}
                    >
                      {cell(row, column)}
                    </td>
                  ),
                )}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A click anywhere on a row follows its link, in a new tab with ctrl, shift or the middle button; a control in the row,
 * or text being selected, keeps its own meaning.
 */
function useOpenRow() {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as Element
    if (target.closest('a, button, input, select, summary') || window.getSelection()?.toString()) return
    const href = event.currentTarget.querySelector('a')?.getAttribute('href')
    if (!href) return
    if (event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey) window.open(href, '_blank', 'noopener')
    else if (event.button === 0) void navigate(href)
  }
}

/** A column's header: a button that sorts by it when the API sorts by it, `aria-sort` when it is the sort. */
function SortHeader({ column, sort, onSort }: { column: ListColumn; sort: string; onSort: (column: ListColumn) => void }) {
  const { t } = useTranslation()
  const direction = sortDirectionOf(sort, column)
  return (
    <th scope="col" aria-sort={direction}>
      {COLUMNS[column].sort ? (
        <button type="button" className="sort-button" onClick={() => onSort(column)}>
          {t(`requests.column.${column}`)}
          <span aria-hidden="true" className="sort-button__icon">
            {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
          </span>
        </button>
      ) : (
        t(`requests.column.${column}`)
      )}
    </th>
  )
}

/** What a cell needs besides its row: the words, the formats, and what the list knows of the rows. */
interface CellContext {
  t: TFunction
  changes: ReadonlyMap<string, string>
  closedStatuses?: readonly string[]
  format: ListFormatters
  types: TypeNames
}

/** A value, or a dash for none. */
const text = (value: string | null | undefined, render: (value: string) => ReactNode = (v) => v) => (value ? render(value) : <span className="muted">—</span>)

/** A row's cell in a column. */
function renderCell(row: Row, column: ListColumn, context: CellContext): ReactNode {
  const { t, format } = context
  switch (column) {
    case 'id':
      return idCell(row, context)
    case 'name':
      return text(row.name, (name) => nameCell(name, row.type && !context.types.pending ? context.types.name(row.type) : undefined))
    case 'customerReference':
      return text(row.customerReference)
    case 'type':
      return text(row.type, (type) => <TypeName type={type} names={context.types} />)
    case 'category':
      return text(row.category, (category) => codeText(t, 'requests', 'category', category))
    case 'status':
      return text(row.status, (status) => {
        const { label, known } = codeLabel(t, 'requests', 'status', status)
        return (
          <span className={known ? `status status--${status.toLowerCase()}` : 'status badge badge--unknown'} title={status}>
            {label}
          </span>
        )
      })
    case 'step':
      return text(row.step, (step) => codeText(t, 'requests', 'step', step))
    case 'subStep':
      return text(row.subStep, (subStep) => codeText(t, 'requests', 'subStep', subStep))
    case 'requestedAt':
      return text(row.keyDates?.requestedAt, format.day)
    case 'delay':
      return <DelayCell t={t} isOverdue={row.isOverdue} requestedAt={row.keyDates?.requestedAt} status={row.status} closedStatuses={context.closedStatuses} />
    case 'isArchived':
      return row.isArchived === undefined ? text(undefined) : t(row.isArchived ? 'requests.list.yes' : 'requests.list.no')
    case 'createdAt':
      return text(row.createdAt, format.timestamp)
    case 'updatedAt':
      return text(row.updatedAt, format.timestamp)
  }
}

/** The request's id as a link, marked when it changed since the last look (with what it was, as its title). */
function idCell(row: Row, { t, changes }: CellContext): ReactNode {
  const before = changes.get(row.id)
  return (
    <>
      <Link to={`/requests/${encodeURIComponent(row.id)}`}>{row.id}</Link>
      {before !== undefined && (
        <>
          {' '}
          <span className="changed-mark" title={t('requests.changed.was', { state: wasState(t, before) })}>
            {t('requests.changed.mark')}
          </span>
        </>
      )}
    </>
  )
}

/** The status, step and sub-step a request had when last seen, in words. */
function wasState(t: TFunction, state: string): string {
  const was = seenState(state)
  return [
    was.status && codeText(t, 'requests', 'status', was.status),
    was.step && codeText(t, 'requests', 'step', was.step),
    was.subStep && codeText(t, 'requests', 'subStep', was.subStep),
  ]
    .filter(Boolean)
    .join(' · ')
}

/** Cut to one line, the name gives up what it shares with its type, not the site that tells it apart. */
function nameCell(name: string, typeName: string | undefined): ReactNode {
  const parts = nameParts(name, typeName)
  return (
    <span title={name} translate="no" className="request-name">
      {parts ? (
        <>
          <span className="request-name__lead">{parts.lead}</span>
          <span className="request-name__rest">{parts.rest}</span>
        </>
      ) : (
        name
      )}
    </span>
  )
}
