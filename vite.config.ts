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
    proxy: { '/api': 'http://127.0.0.1:8080', '/sandbox': 'http://127.0.0.1:8080' },
  },
  build: { sourcemap: false, target: 'es2022' },
})
