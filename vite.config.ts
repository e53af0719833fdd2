import optimizeLocales from '@react-aria/optimize-locales-plugin'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import { SIGNED_IN_PAGES } from './src/app/route-table.ts'
import { FIRST_VIEW_KEYS } from './contract/first-view.ts'
import { EARLY_START_KEYS, earlyStart, holdSendsBeforeCode, type EarlyPage, type EarlyStartConfig } from './src/lib/early-start.ts'
import { THEME_KEY } from './src/app/shell/theme.ts'

const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
}

/**
 * Classic zod gets its own copy of zod's core modules in the build. The SPA validates with zod/mini; only the creation
 * forms' validator imports classic zod (z.fromJSONSchema), in its lazy chunk. Both are built on zod's core, and a module
 * lives in one chunk: without a copy, the core modules the first page needs would carry into the entry everything
 * classic zod uses of them (~12 KB gzip on every page; the copy adds ~18 KB to the validator's chunk instead). So
 * `zod`, and every zod module it imports, resolve to ids ending in `?classic-zod`. zod keeps its registry and configuration on globalThis,
 * so both copies share them. Build only: the dev server and Vitest load one zod.
 */
function classicZodApart(): Plugin {
  const COPY = '?classic-zod'
  return {
    name: 'classic-zod-apart',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || (source !== 'zod' && !importer.endsWith(COPY))) return null
      const resolved = await this.resolve(source, importer.replace(COPY, ''), { ...options, skipSelf: true })
      if (!resolved || resolved.external || !resolved.id.includes('/node_modules/zod/')) return resolved
      return { ...resolved, id: `${resolved.id}${COPY}` }
    },
  }
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text file the build writes, next to it (`x.js.br`,
 * `x.js.gz`), for the gateway to send by Accept-Encoding (server/gateway/spa.ts, docs/decisions/0024-delivery.md).
 * Made once at build time at maximum quality, which a server compressing per request could not afford.
 */
function precompressed(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/
  let outDir = 'dist'
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? walk(path) : [path]
        })
      for (const path of walk(outDir).filter((file) => TEXT.test(file))) {
        const content = readFileSync(path)
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}

/** The module of the header's signed-in part: its own chunk (codeSplitting below), preloaded by every signed-in page. */
const SIGNED_IN_HEADER = '/src/app/shell/signed-in-header.tsx'

/**
 * What a page opened cold loads lazily but shows at once, preloaded by the HTML with the page's own chunks: the creation
 * form's code, which `/requests/new` imports for `?item=` or `?action=` as its route starts (the chooser, without them,
 * fetches it for nothing: 0024).
 */
const PRELOADED_WITH_PAGE: Readonly<Record<string, readonly string[]>> = {
  'new-request': ['/src/features/create-request/components/create-request-page.tsx'],
}

/**
 * index.html starts a signed-in page before the entry arrives (src/lib/early-start.ts): an inline script, given each
 * page's chunks, styles and messages in this build (the pages of src/app/route-table.ts, with the header's signed-in
 * part), preloads those of the page opened, and for the requests list asks for its first page and the catalog. The
 * gateway allows the script by its hash (server/gateway/spa.ts).
 */
