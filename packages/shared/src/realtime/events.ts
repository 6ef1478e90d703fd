/** Socket event names, exactly as spec 000 §7 names them. */
export const events = {
  user: (companyId: number) => `company-${companyId}-user`,
  auth: (companyId: number) => `company-${companyId}-auth`,
  settings: (companyId: number) => `company-${companyId}-settings`,
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  contactImport: (companyId: number) => `company-${companyId}-contactImport`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  presence: (companyId: number) => `company-${companyId}-presence`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  chatUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`,
  chatRoom: (companyId: number, chatId: number | string) => `company-${companyId}-chat-${chatId}`,
  announcement: (companyId: number) => `company-${companyId}-announcement`,
  importMessages: (companyId: number) => `importMessages-${companyId}`,
  tag: (companyId: number) => `company-${companyId}-tag`,
  quickMessage: (companyId: number) => `company-${companyId}-quickmessage`,
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration`,
  files: (companyId: number) => `company-${companyId}-files`,
  prompt: (companyId: number) => `company-${companyId}-prompt`,
  schedule: (companyId: number) => `company-${companyId}-schedule`,
  campaign: (companyId: number) => `company-${companyId}-campaign`,
  contactList: (companyId: number) => `company-${companyId}-contactList`,
  contactListItem: (companyId: number) => `company-${companyId}-contactListItem`,
  contactListImport: (companyId: number) => `company-${companyId}-contactListImport`,
  /** Action CONCLUIDA when a Pix payment renewed the company (spec 001 §7, the payment room). */
  payment: (companyId: number) => `company-${companyId}-payment`,
  /** Ours: the company's due date, status or plan changed (`companyEvent`). */
  company: (companyId: number) => `company-${companyId}-company`,
  /** Ours: a Ticketz import's progress and end (`ticketzImportSchema`), to every super user. */
  ticketzImport: (companyId: number) => `company-${companyId}-ticketzImport`,
  /** Ours: a help video was created, changed or deleted; the same for every company's users. */
  help: () => 'help',
} as const;

/** What the client may emit. The server decides the rest of a socket's rooms from who it is. */
export const clientEvents = {
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  userStatus: 'userStatus',
  /** `{ ticketId, state }`: the attendant is typing or recording in that chat (state null: stopped). */
  typing: 'typing',
} as const;

/** Sent to every app socket as it connects: `{ build }`, the server's web build (null when it has none). */
export const APP_VERSION_EVENT = 'appVersion';
