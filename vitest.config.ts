import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  // The web app's build constant, for the tests that render its pages (server/plataforma/web/inicio-no-html.test.ts).
  define: { __VERSAO_CLIENTE__: JSON.stringify(version) },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'common/**/*.test.ts',
            'web/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'bench/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
