/**
 * The browser's storage, or nothing when it is refused (privacy settings, a sandboxed frame): what is kept there is
 * a convenience, never needed to use the console.
 */
export function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

/** Reads JSON kept under `key`, or `null` when absent or unreadable. */
export function readJson(store: Storage | null, key: string): unknown {
  try {
    const text = store?.getItem(key)
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    return null
  }
}

/** Writes JSON under `key`; a full or refused storage only loses the convenience. */
export function writeJson(store: Storage | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value))
  } catch {
    // Nothing to do: see above.
  }
}
