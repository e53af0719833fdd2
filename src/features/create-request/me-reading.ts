/**
 * What the forms read of GET /me, whatever its shape (reference 2 does not show its body;
 * docs/decisions/0030-forms-for-any-catalog.md): read defensively from the answer as it came, so that a missing or
 * different field takes nothing away but what it would have given.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The scopes /me lists, or undefined when it lists none (then the session decides, and the API judges). */
export function scopesOf(me: unknown): string[] | undefined {
  if (!isRecord(me) || !Array.isArray(me.scopes)) return undefined
  return me.scopes.filter((scope): scope is string => typeof scope === 'string')
}

/** The contracts /me lists (a number each, a name when it has one); none when it lists none in a shape we can read. */
export function contractsOf(me: unknown): { number: string; name: string }[] {
  if (!isRecord(me) || !Array.isArray(me.contracts)) return []
  return me.contracts.flatMap((contract) => {
    if (typeof contract === 'string' && contract) return [{ number: contract, name: '' }]
    if (!isRecord(contract)) return []
    const number = typeof contract.number === 'string' ? contract.number : typeof contract.id === 'string' ? contract.id : undefined
    if (!number) return []
    return [{ number, name: typeof contract.name === 'string' ? contract.name : '' }]
  })
}

/** Who /me says the person is, when it says so. */
export function idOf(me: unknown): string | undefined {
  return isRecord(me) && typeof me.id === 'string' && me.id ? me.id : undefined
}
