/// <reference types="vite/client" />
declare const __VERSAO_CLIENTE__: string;
