/** Business constants and limits from §9 of both spec documents. */
export const SEARCH_DEBOUNCE_MS = 500;
export const FORCED_RELOAD_DELAY_MS = 1000;
/** 001 §8: a page the plan or profile refuses says so, then goes home after this long. */
export const REFUSED_PAGE_REDIRECT_MS = 1000;
export const USER_STATUS_HEARTBEAT_MS = 300_000;
export const SOCKET_PING_MS = 18_000;
export const EXPIRY_WARNING_DAYS = 5;
/** Days past its due date a company still works while it pays (docs/decisions.md, billing). */
export const SUBSCRIPTION_GRACE_DAYS = 3;
/** 001 §9: after a payment, the wizard shows the new due date this long, then goes to /tickets. */
export const PAYMENT_REDIRECT_MS = 5000;
export const LIST_NEXT_PAGE_PX = 100;
/** The internal chat loads older messages when scrolled within this distance of the top (000 §9). */
export const CHAT_OLDER_MESSAGES_PX = 600;
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
/** The fixed palette a queue's colour is chosen from (spec 001 §9); one queue per colour in a company. */
export const QUEUE_COLORS = [
  '#b71c1c',
  '#d32f2f',
  '#f44336',
  '#e57373',
  '#880e4f',
  '#c2185b',
  '#e91e63',
  '#f06292',
  '#4a148c',
  '#7b1fa2',
  '#9c27b0',
  '#ba68c8',
  '#311b92',
  '#512da8',
  '#673ab7',
  '#9575cd',
  '#1a237e',
  '#303f9f',
  '#3f51b5',
  '#7986cb',
  '#0d47a1',
  '#1976d2',
  '#2196f3',
  '#64b5f6',
  '#01579b',
  '#0288d1',
  '#03a9f4',
  '#006064',
  '#0097a7',
  '#00bcd4',
  '#004d40',
  '#00796b',
  '#009688',
  '#4db6ac',
  '#1b5e20',
  '#388e3c',
  '#4caf50',
  '#81c784',
  '#33691e',
  '#689f38',
  '#8bc34a',
  '#827717',
  '#afb42b',
  '#f57f17',
  '#fbc02d',
  '#ff6f00',
  '#ffa000',
  '#e65100',
  '#f57c00',
  '#795548',
] as const;
/** Ratings are asked and stored on this scale (spec 000 §9: NPS scale 0 to 10). */
export const NPS_SCALE_MAX = 10;
/**
 * What a customer is asked when the connection's rating message is empty (a company's own text goes as
 * written). Portuguese, like every fixed text the bot writes to customers.
 */
export const DEFAULT_RATING_PROMPT =
  'Responda com uma nota de 0 a 10, em que 0 é "nada provável" e 10 é "muito provável".';
