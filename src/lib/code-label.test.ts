import { describe, expect, it } from 'vitest'
import { readableCode } from '@contract/code-label'
import { codeLabel } from './code-label'

const t = (key: string) => `«${key}»`

describe('readableCode', () => {
  it.each([
    ['ON_HOLD', 'On hold'],
    ['PENDING_CUSTOMER_INFO', 'Pending customer info'],
    ['onHold', 'On hold'],
    ['in-review', 'In review'],
    ['DONE', 'Done'],
    ['C_BVPN_SITE', 'C BVPN site'],
    ['MPLS_PORT_V2', 'MPLS port V2'],
    ['INTERNET_ACCESS', 'Internet access'],
    ['', ''],
  ])('reads %j as %j', (code, label) => {
    expect(readableCode(code)).toBe(label)
  })
})

describe('codeLabel', () => {
  it('translates a known code', () => {
    expect(codeLabel(t, 'requests', 'status', 'NEW')).toEqual({ label: '«requests.status.NEW»', known: true })
  })

  it('makes a label from an unknown code, never a translation key', () => {
    expect(codeLabel(t, 'dashboard', 'status', 'ON_HOLD')).toEqual({ label: 'On hold', known: false })
    expect(codeLabel(t, 'requests', 'subStep', 'WAITING_FOR_PARTS')).toEqual({ label: 'Waiting for parts', known: false })
  })
})
