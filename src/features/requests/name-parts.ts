/** The separators people and the sandbox put between what a request is and where ("Business internet access – Lyon"). */
const SEPARATORS = [' – ', ' — ', ' - ', ' | ', ': ']

/**
 * A request's name in two parts: what it shares with others of its type (the type's name, or the text before its last
 * separator) and what tells it apart (the site, the reference). A row cut to one line gives up the first part, not the
 * second (docs/decisions/0033-layout-at-every-width.md). `null` when the name has no such parts.
 */
export function nameParts(name: string, typeName?: string): { lead: string; rest: string } | null {
  if (typeName && name.startsWith(typeName)) {
    const separator = SEPARATORS.find((candidate) => name.startsWith(candidate, typeName.length))
    if (separator && name.length > typeName.length + separator.length) {
      const cut = typeName.length + separator.length
      return { lead: name.slice(0, cut), rest: name.slice(cut) }
    }
  }
  const cuts = SEPARATORS.map((separator) => {
    const at = name.lastIndexOf(separator)
    return at > 0 ? at + separator.length : -1
  })
  const cut = Math.max(...cuts)
  return cut > 0 && cut < name.length ? { lead: name.slice(0, cut), rest: name.slice(cut) } : null
}
