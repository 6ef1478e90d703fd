/** Business constants and limits from §9 of both spec documents. */
export const SEARCH_DEBOUNCE_MS = 500;
export const FORCED_RELOAD_DELAY_MS = 1000;
export const USER_STATUS_HEARTBEAT_MS = 300_000;
export const SOCKET_PING_MS = 18_000;
export const EXPIRY_WARNING_DAYS = 5;
export const LIST_NEXT_PAGE_PX = 100;
export const TOAST_ERROR_MS = 2000;
export const TOAST_MS = 3000;
export const CONNECTION_TOKEN_LENGTH = 30;
export const PLATFORM_COMPANY_ID = 1;
export const PLATFORM_DUE_DATE = '2999-12-31';
export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';
export const PAGE_SIZE = 20;
export const LANGUAGES = ['pt-BR', 'en', 'es', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
