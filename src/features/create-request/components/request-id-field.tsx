import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { requestQueries } from '@/lib/queries/requests'
import { parseListSearch } from '@/lib/request-search'
import { ComboField, useTypedCombo } from './combo-field'

/**
 * The open requests a cancellation may close (docs/decisions/0006 "Acts on": an open creation or modification),
 * newest first, as the list reads them: the first hundred, which the combobox filters by id or name as the person
 * types (docs/decisions/0034-form-and-wording.md).
 */
const OPEN_REQUESTS = parseListSearch(new URLSearchParams({ status: 'NEW,IN_PROGRESS', category: 'creation,modification', sort: '-createdAt', size: '100' }))

/**
 * The request a cancellation closes, chosen from a searchable list of the person's open requests (React Aria's
 * combobox, fed by the requests list); an id typed by hand stays possible, and the API judges it (0006).
 */
export function RequestIdField(props: { name: string; label: string; required: boolean; help?: string; message?: string; reason?: string }) {
  const { t } = useTranslation()
  const typed = useTypedCombo(props.name)
  const open = useQuery(requestQueries.list(OPEN_REQUESTS, ['id', 'name'])).data
  const requests = (open?.items ?? []).flatMap((row) =>
    'id' in row && typeof row.id === 'string' ? [{ id: row.id, name: typeof row.name === 'string' ? row.name : '' }] : [],
  )
  const names = new Map(requests.map((request) => [request.id, request.name]))
  // An option's text is its id, which choosing it writes in the input (and the field sends); the filter reads its name
  // too, so that part of either finds it.
  const options = requests.map((request) => ({
    id: request.id,
    textValue: request.id,
    content: (
      <>
        <strong>{request.id}</strong> <span>{request.name}</span>
      </>
    ),
  }))
  return (
    <ComboField
      {...props}
      {...typed}
      options={options}
      defaultFilter={(id, input) => `${id} ${names.get(id) ?? ''}`.toLowerCase().includes(input.trim().toLowerCase())}
      buttonLabel={options.length > 0 ? t('createRequest.form.showRequests') : undefined}
      autoComplete="off"
      help={props.help ?? t('createRequest.form.requestIdHint')}
    />
  )
}
