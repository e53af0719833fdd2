import type { Me } from '@contract/misc'

/**
 * Whose browser-kept preferences these are: a person of a customer (two people may share a browser). /me's fields are
 * "not shown" in the reference (docs/decisions/0028-tolerant-reader.md): a part the operator does not send is `-`.
 */
export function personKey(me: Pick<Me, 'id' | 'clientId' | 'customer'> | undefined): string | null {
  return me ? `${me.customer?.id ?? '-'}/${me.id ?? me.clientId ?? '-'}` : null
}
