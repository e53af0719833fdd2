import { describe, expect, it } from 'vitest'
import type { Request } from '@contract/request'
import { actionHref, allowedActions } from './request-actions'

type Subject = Pick<Request, 'status' | 'category' | 'properties'>
const request = (status: Request['status'], category: Request['category'], properties: Request['properties'] = {}): Subject => ({
  status,
  category,
  properties,
})

describe('allowedActions', () => {
  it('offers no resubmission of a request its customer cancelled (reason 304): nothing was refused', () => {
    const cancelled = { ...request('REJECTED', 'creation'), rejectionReasons: [{ code: 304, reason: 'CANCELLED', message: 'Cancelled by REQ00001234.' }] }
    expect(allowedActions(cancelled, true)).toEqual([])
    const refused = { ...request('REJECTED', 'creation'), rejectionReasons: [{ code: 301, reason: 'SITE_UNKNOWN', message: 'No such site.' }] }
    expect(allowedActions(refused, true)).toEqual(['resubmit'])
  })

  it('lets an open creation be modified or cancelled', () => {
    expect(allowedActions(request('NEW', 'creation'), true)).toEqual(['modify', 'cancel'])
    expect(allowedActions(request('IN_PROGRESS', 'creation'), true)).toEqual(['modify', 'cancel'])
  })

  it('lets an open modification be cancelled only: modifications act on creations', () => {
    expect(allowedActions(request('IN_PROGRESS', 'modification'), true)).toEqual(['cancel'])
  })

  it('never modifies or cancels a termination or a cancellation', () => {
    expect(allowedActions(request('IN_PROGRESS', 'termination'), true)).toEqual([])
    expect(allowedActions(request('NEW', 'cancellation'), true)).toEqual([])
  })

  it('lets the service of a completed creation be modified, or terminated through its service point', () => {
    expect(allowedActions(request('COMPLETED', 'creation', { servicePoint: { id: 'SP00000042' } }), true)).toEqual(['modify', 'terminate'])
    expect(allowedActions(request('COMPLETED', 'creation'), true)).toEqual([])
    expect(allowedActions(request('COMPLETED', 'modification'), true)).toEqual([])
    expect(allowedActions(request('COMPLETED', 'termination', { servicePoint: { id: 'SP00000042' } }), true)).toEqual([])
  })

  it('offers to fix and resubmit a rejected request', () => {
    for (const category of ['creation', 'modification', 'termination'] as const) {
      expect(allowedActions(request('REJECTED', category), true)).toEqual(['resubmit'])
    }
  })

  it('gives a read-only person no action at all', () => {
    for (const subject of [
      request('IN_PROGRESS', 'creation'),
      request('COMPLETED', 'creation', { servicePoint: { id: 'SP00000042' } }),
      request('REJECTED', 'creation'),
    ]) {
      expect(allowedActions(subject, false)).toEqual([])
    }
  })
})

describe('actionHref', () => {
  it('leads to the creation forms with the action and the request it starts from', () => {
    expect(actionHref('resubmit', 'REQ00000042')).toBe('/requests/new?action=resubmit&from=REQ00000042')
  })
})
