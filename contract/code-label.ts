/**
 * A readable label made from a code the console has no words for (docs/decisions/0028-tolerant-reader.md), for the
 * SPA's labels of statuses, steps and types (src/lib/code-label.ts) and an unnamed catalog item's title (./catalog.ts):
 * `ON_HOLD` → "On hold", `PENDING_CUSTOMER_INFO` → "Pending customer info", `onHold` → "On hold"; a word of capitals
 * without a vowel is an abbreviation and keeps them: `C_BVPN_SITE` → "C BVPN site".
 */
export function readableCode(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word.length > 0)
    .map((word) => (ABBREVIATION.test(word) ? word : word.toLowerCase()))
  if (words.length === 0) return code
  const sentence = words.join(' ')
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

/** Two or more capitals (digits among them) and no vowel: BVPN, MPLS, V2. */
const ABBREVIATION = /^(?=.*[A-Z].*[A-Z0-9])[B-DF-HJ-NP-TV-XZ0-9]{2,}$/
