import {
  type ChatbotOption,
  type ChatbotOptionInput,
  createQueueBody,
  defaultServiceHours,
  QUEUE_COLORS,
  type Queue,
  WEEKDAYS,
} from '@balcao/shared';
import { z } from 'zod';

/** What the modal edits. */
export const queueForm = createQueueBody
  .pick({
    name: true,
    color: true,
    greetingMessage: true,
    outOfHoursMessage: true,
    ativarRoteador: true,
    tempoRoteador: true,
    closeTicket: true,
    integrationId: true,
    fileListId: true,
    promptId: true,
    schedules: true,
    chatbots: true,
  })
  // A number input hands over text.
  .extend({ orderQueue: z.coerce.number<string | number>().int().min(0).max(10_000) });

export type QueueFormInput = z.input<typeof queueForm>;
export type QueueFormOutput = z.output<typeof queueForm>;
export const queueFormFieldNames = Object.keys(queueForm.shape) as (keyof QueueFormInput)[];

const toOptionInput = ({
  queueId: _q,
  parentId: _p,
  options,
  ...option
}: ChatbotOption): ChatbotOptionInput => ({
  ...option,
  options: options.map(toOptionInput),
});

export const blankOption = (): ChatbotOptionInput => ({
  name: '',
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  options: [],
});

/** The first palette colour no other queue uses, so a new queue starts valid. */
export function freeColor(taken: readonly string[]): string {
  return QUEUE_COLORS.find((color) => !taken.includes(color)) ?? QUEUE_COLORS[0];
}

export function queueFormDefaults(queue: Queue | null, takenColors: readonly string[]): QueueFormInput {
  const hasWeek =
    queue?.schedules.length === WEEKDAYS.length &&
    queue.schedules.every((day, index) => day.weekdayEn === WEEKDAYS[index]);
  return {
    name: queue?.name ?? '',
    color: (queue?.color ?? freeColor(takenColors)) as QueueFormInput['color'],
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    orderQueue: queue?.orderQueue ?? 0,
    ativarRoteador: queue?.ativarRoteador ?? false,
    tempoRoteador: (queue?.tempoRoteador ?? 0) as QueueFormInput['tempoRoteador'],
    closeTicket: queue?.closeTicket ?? false,
    integrationId: queue?.integrationId ?? null,
    fileListId: queue?.fileListId ?? null,
    promptId: queue?.promptId ?? null,
    schedules: hasWeek ? (queue.schedules as QueueFormInput['schedules']) : defaultServiceHours(),
    chatbots: queue?.chatbots.map(toOptionInput) ?? [],
  };
}
