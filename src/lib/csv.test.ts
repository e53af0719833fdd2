import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from '@contract/csv'
import { csvFileName } from './csv'

describe('CSV cells', () => {
  it('leaves plain values alone', () => {
    expect(csvCell('REQ00000001')).toBe('REQ00000001')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(true)).toBe('true')
    expect(csvCell('Accès Internet – Lyon')).toBe('Accès Internet – Lyon')
  })

  it('writes nothing for a missing value', () => {
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(null)).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Lyon, France')).toBe('"Lyon, France"')
    expect(csvCell('the "main" site')).toBe('"the ""main"" site"')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
  })

  it('neutralises what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(csvCell('+33 1 23 45 67 89')).toBe("'+33 1 23 45 67 89")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('PO-1=2')).toBe('PO-1=2')
  })

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', 'b,c', undefined, 3])).toBe('a,"b,c",,3\r\n')
  })

  it('names the file after the day', () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe('requests-2026-01-05.csv')
    expect(csvFileName(new Date(2026, 0, 5), 'overdue-requests')).toBe('overdue-requests-2026-01-05.csv')
  })
})
