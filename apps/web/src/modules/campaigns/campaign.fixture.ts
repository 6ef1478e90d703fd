import type { Campaign } from '@balcao/shared';

const at = '2031-03-04T12:00:00.000Z';

/** A campaign as the server answers it, for the module's tests. */
export function buildCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    name: 'Páscoa',
    status: 'INATIVA',
    confirmation: false,
    contactListId: 3,
    contactList: { id: 3, name: 'Clientes' },
    tagListId: null,
    connectionIds: [1, 2],
    whatsappId: '1,2',
    connections: [
      { id: 1, name: 'Loja' },
      { id: 2, name: 'Site' },
    ],
    scheduledAt: null,
    completedAt: null,
    mediaPath: null,
    mediaName: null,
    template: null,
    message1: 'Olá {nome}',
    message2: '',
    message3: '',
    message4: '',
    message5: '',
    confirmationMessage1: '',
    confirmationMessage2: '',
    confirmationMessage3: '',
    confirmationMessage4: '',
    confirmationMessage5: '',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
