import type { CatalogItem } from '@contract/catalog'
import { REQUEST_CATEGORIES, type RequestCategory } from '@contract/request'

/** Words an operator may use for a kind of request, by the start of the word ("Termination", "delete", "REMOVAL"). */
const KIND_WORDS: readonly [RegExp, RequestCategory][] = [
  [/^(creat|new|order)/i, 'creation'],
  [/^(modif|chang|updat)/i, 'modification'],
  [/^(termin|delet|remov|ceas)/i, 'termination'],
  [/^cancel/i, 'cancellation'],
]
/** The request type's prefix: C, M and R stand for create, modify and remove (reference 1, BVPN types). */
const TYPE_PREFIXES: readonly [RegExp, RequestCategory][] = [
  [/^C_/i, 'creation'],
  [/^M_/i, 'modification'],
  [/^(R|D|T)_/i, 'termination'],
  [/^(X|CANCEL)_/i, 'cancellation'],
]

const kindOfWord = (word: string | undefined): RequestCategory | undefined => {
  if (!word) return undefined
  const exact = REQUEST_CATEGORIES.find((category) => category === word.toLowerCase())
  return exact ?? KIND_WORDS.find(([pattern]) => pattern.test(word.trim()))?.[1]
}

/**
 * The kind of request an item makes (docs/decisions/0030-forms-for-any-catalog.md): its `category` when it names one,
 * else its `variant`'s verb (`createRequestsGeneric`, `deleteBVPNGeneric`…), else its type's prefix (`C_`, `M_`,
 * `R_`…), else a creation. It decides which form a generic item gets, the confirmation and the notice after sending.
 */
export function requestKindOf(item: Pick<CatalogItem, 'category' | 'variant' | 'type'>): RequestCategory {
  return (
    kindOfWord(item.category) ??
    kindOfWord(item.variant) ??
    (item.type ? TYPE_PREFIXES.find(([pattern]) => pattern.test(item.type!.trim()))?.[1] : undefined) ??
    'creation'
  )
}
