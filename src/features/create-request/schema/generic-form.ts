import type { RequestCategory } from '@contract/request'
import { ATTACHMENT_MAX_BASE64_LENGTH, ATTACHMENT_MAX_COUNT } from '@contract/request-bodies'
import { CONTRACT_MAX, CUSTOMER_REFERENCE_MAX } from '@contract/request'
import type { JsonSchema } from './form-model'

/** The words of the generic form's fields, in the person's language. */
export interface GenericFormWords {
  type: string
  requestId: string
  requestIdHelp: string
  requestedAt: string
  customerReference: string
  contract: string
  comment: string
  properties: string
  propertiesHelp: string
  attachments: string
}

/** The longest comment the form takes (docs/decisions/0005-request-bodies.md). */
const COMMENT_MAX = 2000

/**
 * The form of an item the console cannot build one from (no schema, or one it cannot read), as a JSON Schema the
 * same reader and validator take (docs/decisions/0030-forms-for-any-catalog.md): the reference's generic body
 * variant of the item's kind (reference 1, `createRequestsGeneric`): `type` fixed to the item's, `requestedAt`,
 * `customerReference` (≤ 18), `contract` (≤ 10), `comment`, `attachments`, and `properties` as key/value entries the
 * person adds; a modification or a cancellation also names the request it acts on (`requestId`).
 */
export function genericFormSchema(type: string, kind: RequestCategory, words: GenericFormWords): JsonSchema {
  const actsOnRequest = kind === 'modification' || kind === 'cancellation'
  return {
    type: 'object',
    required: ['type', ...(actsOnRequest ? ['requestId'] : []), 'requestedAt', 'contract', 'properties', 'attachments'],
    properties: {
      type: { const: type, title: words.type },
      ...(actsOnRequest ? { requestId: { type: 'string', minLength: 1, maxLength: 64, title: words.requestId, description: words.requestIdHelp } } : {}),
      requestedAt: { type: 'string', format: 'date', title: words.requestedAt },
      customerReference: { type: 'string', minLength: 1, maxLength: CUSTOMER_REFERENCE_MAX, title: words.customerReference },
      contract: { type: 'string', minLength: 1, maxLength: CONTRACT_MAX, title: words.contract },
      comment: { type: 'string', maxLength: COMMENT_MAX, title: words.comment },
      properties: { type: 'object', title: words.properties, description: words.propertiesHelp },
      attachments: {
        type: 'array',
        title: words.attachments,
        maxItems: ATTACHMENT_MAX_COUNT,
        items: {
          type: 'object',
          required: ['name', 'body'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 255 },
            body: { type: 'string', contentEncoding: 'base64', maxLength: ATTACHMENT_MAX_BASE64_LENGTH },
            mimeType: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
  }
}
