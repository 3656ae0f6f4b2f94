import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the web app when it is missing or older than its sources, then starts the server
 * (which migrates, seeds the demo on an empty database and listens on PORT, 8080 by default).
 */
const raiz = path.resolve(import.meta.dirname, '..');
const indice = path.join(raiz, 'dist', 'web', 'index.html');

function maisNovo(dir: string): number {
  let max = 0;
  for (const entrada of readdirSync(dir, { withFileTypes: true })) {
    const caminho = path.join(dir, entrada.name);
    max = Math.max(max, entrada.isDirectory() ? maisNovo(caminho) : statSync(caminho).mtimeMs);
  }
  return max;
}

const fontes = Math.max(maisNovo(path.join(raiz, 'web')), maisNovo(path.join(raiz, 'common')));
if (!existsSync(indice) || statSync(indice).mtimeMs < fontes) {
  console.log('Compilando o aplicativo web...');
  const r = spawnSync(
    process.execPath,
    [path.join(raiz, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: raiz,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import('../server/main.ts');
