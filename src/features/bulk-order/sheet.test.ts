import { describe, expect, it } from 'vitest'
import { batchPrefix, checkRows, columnOf, markDuplicates, REFERENCE_KEY, rowBody, sheetRows, type CheckContext, type RowValidator } from './check-rows'
import { applyFixes, withFix } from './keep-fixes'
import { readCsvText, sheetKindOf, SHEET_LIMITS } from './read-sheet'
import { headerOf, matchHeaders, sheetColumns, sheetOf, type SheetField } from './sheet-columns'
import { readSheetDate } from './sheet-dates'
import { templateCsv } from './template'

const field = (key: string, path: string[], extra: Partial<SheetField> = {}): SheetField => ({ key, path, label: key, required: true, kind: 'text', ...extra })
const model: SheetField = field('', [], {
  kind: 'object',
  children: [
    field('type', ['type'], { kind: 'const' }),
    field('requestedAt', ['requestedAt'], { label: 'Requested date', format: 'date' }),
    field(REFERENCE_KEY, [REFERENCE_KEY], { label: 'Customer reference', required: false, maxLength: 18 }),
    field('properties', ['properties'], {
      kind: 'object',
      label: 'Properties',
      children: [
        field('location', ['properties', 'location'], {
          kind: 'object',
          label: 'Location',
          children: [field('city', ['properties', 'location', 'city'], { label: 'City' })],
        }),
        field('bandwidthMbps', ['properties', 'bandwidthMbps'], { kind: 'enum', label: 'Bandwidth', options: [10, 100] }),
        field('vlans', ['properties', 'vlans'], { kind: 'array' }),
        field('staticIp', ['properties', 'staticIp'], { kind: 'boolean', label: 'Static IP', required: false }),
      ],
    }),
  ],
})
const columns = sheetColumns(model)

describe('the sheet of an item', () => {
  it('has one column per plain field, nested ones by path, required ones marked, lists and fixed values left out', () => {
    expect(columns.map(headerOf)).toEqual(['Requested date *', 'Customer reference', 'Location › City *', 'Bandwidth *', 'Static IP'])
  })

  it('matches headers by their words (any case, with or without the mark) or by path, and names the unknown ones', () => {
    const { matched, unknown } = matchHeaders(['requested date', 'LOCATION > CITY *', 'properties.bandwidthMbps', 'Colour'], columns)
    expect(matched.map((column) => column?.key)).toEqual(['requestedAt', 'properties.location.city', 'properties.bandwidthMbps', undefined])
    expect(unknown).toEqual(['Colour'])
  })

  it('writes a template whose notes and example the import skips, and reads it back', () => {
    const t = (key: string) => key
    const csv = templateCsv(columns, { earliestDate: '2026-12-04', referenceMax: 18, contractMax: 10 }, t, 'fr', 'fr-FR')
    expect(csv.startsWith('\uFEFF# ')).toBe(true)
    expect(csv).toContain('Requested date *;Customer reference;Location › City *')
    const read = readCsvText(csv)
    expect(read.ok).toBe(false)
    const filled = readCsvText(`${csv}04/12/2026;A-1;Lyon;10;oui\r\n`)
    expect(filled.ok && filled.sheet.rows).toEqual([['04/12/2026', 'A-1', 'Lyon', '10', 'oui']])
  })
})

