import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The web app lives in web/; the build lands in dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  define: { __VERSAO_CLIENTE__: JSON.stringify(version) },
  publicDir: 'public',
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
