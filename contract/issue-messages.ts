import type { z } from 'zod/mini'
import type { FieldIssue } from './error'

/**
 * Turns zod issues into sentences a person can act on, in English or French. The sandbox uses it for the
 * `fields` of its 400 answers and the forms use it beside each field, so both say the same thing.
 * Schemas in this folder give their own messages as keys of these dictionaries (`format.phone`, …).
 */
export type MessageLanguage = 'en' | 'fr'

type Params = Record<string, string | number>
type Dictionary = Record<string, string>

const en: Dictionary = {
  required: 'is required',
  invalidType: 'must be {{expected}}',
  'expected.string': 'text',
  'expected.number': 'a number',
  'expected.boolean': 'true or false',
  'expected.object': 'an object',
  'expected.array': 'a list',
  'string.tooLong': 'must be at most {{max}} characters',
  'string.tooLongHave': 'must be at most {{max}} characters, you have {{actual}}',
  'string.empty': 'must not be empty',
  'string.tooShort': 'must be at least {{min}} characters',
  'number.tooBig': 'must be at most {{max}}',
  'number.tooSmall': 'must be at least {{min}}',
  'array.tooBig': 'must have at most {{max}} items',
  'array.tooSmall': 'must have at least {{min}} item',
  oneOf: 'must be one of: {{values}}',
  unknownField: 'is not a known field',
  unknownParameter: 'is not a known parameter',
  invalid: 'is not valid',
  'format.date': 'must be a date written YYYY-MM-DD',
  'format.datetime': 'must be a timestamp such as 2026-01-31T12:00:00.000Z',
  'format.dateOrTimestamp': 'must be a date (YYYY-MM-DD) or a timestamp (2026-01-31T12:00:00Z)',
  'format.email': 'must be an e-mail address, such as name@example.com',
  'format.base64': 'must be base64-encoded content',
  'format.integer': 'must be a whole number',
  'format.boolean': 'must be true or false',
  'format.code': 'must be a code of letters, digits, dots, dashes or underscores',
  'format.phone': 'must be a phone number, such as +33 6 12 34 56 78',
  'format.postalCode': 'must be 3 to 10 letters, digits, spaces or dashes',
  'format.country': 'must be a two-letter country code, such as FR',
  'format.servicePoint': 'must be a service point identifier, such as SP00001234',
  'format.requestId': 'must be a request identifier, such as REQ00001234',
  'format.bvpnType': 'must match ^[CMR]_BVPN_.*$, such as C_BVPN_SITE',
  'format.sort': 'must list field names separated by commas, each with - in front to sort descending',
  'format.regex': 'does not have the expected format ({{pattern}})',
  'requestedAt.tooSoon': 'must be on or after {{earliest}} (today plus 7 days)',
  'attachment.tooLarge': 'must be at most 1 MiB once decoded',
}

