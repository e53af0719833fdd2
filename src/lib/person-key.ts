/** Whose browser-kept preferences these are: a person of a customer (two people may share a browser). */
export function personKey(me: { id: string; customer: { id: string } } | undefined): string | null {
  return me ? `${me.customer.id}/${me.id}` : null
}
