import type { RequestActor } from '../src/platform/auth/actor.js';

/** An attendant (user 7 of company 1) with every flag off, for pure rules of who may see what. */
export function buildActor(overrides: Partial<RequestActor> = {}): RequestActor {
  return {
    userId: 7,
    companyId: 1,
    name: 'Ana',
    twoFactorEnabled: false,
    profile: 'user',
    super: false,
    showDashboard: 'disabled',
    allowRealTime: 'disabled',
    allowConnections: 'disabled',
    allTicket: 'disable',
    allowGroup: false,
    company: {
      dueDate: '2999-01-01',
      timezone: 'America/Sao_Paulo',
      status: true,
      plan: {} as RequestActor['company']['plan'],
    },
    ...overrides,
  };
}
