import type { RejectionReason } from '@contract/request'
import { fieldAt, pathSegments, type FormField } from '../schema/form-model'

/**
 * The fields a rejection reason concerns (the operator's stable `reason` codes, docs/decisions/0003), most precise
 * first: "fix and resubmit" shows each reason beside the first of them the form has.
 */
export const FIELDS_OF_REASON: Readonly<Record<string, readonly string[]>> = {
  ADDRESS_NOT_ELIGIBLE: ['properties.location.address.postalCode', 'properties.location.address', 'properties.location'],
  CONTACT_UNREACHABLE: ['properties.contacts.primary', 'properties.contacts'],
  BILLING_ACCOUNT_UNKNOWN: ['properties.billingAccount.code', 'properties.billingAccount'],
  NETWORK_UNKNOWN: ['properties.network.id', 'properties.network'],
  NO_CAPACITY: ['requestedAt'],
}

/** Each reason on its field (by form name), several on one field joined; those the form has no field for stay apart. */
export function placeReasons(reasons: readonly RejectionReason[], model: FormField): { byField: Record<string, string>; unplaced: RejectionReason[] } {
  const byField: Record<string, string> = {}
  const unplaced: RejectionReason[] = []
  for (const reason of reasons) {
    const name = (FIELDS_OF_REASON[reason.reason] ?? []).find((candidate) => fieldAt(model, pathSegments(candidate)))
    if (!name || !reason.message) {
      unplaced.push(reason)
      continue
    }
    byField[name] = byField[name] ? `${byField[name]} ${reason.message}` : reason.message
  }
  return { byField, unplaced }
}
