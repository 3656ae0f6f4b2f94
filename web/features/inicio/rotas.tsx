import type { RouteObject } from 'react-router';

/** /funcoes is public; /inicio and /fale-com-o-ogmo are login-guarded. */
export const rotasPublicasInicio: RouteObject[] = [];
export const rotasInicio: RouteObject[] = [];
