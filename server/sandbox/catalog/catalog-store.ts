import { intersection, type ZodMiniType } from 'zod/mini'
import type { SandboxCatalogItem as CatalogItem } from '@contract/catalog'
import type { MessageLanguage } from '@contract/issue-messages'
import type { RequestCategory } from '@contract/request'
import { REQUEST_BODY_VARIANTS, type RequestBodyVariant } from '@contract/request-bodies'
import type { Db } from '../db'
import { BUILTIN_CATALOG_ITEMS, publishedSchema } from './builtin-items'
import { localizeSchema } from './schema-i18n'
import { fromCatalogSchema } from './catalog-schema'

interface CatalogRow {
  id: string
  type: string
  variant: RequestBodyVariant
  category: RequestCategory
  name_en: string
  name_fr: string
  description_en: string
  description_fr: string
  schema: string
  position: number
  created_at: number
}

export interface CatalogEntry {
  row: CatalogRow
  /** Validates a body of this type. */
  bodySchema: ZodMiniType
  actsOn: readonly string[]
}

/** The catalog, kept in SQLite so that items added at run time (control endpoint) survive a restart. */
export class CatalogStore {
  private readonly entries = new Map<string, CatalogEntry>()

  constructor(private readonly db: Db) {}

  /**
   * Writes the built-in items, and rewrites them at every start so that what an existing database
   * publishes always matches the schemas this build enforces. Items added at run time are kept.
   */
  seed(now: number): void {
    const insert = this.db.prepare(`INSERT INTO catalog_items (id, type, variant, category, name_en, name_fr,
      description_en, description_fr, schema, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET type = excluded.type, variant = excluded.variant, category = excluded.category,
        name_en = excluded.name_en, name_fr = excluded.name_fr, description_en = excluded.description_en,
        description_fr = excluded.description_fr, schema = excluded.schema, position = excluded.position`)
    BUILTIN_CATALOG_ITEMS.forEach((item, position) => {
      insert.run(
        item.id,
        item.type,
        item.variant,
        REQUEST_BODY_VARIANTS[item.variant].category,
        item.name.en,
        item.name.fr,
        item.description.en,
        item.description.fr,
        JSON.stringify(publishedSchema(item.schema)),
        position,
        now,
      )
    })
  }

  private entryOf(row: CatalogRow): CatalogEntry {
    const cached = this.entries.get(row.id)
    if (cached) return cached
    const builtin = BUILTIN_CATALOG_ITEMS.find((item) => item.type === row.type)
    // Items added at run time are enforced through their published JSON Schema, on top of their variant's rules;
    // their patterns run in linear time (0020).
    const bodySchema = builtin ? builtin.schema : intersection(REQUEST_BODY_VARIANTS[row.variant].schema, fromCatalogSchema(JSON.parse(row.schema)))
    const entry = { row, bodySchema, actsOn: builtin?.actsOn ?? [] }
    this.entries.set(row.id, entry)
    return entry
  }

  byType(type: string): CatalogEntry | undefined {
    const row = this.db.prepare('SELECT * FROM catalog_items WHERE type = ?').get(type) as CatalogRow | undefined
    return row && this.entryOf(row)
  }

  byId(id: string): CatalogEntry | undefined {
    const row = this.db.prepare('SELECT * FROM catalog_items WHERE id = ?').get(id) as CatalogRow | undefined
    return row && this.entryOf(row)
  }

  list(options: { offset: number; limit: number; category?: RequestCategory[]; q?: string; language: MessageLanguage }) {
    const clauses: string[] = []
    const params: unknown[] = []
    if (options.category) {
      clauses.push(`category IN (${options.category.map(() => '?').join(',')})`)
      params.push(...options.category)
    }
    if (options.q) {
      const like = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const column = options.language === 'fr' ? 'fr' : 'en'
      clauses.push(`(type LIKE ? ESCAPE '\\' OR name_${column} LIKE ? ESCAPE '\\' OR description_${column} LIKE ? ESCAPE '\\')`)
      params.push(like, like, like)
    }
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM catalog_items ${where}`).get(...params) as { n: number }).n
    const rows = this.db
      .prepare(`SELECT * FROM catalog_items ${where} ORDER BY position, id LIMIT ? OFFSET ?`)
      .all(...params, options.limit, options.offset) as CatalogRow[]
    return { total, items: rows.map((row) => render(row, options.language)) }
  }

  render(entry: CatalogEntry, language: MessageLanguage): CatalogItem {
    return render(entry.row, language)
  }

  /** Adds an item at run time (sandbox control), as an operator publishing a new product would. */
  add(item: Omit<CatalogItem, 'createdAt' | 'category'> & { nameFr?: string; descriptionFr?: string }, now: number): CatalogEntry {
    const position = (this.db.prepare('SELECT COALESCE(MAX(position), 0) + 1 AS p FROM catalog_items').get() as { p: number }).p
    this.db
      .prepare(
        `INSERT INTO catalog_items (id, type, variant, category, name_en, name_fr, description_en, description_fr,
        schema, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        item.id,
        item.type,
        item.variant,
        REQUEST_BODY_VARIANTS[item.variant].category,
        item.name,
        item.nameFr ?? item.name,
        item.description,
        item.descriptionFr ?? item.description,
        JSON.stringify(item.schema),
        position,
        now,
      )
    return this.byId(item.id)!
  }
}

function render(row: CatalogRow, language: MessageLanguage): CatalogItem {
  return {
    id: row.id,
    type: row.type,
    name: language === 'fr' ? row.name_fr : row.name_en,
    description: language === 'fr' ? row.description_fr : row.description_en,
    category: row.category,
    variant: row.variant,
    schema: localizeSchema(JSON.parse(row.schema) as Record<string, unknown>, language),
    actsOn: [...(BUILTIN_CATALOG_ITEMS.find((item) => item.type === row.type)?.actsOn ?? [])],
    createdAt: new Date(row.created_at).toISOString(),
  }
}
