import { rmSync } from 'node:fs';
import path from 'node:path';

/** The server of the browser tests: a fresh SQLite database with the demo, on E2E_PORT. */
const dir = path.resolve(import.meta.dirname, 'artifacts', 'banco');
rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;
process.env.DEMO = '1';
process.env.AMBIENTE_TESTES = '1';
process.env.DATABASE_URL = '';
await import('../server/main.ts');
