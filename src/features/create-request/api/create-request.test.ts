import { afterEach, describe, expect, it, vi } from 'vitest'
import { HEADER } from '@contract/common'
import { ApiError } from '@/lib/api-error'
import { isUncertain } from '../send-once/send-once'
import { createRequest } from './create-request'

/** The gateway's answer to the POST, as the browser's fetch gives it. */
function answer(status: number, body: string, headers: Record<string, string> = {}) {
  vi.stubGlobal('fetch', async () => new Response(body, { status, headers: { 'Content-Type': 'application/json', [HEADER.requestId]: 'rid-201', ...headers } }))
}

describe('createRequest reads only the new request’s id (reference 1: 201, the Request, Content-Location)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('takes the id from Content-Location, even when the body is cut mid-way', async () => {
    answer(201, '{"id":"REQ000', { [HEADER.contentLocation]: '/v3/requests/REQ00000042' })
    await expect(createRequest({ customerReference: 'PO-1' })).resolves.toEqual({ id: 'REQ00000042' })
  })

  it('takes the id from the body when there is no Content-Location, whatever else the body holds', async () => {
    answer(201, JSON.stringify({ id: 'REQ00000043', status: 'SOMETHING_NEW', keyDates: 'not an object' }))
    await expect(createRequest({ customerReference: 'PO-2' })).resolves.toEqual({ id: 'REQ00000043' })
  })

  it('with no id anywhere, the success is unreadable, with its request id: uncertain, so the request is looked for', async () => {
    answer(201, '{"id":"REQ000')
    const error = await createRequest({ customerReference: 'PO-3' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 201, kind: 'unreadable', requestId: 'rid-201' })
    expect(isUncertain(error as ApiError)).toBe(true)
  })
})
