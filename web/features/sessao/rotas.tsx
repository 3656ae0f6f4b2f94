import type { RouteObject } from 'react-router';

/** /login and /totem (escalacao.md §2). */
export const rotasSessao: RouteObject[] = [];
