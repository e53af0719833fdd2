import type { CatalogStore } from '../catalog/catalog-store'

/**
 * The alternate dialect's own catalog items (docs/decisions/0029-second-dialect.md), beside the built-in ones:
 * reference 1 shows no field of a catalog item, so an operator may publish its JSON Schemas with local `$ref`,
 * `$defs` and `allOf`, or publish none. Both are enforced as items added at run time are (0006): their variant's
 * rules, and their published schema when there is one.
 */
const SHORT_TEXT = { type: 'string', minLength: 1, maxLength: 120 }

/** Fields of every POST /requests body (reference 1, generic creation variant), once, for `allOf`. */
const REQUEST_BASE = {
  type: 'object',
  required: ['type', 'requestedAt', 'contract', 'attachments', 'properties'],
  properties: {
    requestedAt: { type: 'string', format: 'date', title: 'Requested date', description: 'Date wanted for execution; at least today plus 7 days.' },
    customerReference: { type: 'string', minLength: 1, maxLength: 18, title: 'Your reference' },
    contract: { type: 'string', minLength: 1, maxLength: 10, title: 'Contract' },
    comment: { type: 'string', maxLength: 2000, title: 'Comment' },
    attachments: {
      type: 'array',
      maxItems: 5,
      title: 'Attachments',
      items: {
        type: 'object',
        required: ['name', 'body'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 255, title: 'File name' },
          body: { type: 'string', contentEncoding: 'base64', title: 'Content' },
        },
      },
    },
  },
}

/** DARK_FIBRE: a fibre between two sites, each a `Site` whose `address` is an `Address`, both in `$defs`. */
const DARK_FIBRE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Dark fibre',
  $defs: {
    RequestBase: REQUEST_BASE,
    Address: {
      type: 'object',
      title: 'Address',
      required: ['street', 'postalCode', 'city', 'country'],
      properties: {
        street: { ...SHORT_TEXT, title: 'Street' },
        // Lengths, not patterns: the sandbox runs patterns under `properties` and `items` only (0020).
        postalCode: { type: 'string', minLength: 3, maxLength: 10, title: 'Postal code' },
        city: { ...SHORT_TEXT, title: 'City' },
        country: { type: 'string', minLength: 2, maxLength: 2, title: 'Country', description: 'Two-letter country code, for example FR.' },
      },
    },
    Site: {
      type: 'object',
      title: 'Site',
      required: ['name', 'address'],
      properties: { name: { ...SHORT_TEXT, title: 'Site name' }, address: { $ref: '#/$defs/Address' } },
    },
  },
  allOf: [
    { $ref: '#/$defs/RequestBase' },
    {
      type: 'object',
      properties: {
        type: { type: 'string', const: 'DARK_FIBRE', title: 'Request type' },
        properties: {
          type: 'object',
          title: 'Fibre',
          required: ['location', 'remoteSite'],
          properties: {
            location: { $ref: '#/$defs/Site', title: 'First site' },
            remoteSite: { $ref: '#/$defs/Site', title: 'Second site' },
            strands: { type: 'integer', minimum: 1, maximum: 12, title: 'Fibre strands' },
          },
        },
      },
    },
  ],
}

const ALTERNATE_CATALOG_ITEMS = [
  {
    id: 'CI-DARK-FIBRE',
    type: 'DARK_FIBRE',
    variant: 'createRequestsGeneric',
    name: 'Dark fibre between two sites',
    nameFr: 'Fibre noire entre deux sites',
    description: 'A dedicated fibre between two of your sites.',
    descriptionFr: 'Une fibre dédiée entre deux de vos sites.',
    schema: DARK_FIBRE_SCHEMA,
    actsOn: [],
  },
  {
    // Published with no JSON Schema (alternate-answers.ts, SCHEMALESS_TYPES): its variant's rules alone apply.
    id: 'CI-ON-SITE-SURVEY',
    type: 'ON_SITE_SURVEY',
    variant: 'createRequestsGeneric',
    name: 'On-site survey',
    nameFr: 'Visite technique sur site',
    description: 'A technician visits the site before an order.',
    descriptionFr: 'Un technicien visite le site avant une commande.',
    schema: {},
    actsOn: [],
  },
] satisfies Parameters<CatalogStore['add']>[0][]

/** Publishes the alternate's items once: a restart keeps them, as it keeps items added at run time. */
export function publishAlternateItems(catalog: CatalogStore, now: number): void {
  for (const item of ALTERNATE_CATALOG_ITEMS) if (!catalog.byId(item.id)) catalog.add(structuredClone(item), now)
}
