import { rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The server of the browser tests: a fresh SQLite database with the demo, on PORT (E2E_PORT).
 * E2E_WEB_DIR lets parallel local runs each serve their own build.
 */
const porta = process.env.PORT ?? '8181';
const dir = path.resolve(import.meta.dirname, 'artifacts', `banco-${porta}`);
rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;
process.env.DEMO = '1';
process.env.AMBIENTE_TESTES = '1';
process.env.DATABASE_URL = '';
if (process.env.E2E_WEB_DIR) process.env.WEB_DIR = path.resolve(process.env.E2E_WEB_DIR);
await import('../server/main.ts');
