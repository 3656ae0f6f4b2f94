import { Outlet, ScrollRestoration } from 'react-router';

/** The frame of every page: top bar, content, footer. */
export function Layout() {
  return (
    <div className="app">
      <main className="conteudo">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
