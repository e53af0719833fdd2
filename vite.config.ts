import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
}

export default defineConfig({
  plugins: [react()],
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
    // Everything the first page needs in one chunk. Without this group Rolldown moves the modules that lazily
    // loaded pages share with the first page (zod, TanStack Query) into common chunks the first page
    // must load as well: more files and more gzip bytes for the sign-in page (docs/decisions/0013).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
})
