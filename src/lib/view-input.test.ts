// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { captureViewInput, takeViewInput } from './view-input'

const VIEW = `
  <form data-before-code data-locale="en-GB">
    <input name="customerReference" value="" />
    <input name="contract" value="ACM-1" />
    <input name="untouched" value="kept" />
    <input type="checkbox" name="accepted" />
    <select name="bandwidth"><option value="">Choose…</option><option value="100">100</option></select>
    <textarea name="comment"></textarea>
    <input type="file" name="attachments" />
    <button type="submit">Send</button>
  </form>`

describe('what a person did on a first view’s form before the page’s code', () => {
  it('is every field changed, the focus with its selection, and a held send; once', () => {
    document.body.innerHTML = VIEW
    const form = document.forms[0]!
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement
    field('customerReference').value = 'PO-42'
    field('contract').value = 'ACM-2'
    field('accepted').checked = true
    ;(form.elements.namedItem('bandwidth') as HTMLSelectElement).value = '100'
    ;(form.elements.namedItem('comment') as HTMLTextAreaElement).value = 'Ring twice'
    field('customerReference').focus()
    field('customerReference').setSelectionRange(3, 5)
    form.setAttribute('data-send-held', '')
    captureViewInput(document.body)
    expect(takeViewInput()).toEqual({
      values: { customerReference: 'PO-42', contract: 'ACM-2', accepted: true, bandwidth: '100', comment: 'Ring twice' },
      focus: { name: 'customerReference', start: 3, end: 5 },
      sendHeld: true,
      locale: 'en-GB',
    })
    // Taken once: the form that took it is the only reader.
    expect(takeViewInput()).toBeNull()
  })

  it('is given only to a form at the address it was typed at', () => {
    document.body.innerHTML = VIEW
    ;(document.forms[0]!.elements.namedItem('contract') as HTMLInputElement).value = 'ACM-2'
    captureViewInput(document.body)
    window.history.pushState(null, '', '/requests/new?item=another')
    expect(takeViewInput()).toBeNull()
  })

  it('is nothing for a view without such a form, and no value for fields left as the HTML gave them', () => {
    document.body.innerHTML = '<form><input name="q" value="x" /></form>'
    captureViewInput(document.body)
    expect(takeViewInput()).toBeNull()
    document.body.innerHTML = VIEW
    captureViewInput(document.body)
    expect(takeViewInput()).toEqual({ values: {}, focus: undefined, sendHeld: false, locale: 'en-GB' })
  })
})
