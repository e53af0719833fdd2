import { SCOPE, type Me } from '@contract/misc'

/**
 * Only a person granted `b2b:ordering` may create requests; `b2b:ordering:readonly` reads them. An operator whose /me
 * lists no scopes leaves the console nothing to decide from: it offers creation, and the operator's own refusal (403)
 * is shown where it happens (docs/decisions/0028-tolerant-reader.md).
 */
export function canCreate(me: Pick<Me, 'scopes'>): boolean {
  return me.scopes === undefined || me.scopes.includes(SCOPE.full)
}
