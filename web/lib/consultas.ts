import { QueryClient } from '@tanstack/react-query';
import { ErroApi } from './api-client.ts';

/** One QueryClient for the app: failures that are the server's answer are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (tentativas, erro) =>
        tentativas < 2 && erro instanceof ErroApi && erro.codigoErro === 'SemComunicacao',
    },
    mutations: { retry: false },
  },
});
