import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium (no browser download ever), against the real server on a fresh
 * SQLite database with the demo data. One worker: the tests share that server and its data.
 */
const PORTA = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'e2e',
  // One results folder per port, so parallel local runs don't trample each other's traces.
  outputDir: `e2e/artifacts/resultados-${PORTA}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORTA}`,
    locale: 'pt-BR',
    timezoneId: 'America/Recife',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // page.route does not see requests a service worker answers; e2e/offline.spec.ts allows it for itself.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node e2e/servidor.ts',
    url: `http://localhost:${PORTA}/api/config`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORTA),
      ...(process.env.E2E_WEB_DIR ? { E2E_WEB_DIR: process.env.E2E_WEB_DIR } : {}),
    },
  },
});