describe('reading a file', () => {
  it('takes commas or semicolons, with or without a byte-order mark, skipping empty lines', () => {
    for (const text of ['\uFEFFa,b\r\n1,"x,y"\r\n\r\n', 'a;b\n1;x,y\n']) {
      const read = readCsvText(text)
      expect(read.ok && read.sheet).toEqual({ headers: ['a', 'b'], rows: [['1', 'x,y']] })
    }
  })

  it('refuses more rows than the limit, and knows a spreadsheet by its name', () => {
    const text = `a\n${'1\n'.repeat(SHEET_LIMITS.maxRows + 1)}`
    expect(readCsvText(text)).toEqual({ ok: false, problem: { kind: 'tooManyRows', maxRows: SHEET_LIMITS.maxRows, rows: SHEET_LIMITS.maxRows + 1 } })
    expect(sheetKindOf({ name: 'sites.PDF', type: 'application/pdf' })).toBeUndefined()
    expect(sheetKindOf({ name: 'sites.csv', type: '' })).toBe('csv')
  })

  it('reads dates as the locale writes them or ISO, and leaves anything else as typed', () => {
    expect(readSheetDate('04/12/2026', 'fr-FR')).toBe('2026-12-04')
    expect(readSheetDate('12/04/2026', 'en-US')).toBe('2026-12-04')
    expect(readSheetDate('2026-12-04', 'en-US')).toBe('2026-12-04')
    expect(readSheetDate('31/02/2026', 'fr-FR')).toBe('31/02/2026')
    expect(readSheetDate('soon', 'fr-FR')).toBe('soon')
  })
})

describe('checking rows', () => {
  const form = {
    // As the form's `toBody` does: enum values back to their type, empty values left out.
    toBody: (values: Record<string, unknown>) => values,
    loadValidator: () => Promise.resolve(undefined),
  }
  const validator: RowValidator = {
    validate: (body) => {
      const reference = (body as { customerReference?: string }).customerReference ?? ''
      return reference.length > 18 ? [{ path: 'customerReference', message: 'too long', sentence: (label) => `${label}: too long` }] : []
    },
  }
  const context: CheckContext = { columns, form, validator, locale: 'fr-FR', contracts: [] }

  it('makes up a reference for a row that has none, and builds the body at the columns’ paths', () => {
    const { matched } = matchHeaders(['Requested date', 'Customer reference', 'Location › City', 'Static IP'], columns)
    const rows = sheetRows([['04/12/2026', '', 'Lyon', 'oui']], matched, 'BOX', true)
    expect(rows[0]).toMatchObject({ generated: true, cells: { customerReference: 'BOX-1' } })
    expect(rowBody(rows[0]!.cells, columns, form, 'fr-FR')).toMatchObject({
      requestedAt: '2026-12-04',
      customerReference: 'BOX-1',
      properties: { location: { city: 'Lyon' }, staticIp: 'true' },
    })
    expect(batchPrefix(0)).toBe('BO0')
  })

  it('puts the validator’s issues on their columns, and flags references twice in the file or already used', async () => {
    const { matched } = matchHeaders(['Customer reference'], columns)
    const rows = sheetRows([['A'], ['A'], ['B'], ['X'.repeat(19)]], matched, 'P', true)
    const checked = await checkRows(rows, context, new Map([['B', 'REQ00000001']]), 2)
    expect(checked.map((row) => row.problems.map((p) => [p.column, p.problem.kind]))).toEqual([
      [['customerReference', 'duplicateInFile']],
      [['customerReference', 'duplicateInFile']],
      [['customerReference', 'existing']],
      [['customerReference', 'rule']],
    ])
    const fixed = markDuplicates([{ ...checked[1]!, reference: 'C' }, checked[0]!], new Map())
    expect(fixed.map((row) => row.problems.length)).toEqual([0, 0])
    expect(columnOf('properties.location', columns)).toBe('properties.location.city')
    expect(columnOf('properties.vlans[0].label', columns)).toBeNull()
  })
})

