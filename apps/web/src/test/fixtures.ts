import type { Message, SessionUser, Ticket, User } from '@balcao/shared';

/** Test users with the contract's shape; override what a test is about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    companyId: 1,
    name: 'Ana',
    email: 'ana@example.com',
    profile: 'user',
    super: false,
    startWork: '00:00',
    endWork: '23:59',
    farewellMessage: '',
    allTicket: 'disable',
    allowGroup: false,
    defaultTheme: 'light',
    defaultMenu: 'open',
    wpp: '',
    whatsappId: null,
    queues: [],
    profileImage: null,
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    online: false,
    language: 'pt-BR',
    color: '#888888',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildSessionUser(
  overrides: Partial<User> = {},
  company: Partial<SessionUser['company']> = {},
): SessionUser {
  return {
    ...buildUser(overrides),
    company: {
      id: 1,
      name: 'Loja',
      dueDate: '2999-12-31',
      timezone: 'America/Sao_Paulo',
      companieSettings: [],
      plan: {
        id: 1,
        name: 'Plano',
        users: 10,
        connections: 3,
        queues: 10,
        amount: 9900,
        isPublic: true,
        useWhatsapp: true,
        useFacebook: true,
        useInstagram: true,
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
      },
      ...company,
    },
  };
}

export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    status: 'pending',
    channel: 'webchat',
    contactId: 1,
    contact: { id: 1, name: 'Carla', number: null, email: '', profilePicUrl: null },
    lastMessage: 'Oi',
    lastMessageAt: '2026-01-01T12:00:00.000Z',
    updatedAt: '2026-01-01T12:00:00.000Z',
    unreadMessages: 0,
    queueId: null,
    queue: null,
    userId: null,
    user: null,
    whatsappId: 1,
    whatsapp: { id: 1, name: 'Site', channel: 'webchat' },
    tags: [],
    isGroup: false,
    isBot: false,
    useIntegration: false,
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    ticketId: 1,
    body: 'Oi',
    fromMe: false,
    ack: 0,
    failedReason: null,
    kind: 'chat',
    mediaUrl: null,
    mediaType: null,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    quotedMsg: null,
    userId: null,
    createdAt: '2026-01-01T12:00:00.000Z',
    updatedAt: '2026-01-01T12:00:00.000Z',
    ...overrides,
  };
}