const fr: Dictionary = {
  required: 'est obligatoire',
  invalidType: 'doit être {{expected}}',
  'expected.string': 'du texte',
  'expected.number': 'un nombre',
  'expected.boolean': 'true ou false',
  'expected.object': 'un objet',
  'expected.array': 'une liste',
  'string.tooLong': 'doit comporter au plus {{max}} caractères',
  'string.tooLongHave': 'doit comporter au plus {{max}} caractères, vous en avez {{actual}}',
  'string.empty': 'ne doit pas être vide',
  'string.tooShort': 'doit comporter au moins {{min}} caractères',
  'number.tooBig': 'doit être au plus {{max}}',
  'number.tooSmall': 'doit être au moins {{min}}',
  'array.tooBig': 'doit contenir au plus {{max}} éléments',
  'array.tooSmall': 'doit contenir au moins {{min}} élément',
  oneOf: 'doit être l’une des valeurs : {{values}}',
  unknownField: 'n’est pas un champ connu',
  unknownParameter: 'n’est pas un paramètre connu',
  invalid: 'n’est pas valide',
  'format.date': 'doit être une date au format AAAA-MM-JJ',
  'format.datetime': 'doit être un horodatage tel que 2026-01-31T12:00:00.000Z',
  'format.dateOrTimestamp': 'doit être une date (AAAA-MM-JJ) ou un horodatage (2026-01-31T12:00:00Z)',
  'format.email': 'doit être une adresse e-mail, telle que nom@exemple.fr',
  'format.base64': 'doit être un contenu encodé en base64',
  'format.integer': 'doit être un nombre entier',
  'format.boolean': 'doit être true ou false',
  'format.code': 'doit être un code fait de lettres, chiffres, points, tirets ou tirets bas',
  'format.phone': 'doit être un numéro de téléphone, tel que +33 6 12 34 56 78',
  'format.postalCode': 'doit comporter de 3 à 10 lettres, chiffres, espaces ou tirets',
  'format.country': 'doit être un code pays à deux lettres, tel que FR',
  'format.servicePoint': 'doit être un identifiant de point de service, tel que SP00001234',
  'format.requestId': 'doit être un identifiant de demande, tel que REQ00001234',
  'format.bvpnType': 'doit respecter ^[CMR]_BVPN_.*$, par exemple C_BVPN_SITE',
  'format.sort': 'doit lister des noms de champs séparés par des virgules, précédés de - pour un tri décroissant',
  'format.regex': 'n’a pas le format attendu ({{pattern}})',
  'requestedAt.tooSoon': 'doit être le {{earliest}} ou après (aujourd’hui plus 7 jours)',
  'attachment.tooLarge': 'doit faire au plus 1 Mio une fois décodé',
}

export const ISSUE_MESSAGES: Record<MessageLanguage, Dictionary> = { en, fr }

export function formatMessage(language: MessageLanguage, key: string, params: Params = {}): string {
  const template = ISSUE_MESSAGES[language][key] ?? ISSUE_MESSAGES.en[key] ?? key
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`))
}

/** `properties.contacts.primary.email`, `attachments[0].name`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((joined, part) => {
    if (typeof part === 'number') return `${joined}[${part}]`
    return joined ? `${joined}.${String(part)}` : String(part)
  }, '')
}

function messageFor(issue: z.core.$ZodIssue, language: MessageLanguage, unknownKeyMessage: string): string {
  const say = (key: string, params?: Params) => formatMessage(language, key, params)
  // A message that names one of our keys wins: the schema said precisely what it wants.
  if (issue.message && ISSUE_MESSAGES.en[issue.message] !== undefined) {
    return say(issue.message, (issue as { params?: Params }).params ?? { pattern: '' })
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return say('required')
      return say('invalidType', { expected: say(`expected.${issue.expected}`) })
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'string') {
        return typeof issue.input === 'string' ? say('string.tooLongHave', { max, actual: issue.input.length }) : say('string.tooLong', { max })
      }
      if (issue.origin === 'array') return say('array.tooBig', { max })
      return say('number.tooBig', { max })
    }
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') return min === 1 ? say('string.empty') : say('string.tooShort', { min })
      if (issue.origin === 'array') return say('array.tooSmall', { min })
      return say('number.tooSmall', { min })
    }
    case 'invalid_format':
      if (issue.format !== 'regex' && ISSUE_MESSAGES.en[`format.${issue.format}`] !== undefined) return say(`format.${issue.format}`)
      return say('format.regex', { pattern: issue.pattern ?? issue.format })
    case 'invalid_value':
      return say('oneOf', { values: issue.values.map(String).join(', ') })
    case 'unrecognized_keys':
      return unknownKeyMessage
    default:
      return say('invalid')
  }
}

/**
 * One entry per problem, with a dotted path. Unknown keys give one entry each. Parse with
 * `{ reportInput: true }` so that "is required" and "you have 21" can be told.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], language: MessageLanguage, unknownKey: 'field' | 'parameter' = 'field'): FieldIssue[] {
  const unknownKeyMessage = formatMessage(language, unknownKey === 'field' ? 'unknownField' : 'unknownParameter')
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: issuePath([...issue.path, key]), message: unknownKeyMessage }))
    }
    return [{ path: issuePath(issue.path), message: messageFor(issue, language, unknownKeyMessage) }]
  })
}
