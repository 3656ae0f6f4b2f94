import type { RouteObject } from 'react-router';

/** Routes of this feature, mounted under the login guard in web/router.tsx. */
export const rotasEleicao: RouteObject[] = [];
