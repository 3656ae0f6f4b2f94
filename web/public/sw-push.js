/*
 * "Avisos no celular" (docs/decisions/0162): imported by the installable app's service worker (/sw.js,
 * Workbox importScripts in vite.config.ts). The server posts {titulo, corpo, url, tag}, encrypted to this
 * browser (common/api/push.ts mensagemPushSchema); a click opens the page it names in the portal.
 */
self.addEventListener('push', (evento) => {
  let mensagem = {};
  try {
    mensagem = evento.data ? evento.data.json() : {};
  } catch {
    mensagem = {};
  }
  const titulo = typeof mensagem.titulo === 'string' ? mensagem.titulo : 'Portal do TPA';
  evento.waitUntil(
    self.registration.showNotification(titulo, {
      body: typeof mensagem.corpo === 'string' ? mensagem.corpo : 'Há uma novidade no portal.',
      icon: '/icones/icone-192.png',
      badge: '/icones/icone-192.png',
      lang: 'pt-BR',
      tag: typeof mensagem.tag === 'string' ? mensagem.tag : undefined,
      renotify: typeof mensagem.tag === 'string',
      data: {
        url: typeof mensagem.url === 'string' && mensagem.url.startsWith('/') ? mensagem.url : '/inicio',
      },
    }),
  );
});

self.addEventListener('notificationclick', (evento) => {
  evento.notification.close();
  const destino = new URL(evento.notification.data?.url ?? '/inicio', self.location.origin).href;
  evento.waitUntil(
    (async () => {
      const janelas = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open portal window goes to the page; otherwise a new one opens there.
      for (const janela of janelas) {
        if (new URL(janela.url).origin !== self.location.origin) continue;
        try {
          // Focus first, while the click still allows it; only a window this worker controls can be
          // navigated, and any failure opens a new one instead.
          await janela.focus();
          await janela.navigate(destino);
          return;
        } catch {
          break;
        }
      }
      await self.clients.openWindow(destino);
    })(),
  );
});
