import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Every word a person reads comes from a message catalog: this scanner fails on text written into a
 * component — JSX text with a letter, a string literal as a JSX child, or a literal in an attribute a
 * person reads or hears (aria-label, title, placeholder, alt…). Tests and test helpers are left out.
 */
const SRC = join(import.meta.dirname, '..')
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
])
const LETTER = /\p{L}/u

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : componentFiles(path)
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : []
  })
}

function literalsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const report = (node: ts.Node, literal: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart())
    found.push(`${fileName}:${line + 1} ${JSON.stringify(literal.trim())}`)
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) report(node, node.text)
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent) && isTextLiteral(node.expression)) {
      report(node, node.expression.text)
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer
      if (value && isTextLiteral(value)) report(node, value.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function isTextLiteral(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && LETTER.test(node.text)
}

describe('components', () => {
  it('hold no user-visible text outside the message catalogs', () => {
    const literals = componentFiles(SRC).flatMap((file) => literalsIn(relative(SRC, file), readFileSync(file, 'utf8')))
    expect(literals).toEqual([])
  })

  it('are scanned by a scanner that finds text, attributes and literal children', () => {
    const sample = `export const A = () => <p title="Hello" aria-label={'Close'}>Save now {'Later'} {t('ok')} <b>{count}</b> · 42</p>`
    expect(literalsIn('a.tsx', sample).map((line) => line.split(' ').slice(1).join(' '))).toEqual(['"Hello"', '"Close"', '"Save now"', '"Later"'])
  })
})
