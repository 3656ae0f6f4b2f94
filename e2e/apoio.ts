import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The specs' `test` and `expect`, from one place. */
export { expect, test } from '@playwright/test';

export const TELAS = {
  celular: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

const DIR_CAPTURAS = path.resolve(import.meta.dirname, 'artifacts', 'capturas');

/** Saves a full-page screenshot as a test artifact (e2e/artifacts/capturas/<nome>.png). */
export async function capturar(page: Page, nome: string): Promise<void> {
  mkdirSync(DIR_CAPTURAS, { recursive: true });
  await page.screenshot({ path: path.join(DIR_CAPTURAS, `${nome}.png`), fullPage: true });
}

/** Closes every queued service message, if any shows (a message reappears only until closed once). */
export async function fecharMensagens(page: Page): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const fechar = page.getByRole('dialog').getByRole('button', { name: 'Fechar' });
    try {
      await fechar.waitFor({ state: 'visible', timeout: 1500 });
    } catch {
      return;
    }
    await fechar.click();
  }
}

/** Logs in through the login form and waits for the page the app lands on. */
export async function entrar(page: Page, codAvulso: string, senha = '123456'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuário').fill(codAvulso);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await fecharMensagens(page);
}
