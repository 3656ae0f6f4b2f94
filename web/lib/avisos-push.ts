import { apiPush } from '#common/api/push.ts';
import { chamar } from './api-client.ts';
import { ehQuiosque } from './token.ts';

/**
 * "Avisos no celular" in the browser (docs/decisions/0162): the installable app's service worker (/sw.js,
 * which imports /sw-push.js) receives the notifications; PushManager subscribes with the server's VAPID
 * key and the subscription is posted to the server. Never at the kiosk.
 */

export type EstadoAvisos = 'ativado' | 'desativado' | 'bloqueado';

/** Whether this browser can receive Web Push at all (and this is not the totem). */
export function avisosSuportados(): boolean {
  return (
    !ehQuiosque() &&
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function assinaturaAtual(): Promise<PushSubscription | null> {
  const registro = await navigator.serviceWorker.getRegistration('/');
  return (await registro?.pushManager.getSubscription()) ?? null;
}

export async function lerEstadoAvisos(): Promise<EstadoAvisos> {
  if (Notification.permission === 'denied') return 'bloqueado';
  if (Notification.permission !== 'granted') return 'desativado';
  return (await assinaturaAtual()) ? 'ativado' : 'desativado';
}

/** The applicationServerKey PushManager wants: the base64url key as bytes. */
function bytesDaChave(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const texto = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(texto.length));
  for (let i = 0; i < texto.length; i++) bytes[i] = texto.charCodeAt(i);
  return bytes;
}

/** The service worker, installed and active (the app registers it after login; here too, if it has not yet). */
async function registroAtivo(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  // `ready` never settles when the worker cannot install: the card must not spin forever.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, recusar) => setTimeout(() => recusar(new Error('sem service worker')), 20_000)),
  ]);
}

/**
 * Asks the browser's permission, subscribes and tells the server. Throws an Error with a Portuguese message
 * the card shows when this device cannot receive notifications.
 */
export async function ativarAvisos(): Promise<EstadoAvisos> {
  const permissao = await Notification.requestPermission();
  if (permissao === 'denied') return 'bloqueado';
  if (permissao !== 'granted') return 'desativado';
  const { chavePublica } = await chamar(apiPush.chave);
  let assinatura: PushSubscription;
  try {
    const registro = await registroAtivo();
    assinatura =
      (await registro.pushManager.getSubscription()) ??
      (await registro.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytesDaChave(chavePublica),
      }));
  } catch {
    throw new Error(
      'Não foi possível ativar os avisos neste aparelho: o navegador não conseguiu falar com o serviço de avisos. Tente de novo mais tarde.',
    );
  }
  await postarAssinatura(assinatura);
  return 'ativado';
}

async function postarAssinatura(assinatura: PushSubscription): Promise<void> {
  const json = assinatura.toJSON();
  await chamar(apiPush.assinar, {
    corpo: {
      endpoint: json.endpoint ?? assinatura.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

export async function desativarAvisos(): Promise<EstadoAvisos> {
  const assinatura = await assinaturaAtual();
  if (assinatura) {
    await chamar(apiPush.cancelar, { corpo: { endpoint: assinatura.endpoint } });
    await assinatura.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'bloqueado' : 'desativado';
}

/**
 * After a login: a phone whose notices are on keeps them for whoever logged in on it now. The server takes
 * the subscription over for this worker and session (one row per endpoint), so a phone shared after an
 * expired session never keeps getting the previous worker's results. Never throws.
 */
export async function sincronizarAvisos(): Promise<void> {
  if (!avisosSuportados() || Notification.permission !== 'granted') return;
  try {
    const assinatura = await assinaturaAtual();
    if (assinatura) await postarAssinatura(assinatura);
  } catch {
    // The card shows the state when the worker opens it.
  }
}

/** Logout: this phone stops getting the worker's notices (the server drops the session's subscription too). */
export async function esquecerAvisosNoAparelho(): Promise<void> {
  if (!avisosSuportados()) return;
  try {
    await (await assinaturaAtual())?.unsubscribe();
  } catch {
    // Nothing to undo: the server removed the subscription with the session.
  }
}
