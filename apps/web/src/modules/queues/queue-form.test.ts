import { type ChatbotOption, defaultServiceHours, QUEUE_COLORS, type Queue } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { blankOption, freeColor, queueForm, queueFormDefaults } from './queue-form';

const stored = (id: number, name: string, options: ChatbotOption[] = []): ChatbotOption => ({
  ...blankOption(),
  id,
  name,
  queueId: 9,
  parentId: null,
  options,
});

const queue: Queue = {
  id: 9,
  companyId: 1,
  name: 'Vendas',
  color: QUEUE_COLORS[3],
  greetingMessage: 'Oi',
  outOfHoursMessage: '',
  orderQueue: 2,
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: null,
  fileListId: null,
  promptId: null,
  closeTicket: false,
  schedules: [],
  chatbots: [{ ...stored(1, 'Planos', [stored(2, 'Básico')]), greetingMessage: 'Qual?' }],
};

describe('the queue form', () => {
  test('a new queue starts on the first colour no other queue uses', () => {
    expect(freeColor([QUEUE_COLORS[0], QUEUE_COLORS[1]])).toBe(QUEUE_COLORS[2]);
    expect(queueFormDefaults(null, [QUEUE_COLORS[0]]).color).toBe(QUEUE_COLORS[1]);
  });

  test('an existing tree keeps its ids and drops what the server adds', () => {
    const [planos] = queueFormDefaults(queue, []).chatbots ?? [];

    expect(planos).toEqual({
      ...blankOption(),
      id: 1,
      name: 'Planos',
      greetingMessage: 'Qual?',
      options: [{ ...blankOption(), id: 2, name: 'Básico' }],
    });
  });

  test('a queue stored without a full week gets the default hours', () => {
    expect(queueFormDefaults(queue, []).schedules).toEqual(defaultServiceHours());
  });

  test('the order typed in its field is read as a number', () => {
    const parsed = queueForm.parse({ ...queueFormDefaults(queue, []), orderQueue: '7' });

    expect(parsed.orderQueue).toBe(7);
  });
});
