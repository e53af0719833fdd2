import { SCOPE, type Me } from '@contract/misc'

/** Only a person granted `b2b:ordering` may create requests; `b2b:ordering:readonly` reads them. */
export function canCreate(me: Pick<Me, 'scopes'>): boolean {
  return me.scopes.includes(SCOPE.full)
}
