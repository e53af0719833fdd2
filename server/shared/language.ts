import type { MessageLanguage } from '@contract/issue-messages'

/** The language to answer in, from `Accept-Language` (q-values honoured); English by default. */
export function pickLanguage(header: string | undefined | null): MessageLanguage {
  if (!header) return 'en'
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0]
    if (primary === 'fr' || primary === 'en') return primary
  }
  return 'en'
}