describe('fixes typed in place, the file chosen again', () => {
  const row = (number: number, cells: Record<string, string>, generated = false) => ({ number, cells, generated })

  it('keeps a fix whose cell the new file leaves as it was, leaves one whose cell the file changed', () => {
    let fixes = withFix([], row(1, { requestedAt: '2026-01-01' }), 'requestedAt', '2026-12-31')
    fixes = withFix(fixes, row(1, { requestedAt: '2026-12-31' }), 'requestedAt', '2027-01-02')
    fixes = withFix(fixes, row(2, { customerReference: 'BOX-2' }, true), 'customerReference', 'LYON-2')
    fixes = withFix(fixes, row(3, { contract: 'C1' }), 'contract', 'C2')
    expect(fixes).toEqual([
      { row: 1, column: 'requestedAt', original: '2026-01-01', value: '2027-01-02' },
      { row: 2, column: 'customerReference', original: '', value: 'LYON-2' },
      { row: 3, column: 'contract', original: 'C1', value: 'C2' },
    ])
    const again = applyFixes([row(1, { requestedAt: '2026-01-01' }), row(2, { customerReference: 'BOY-2' }, true), row(3, { contract: 'C9' })], fixes)
    expect(again.rows.map((r) => [r.cells, r.generated])).toEqual([
      [{ requestedAt: '2027-01-02' }, false],
      [{ customerReference: 'LYON-2' }, false],
      [{ contract: 'C9' }, false],
    ])
    expect(again.kept.map((fix) => fix.row)).toEqual([1, 2])
    expect(again.left.map((fix) => fix.row)).toEqual([3])
    expect(withFix(fixes, row(3, { contract: 'C2' }), 'contract', 'C1').map((fix) => fix.row)).toEqual([1, 2])
  })
})

describe('lists, entries and files in a sheet', () => {
  const vlan = field('*', ['properties', 'vlans', '*'], {
    kind: 'object',
    children: [
      field('id', ['properties', 'vlans', '*', 'id'], { kind: 'number', label: 'Id' }),
      field('label', ['properties', 'vlans', '*', 'label'], { label: 'Label', required: false }),
    ],
  })
  const listModel: SheetField = field('', [], {
    kind: 'object',
    children: [
      field('properties', ['properties'], {
        kind: 'object',
        label: 'Properties',
        children: [
          field('vlans', ['properties', 'vlans'], { kind: 'array', label: 'VLANs', item: vlan, minItems: 1 }),
          field('tags', ['properties', 'tags'], { kind: 'map', label: 'Tags', required: false }),
          field('plans', ['properties', 'plans'], { kind: 'files', label: 'Plans', required: false }),
        ],
      }),
    ],
  })
  const form = { toBody: (values: Record<string, unknown>) => values, loadValidator: () => Promise.resolve(undefined) }

  it('gives each field of a list a column, its items separated by |, entries as key=value; files are named, not columns', () => {
    const sheet = sheetOf(listModel)
    expect(sheet.columns.map(headerOf)).toEqual(['VLANs › Id *', 'VLANs › Label', 'Tags'])
    expect(sheet.files).toEqual(['Plans'])
    expect(sheet.blocked).toEqual([])
    const body = rowBody(
      { 'properties.vlans.*.id': '10 | 20', 'properties.vlans.*.label': 'voice | data', 'properties.tags': 'floor=2 | room=B' },
      sheet.columns,
      form,
      'fr-FR',
    )
    expect(body).toEqual({
      properties: {
        vlans: [
          { id: '10', label: 'voice' },
          { id: '20', label: 'data' },
        ],
        tags: [
          { key: 'floor', value: '2' },
          { key: 'room', value: 'B' },
        ],
      },
    })
    expect(columnOf('properties.vlans[1].label', sheet.columns)).toBe('properties.vlans.*.label')
  })

  it('says which required field no cell can hold: a list inside a list', () => {
    const nested = field('', [], {
      kind: 'object',
      children: [
        field('sites', ['sites'], {
          kind: 'array',
          label: 'Sites',
          minItems: 1,
          item: field('*', ['sites', '*'], {
            kind: 'object',
            children: [field('ports', ['sites', '*', 'ports'], { kind: 'array', label: 'Ports', minItems: 1, item: vlan })],
          }),
        }),
      ],
    })
    expect(sheetOf(nested).blocked).toEqual([{ header: 'Sites › Ports', reason: 'nestedList' }])
  })
})
