import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_COLUMNS, fieldsOf, nextSort, normalizeColumns, readVisibleColumns, saveVisibleColumns, sortDirectionOf } from './columns'

class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
}

describe('the columns of the list', () => {
  it('always ask for what a row needs, then what the columns show, in the contract order', () => {
    expect(fieldsOf(['id', 'delay'])).toEqual(['id', 'status', 'step', 'subStep', 'isOverdue', 'keyDates'])
    expect(fieldsOf(['createdAt', 'name', 'id', 'delay'])).toEqual(['id', 'name', 'status', 'step', 'subStep', 'isOverdue', 'keyDates', 'createdAt'])
    expect(fieldsOf(DEFAULT_COLUMNS)).toEqual(['id', 'name', 'customerReference', 'status', 'step', 'subStep', 'isOverdue', 'keyDates', 'type', 'createdAt'])
  })

  it('keep the id and the delay whatever is chosen, in display order', () => {
    expect(normalizeColumns(['createdAt', 'name'])).toEqual(['id', 'name', 'delay', 'createdAt'])
  })

  it('sort a column first in its natural direction, then the other way', () => {
    expect(nextSort('-createdAt', 'name')).toBe('name')
    expect(nextSort('name', 'name')).toBe('-name')
    expect(nextSort('-name', 'name')).toBe('name')
    expect(nextSort('name', 'requestedAt')).toBe('-keyDates.requestedAt')
    expect(nextSort('name', 'isArchived')).toBe('name')
    expect(sortDirectionOf('-keyDates.requestedAt', 'requestedAt')).toBe('descending')
    expect(sortDirectionOf('status', 'status')).toBe('ascending')
    expect(sortDirectionOf('status', 'name')).toBeUndefined()
  })
})

describe('the choice of columns', () => {
  // Put back as it was, or taken away when there was none: the files after this one share its worker (0039).
  const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'localStorage', original)
    else delete (globalThis as { localStorage?: Storage }).localStorage
  })
  const useStorage = (storage: Storage) => Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true })

  it('is remembered by the browser', () => {
    useStorage(new MemoryStorage())
    expect(readVisibleColumns()).toEqual(DEFAULT_COLUMNS)
    saveVisibleColumns(['name', 'step'])
    expect(readVisibleColumns()).toEqual(['id', 'name', 'step', 'delay'])
  })

  it('falls back to the defaults when the stored value is unreadable, and ignores unknown columns', () => {
    const storage = new MemoryStorage()
    useStorage(storage)
    storage.setItem('ordering-console.requests.columns', '{not json')
    expect(readVisibleColumns()).toEqual(DEFAULT_COLUMNS)
    storage.setItem('ordering-console.requests.columns', '{"a":1}')
    expect(readVisibleColumns()).toEqual(DEFAULT_COLUMNS)
    storage.setItem('ordering-console.requests.columns', '["password","type"]')
    expect(readVisibleColumns()).toEqual(['id', 'type', 'delay'])
  })
})
