import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import architecture from './scripts/eslint/architecture.js'

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'test-results', 'playwright-report', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // A deprecated API (the rule that needed typed linting) is refused by the type check, from the program it builds
  // anyway (scripts/typecheck.ts), rather than by a second program here.
  {
    // The architecture's "never" arrows: feature → feature, shared → feature, sandbox ↔ gateway, src ↔ server
    // (scripts/eslint/architecture.js, docs/architecture.md). Import cycles: scripts/import-cycles.ts.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    plugins: { architecture },
    rules: { 'architecture/zones': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The SPA never reaches into the server: the contract is the only thing they share.
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'src/ and server/ share only contract/.' }],
          // Classic zod would come with the first page; only the creation forms' chunk loads it (z.fromJSONSchema).
          paths: [{ name: 'zod', message: 'The SPA uses zod/mini; classic zod is for the creation forms (form-validation.ts) only.' }],
        },
      ],
    },
  },
  {
    // An order is sent only through the send-once protocol (useSendOnce); other writes use useMutation
    // (docs/decisions/0037-one-way-each.md).
    files: ['src/features/create-request/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'src/ and server/ share only contract/.' }],
          paths: [
            { name: 'zod', message: 'The SPA uses zod/mini; classic zod is for the creation forms (form-validation.ts) only.' },
            { name: '@tanstack/react-query', importNames: ['useMutation'], message: 'An order is sent through useSendOnce (send-once protocol, 0014, 0037).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/create-request/schema/form-validation.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'src/ and server/ share only contract/.' }] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/*', '**/src/**'], message: 'src/ and server/ share only contract/.' }] }],
    },
  },
  {
    // Handlers a newcomer finds by name: no server function longer than about 80 lines; a route is a named function of its
    // module (docs/decisions/0036-server-handlers-by-name.md). The SPA's functions and components too, split along their
    // concerns (0037). Tests and their helpers aside.
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['server/**/*.test.ts', 'server/**/test-support.ts', 'server/**/*-test-support.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // One way each (docs/decisions/0037-one-way-each.md): the language is read as `currentLanguage()` (src/i18n/i18n.ts)
    // and nowhere else; dates, times and numbers are written by src/lib/format.ts, in one style per language.
    // Intl.DisplayNames, Collator and PluralRules name countries, sort and choose plurals: they stay where they are.
    // The early start is an inline script, which can import nothing.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='i18n'][property.name=/^(language|resolvedLanguage)$/]",
          message: 'Read the language with currentLanguage() (src/i18n/i18n.ts), the one way (0037).',
        },
        {
          selector: "MemberExpression[property.name='resolvedLanguage']",
          message: 'Read the language with currentLanguage() (src/i18n/i18n.ts), the one way (0037).',
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat'].map((property) => ({
          object: 'Intl',
          property,
          message: 'Dates, times and numbers are written by src/lib/format.ts, one style per language (0037).',
        })),
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Dates, times and numbers are written by src/lib/format.ts, one style per language (0037).',
        })),
      ],
    },
  },
  {
    files: ['src/i18n/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/lib/format.ts', 'src/lib/early-start.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The contract imports nothing but zod and itself; zod/mini, since the SPA's first page bundles the contract.
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod/mini$|\\./).*', message: 'contract/ imports only zod/mini and its own files.' }] }],
    },
  },
)