function earlyPageStart(): Plugin {
  return {
    name: 'early-page-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
        const byModule = (suffix: string) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(suffix))
        // What the HTML loads already (the entry and what it imports) is not listed again.
        const inHtml = (fileName: string) => html.includes(`/${fileName}"`)
        // The chunk of the header's signed-in part (its group in codeSplitting below).
        const signedInHeader = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(SIGNED_IN_HEADER)))
        if (!signedInHeader) throw new Error(`early-page-start: the chunk of ${SIGNED_IN_HEADER} is missing from the build.`)
        const page = ({ path, module, features }: (typeof SIGNED_IN_PAGES)[number]): EarlyPage => {
          const route = byModule(`/src/app/routes/${module}.tsx`)
          if (!route) throw new Error(`early-page-start: the chunk of src/app/routes/${module}.tsx is missing from the build.`)
          // The route's chunk and the chunks it imports.
          const scripts = new Set<string>()
          const styles = new Set<string>()
          const visit = (fileName: string) => {
            const chunk = bundle[fileName]
            if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || inHtml(fileName) || scripts.has(fileName)) return
            scripts.add(fileName)
            for (const css of chunk.viteMetadata?.importedCss ?? []) if (!inHtml(css)) styles.add(css)
            chunk.imports.forEach(visit)
          }
          visit(route.fileName)
          for (const lazy of PRELOADED_WITH_PAGE[module] ?? []) {
            const chunk = byModule(lazy)
            if (!chunk) throw new Error(`early-page-start: the chunk of ${lazy} is missing from the build.`)
            visit(chunk.fileName)
          }
          // Every signed-in page's header needs its signed-in part (src/app/shell/signed-in-part.ts).
          visit(signedInHeader.fileName)
          const messages = (language: string) =>
            features.map((feature) => {
              const [name, part] = feature.split('/')
              const file = `/src/features/${name}/locales/${part ? `${part}/` : ''}${language}.json`
              const chunk = byModule(file)
              if (!chunk) throw new Error(`early-page-start: the messages ${file} are missing from the build.`)
              return `/${chunk.fileName}`
            })
          return {
            path,
            scripts: [...scripts].map((file) => `/${file}`),
            styles: [...styles].map((file) => `/${file}`),
            messages: Object.fromEntries(EARLY_START_KEYS.languages.map((language) => [language, messages(language)])),
          }
        }
        const config: EarlyStartConfig = {
          ...EARLY_START_KEYS,
          languages: [...EARLY_START_KEYS.languages],
          pages: SIGNED_IN_PAGES.map(page),
          themeKey: THEME_KEY,
          firstViewAnswersId: FIRST_VIEW_KEYS.answersId,
        }
        const script = `((config) => {\n(${earlyStart.toString()})(config);\n(${holdSendsBeforeCode.toString()})(config)\n})(${JSON.stringify(config)})`
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }]
      },
    },
  }
}

/**
 * A page's first view (the list, the dashboard), rendered by the gateway (`vite build --ssr`, src/entry-server.tsx): the same modules for Node,
 * into dist-server/, which the gateway loads and never serves (docs/decisions/0026-first-view.md).
 */
const firstViewBuild = defineConfig({
  plugins: [react()],
  resolve: { alias },
  build: { outDir: 'dist-server', emptyOutDir: true, sourcemap: false, target: 'node20', ssr: 'src/entry-server.tsx', copyPublicDir: false },
})

/** The SPA's build (and the dev server's and Vitest's configuration). */
export const pageBuild = defineConfig({
  plugins: [
    // React Aria's own strings (a date field's "day", a list's "no results") only in the languages the SPA speaks: each
    // other locale's import resolves to an empty module (about 30 locales, most of the form's React Aria weight).
    optimizeLocales.vite({ locales: EARLY_START_KEYS.languages }),
    react(),
    classicZodApart(),
    precompressed(),
    earlyPageStart(),
  ],
  resolve: { alias },
  server: {
    // `npm run dev`: Vite serves the SPA with hot reload, the server (port 8080) answers the API.
    // /auth/callback is a page of the SPA; the other /auth addresses are the gateway's token handler.
    proxy: Object.fromEntries(
      // changeOrigin off: the gateway must see the browser's origin (localhost:5173) for its CSRF and redirect checks.
      // '/api/' with its slash: /api alone is the SPA's API page.
      ['/api/', '/sandbox', '/auth/authorize', '/auth/token', '/auth/logout', '/auth/config'].map((path) => [
        path,
        { target: 'http://127.0.0.1:8080', changeOrigin: false },
      ]),
    ),
  },
  build: {
    sourcemap: false,
    target: 'es2022',
    // Which styles each module's chunk brings: the gateway links the first view's in its HTML (0026); never served.
    manifest: true,
    // Everything the first page needs in one chunk. Without this group Rolldown moves the modules that lazily
    // loaded pages share with the first page (zod, TanStack Query) into common chunks the first page
    // must load as well: more files and more gzip bytes for the sign-in page (docs/decisions/0013).
    // The header's signed-in part (navigation, saved views, account) and what it needs beyond the entry, in one chunk
    // that every signed-in page loads and the sign-in page does not (src/app/shell/signed-in-part.ts, 0024); without
    // the group, what it shares with the pages (the /me query, useMutation, saved views) falls into small chunks.
    // The data layer the signed-in pages share (the contract's schemas, src/lib: queries, search, formatting) in one
    // chunk rather than a dozen small ones: each file costs a request and compresses alone (the list loaded 12).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            { name: 'signed-in-header', test: (id: string) => id.endsWith(SIGNED_IN_HEADER), priority: 1 },
            { name: 'shared-data', test: /\/(src\/lib|contract)\//, minShareCount: 2 },
          ],
        },
      },
    },
  },
})

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? firstViewBuild : pageBuild))
