import { ERROR_CODE, type ErrorCode } from '@contract/error'
import type { MessageLanguage } from '@contract/issue-messages'
import { ApiError } from '../../shared/api-error'
import { ORDERING_ERRORS } from '../ordering/messages'

/**
 * The alternate dialect's query syntax (docs/decisions/0029-second-dialect.md), rewritten at the edge into the
 * canonical parameters of docs/decisions/0002-list-queries.md, which the store reads. Reference 1 shows no syntax
 * for sort, ranges or patterns, so each of these is a choice an operator may make:
 * - sort `createdAt:desc,name:asc` (a bare field is ascending); `-createdAt` is refused, naming `sort`;
 * - ranges `createdAt=FROM..TO`, either end open (`FROM..`, `..TO`); `createdAt.gte` and the like are refused;
 * - `customerReference` is matched exactly, a `*` refused;
 * - a page of 10 unless `limit` says otherwise (at most 100, as in the default dialect).
 */
const ALTERNATE_PAGE = { defaultLimit: 10, maxLimit: 100 } as const

const RANGE_FIELDS = ['createdAt', 'updatedAt', 'keyDates.requestedAt'] as const
const DATE_OR_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/
const SORT_TERM = /^([A-Za-z.]+)(?::(asc|desc))?$/

type Sentence = Record<MessageLanguage, string>
const SAYS = {
  sort: { en: 'takes terms written field:asc or field:desc, comma-separated', fr: 's’écrit champ:asc ou champ:desc, séparés par des virgules' },
  range: {
    en: 'takes a range written FROM..TO (dates or ISO 8601 times, either end may be left open)',
    fr: 's’écrit DE..À (dates ou horodatages ISO 8601, l’une des bornes peut manquer)',
  },
  bound: {
    en: 'is not a parameter of this API: write the range as {{field}}=FROM..TO',
    fr: 'n’est pas un paramètre de cette API : écrivez l’intervalle {{field}}=DE..À',
  },
  wildcard: { en: 'is matched exactly: * is not accepted', fr: 'est comparée telle quelle : * n’est pas accepté' },
} satisfies Record<string, Sentence>

/** The 400 of the default dialect's validation (a `fields` list naming the parameter), for one parameter. */
function refusedParameter(name: string, message: string, code: ErrorCode = ERROR_CODE.invalidQueryParameter): ApiError {
  return new ApiError(ORDERING_ERRORS, 400, code, 'field', { path: name, message }, { fields: [{ path: name, message }] })
}

/**
 * GET /requests and /requests/aggregate: the alternate's parameters as canonical ones; throws the 400 naming the
 * parameter written in another dialect's syntax. `list` adds the default page size.
 */
export function canonicalRequestQuery(flat: Record<string, string>, language: MessageLanguage, kind: 'list' | 'aggregate'): Record<string, string> {
  const canonical = Object.create(null) as Record<string, string>
  for (const [name, value] of Object.entries(flat)) {
    const bound = /^(.+)\.(gte|lte)$/.exec(name)
    if (bound) throw refusedParameter(name, SAYS.bound[language].replace('{{field}}', bound[1]!), ERROR_CODE.unknownQueryParameter)
    if ((RANGE_FIELDS as readonly string[]).includes(name) && value.includes('..')) {
      const [from = '', to = '', ...rest] = value.split('..')
      const valid = (end: string) => end === '' || (DATE_OR_TIMESTAMP.test(end) && !Number.isNaN(Date.parse(end)))
      if (rest.length > 0 || (from === '' && to === '') || !valid(from) || !valid(to)) throw refusedParameter(name, SAYS.range[language])
      if (from) canonical[`${name}.gte`] = from
      if (to) canonical[`${name}.lte`] = to
      continue
    }
    if (name === 'sort' && kind === 'list') {
      const terms = value.split(',').map((term) => SORT_TERM.exec(term.trim()))
      if (terms.some((term) => term === null)) throw refusedParameter(name, SAYS.sort[language])
      canonical.sort = terms.map((term) => `${term![2] === 'desc' ? '-' : ''}${term![1]}`).join(',')
      continue
    }
    if (name === 'customerReference' && value.includes('*')) throw refusedParameter(name, SAYS.wildcard[language])
    canonical[name] = value
  }
  if (kind === 'list' && canonical.limit === undefined) canonical.limit = String(ALTERNATE_PAGE.defaultLimit)
  return canonical
}

/** GET /catalogItems: the same default page. */
export function canonicalCatalogQuery(flat: Record<string, string>): Record<string, string> {
  return flat.limit === undefined ? Object.assign(Object.create(null) as Record<string, string>, flat, { limit: String(ALTERNATE_PAGE.defaultLimit) }) : flat
}
