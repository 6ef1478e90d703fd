import { z } from 'zod';
import { msg, requiredText, timeOfDay } from '../validation.js';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
const chatbotQueueTypes = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type ChatbotQueueType = (typeof chatbotQueueTypes)[number];
/** Options nest to any depth a menu needs; the bound only stops a body that would recurse without end. */
const CHATBOT_MAX_DEPTH = 10;
const CHATBOT_MAX_SIBLINGS = 50;

const text = (max: number) =>
  z
    .string()
    .max(max, msg.tooLong)
    .refine((value) => !value.includes('\0'), msg.invalidValue);
const refId = z.number().int().positive().max(2_147_483_647).nullable();
const emptyOrTime = z.union([z.literal(''), timeOfDay()]);

/** One weekday of service hours: two shifts in HH:MM, a shift left blank (both ends) is no shift. */
const serviceHoursDaySchema = z
  .object({
    weekdayEn: z.enum(WEEKDAYS),
    startTimeA: emptyOrTime,
    endTimeA: emptyOrTime,
    startTimeB: emptyOrTime,
    endTimeB: emptyOrTime,
  })
  .superRefine((day, ctx) => {
    // Zod runs this even when a time failed its own check; that check already said what is wrong.
    const times = [day.startTimeA, day.endTimeA, day.startTimeB, day.endTimeB];
    if (!times.every((time) => emptyOrTime.safeParse(time).success)) return;
    // HH:MM strings compare as times. A shift never crosses midnight: see docs/decisions.md.
    const shift = (start: 'startTimeA' | 'startTimeB', end: 'endTimeA' | 'endTimeB') => {
      if (!day[start] && !day[end]) return false;
      if (!day[start]) ctx.addIssue({ code: 'custom', path: [start], message: msg.required });
      else if (!day[end]) ctx.addIssue({ code: 'custom', path: [end], message: msg.required });
      else if (day[end] <= day[start])
        ctx.addIssue({ code: 'custom', path: [end], message: msg.endBeforeStart });
      else return true;
      return false;
    };
    const hasA = shift('startTimeA', 'endTimeA');
    const hasB = shift('startTimeB', 'endTimeB');
    if (hasA && hasB && day.startTimeB < day.endTimeA) {
      ctx.addIssue({ code: 'custom', path: ['startTimeB'], message: msg.shiftsOverlap });
    }
  });
export type ServiceHours = z.infer<typeof serviceHoursDaySchema>;

const inWeekOrder = (days: ServiceHours[]) => days.every((day, index) => day.weekdayEn === WEEKDAYS[index]);

const serviceHoursSchema = z
  .array(serviceHoursDaySchema)
  .length(WEEKDAYS.length)
  .refine(inWeekOrder, msg.invalidValue);

/** A connection's hours: the whole week, or none at all (`[]`, what GET answers for a connection without hours). */
export const optionalServiceHoursSchema = z
  .array(serviceHoursDaySchema)
  .refine(
    (days) => days.length === 0 || (days.length === WEEKDAYS.length && inWeekOrder(days)),
    msg.invalidValue,
  );

/** Hours as answered: what was stored, read without the rules a save must pass. */
export const storedServiceHoursSchema = z.array(
  z.object({
    weekdayEn: z.string(),
    startTimeA: z.string(),
    endTimeA: z.string(),
    startTimeB: z.string(),
    endTimeB: z.string(),
  }),
);

/** Spec 001 §9: 08:00-12:00 and 13:00-18:00 every day. */
export const defaultServiceHours = (): ServiceHours[] =>
  WEEKDAYS.map((weekdayEn) => ({
    weekdayEn,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));

// Clients written against the spec leave out the targets an option's type does not use, and often its
// greeting and close flag: those default instead of failing the whole tree.
const chatbotOptionFields = z.object({
  name: requiredText(4, 50),
  greetingMessage: text(4000).default(''),
  queueType: z.enum(chatbotQueueTypes).default('text'),
  closeTicket: z.boolean().default(false),
  optQueueId: refId.default(null),
  optUserId: refId.default(null),
  optIntegrationId: refId.default(null),
  optFileId: refId.default(null),
});

/** What each kind of option must point at when chosen (spec 001 §3). */
const targetsOf: Record<ChatbotQueueType, (keyof z.infer<typeof chatbotOptionFields>)[]> = {
  text: [],
  queue: ['optQueueId'],
  attendent: ['optQueueId', 'optUserId'],
  integration: ['optIntegrationId'],
  file: ['optFileId'],
};

export interface ChatbotOptionInput extends z.infer<typeof chatbotOptionFields> {
  /** Present when the option already exists: kept (with its id) rather than replaced. */
  id?: number;
  options: ChatbotOptionInput[];
}

function checkOption(
  option: ChatbotOptionInput,
  ctx: z.RefinementCtx,
  path: (string | number)[],
  depth: number,
) {
  for (const key of targetsOf[option.queueType]) {
    if (option[key] === null) ctx.addIssue({ code: 'custom', path: [...path, key], message: msg.required });
  }
  // The bot cannot go on to a level it has no message to introduce (spec 001 §4).
  if (option.options.length > 0 && !option.greetingMessage.trim()) {
    ctx.addIssue({ code: 'custom', path: [...path, 'greetingMessage'], message: msg.required });
  }
  if (depth > CHATBOT_MAX_DEPTH)
    ctx.addIssue({ code: 'custom', path: [...path, 'options'], message: msg.tooLong });
  for (const [index, child] of option.options.entries()) {
    checkOption(child, ctx, [...path, 'options', index], depth + 1);
  }
}

const chatbotOptionShape: z.ZodType<ChatbotOptionInput> = chatbotOptionFields.extend({
  id: refId.unwrap().optional(),
  get options() {
    return z.array(chatbotOptionShape).max(CHATBOT_MAX_SIBLINGS, msg.tooLong).default([]);
  },
});

/** A whole option tree, checked once from its root so the depth is known. */
const chatbotOptionsSchema = z
  .array(chatbotOptionShape)
  .max(CHATBOT_MAX_SIBLINGS, msg.tooLong)
  .superRefine((options, ctx) => {
    for (const [index, option] of options.entries()) checkOption(option, ctx, [index], 1);
  });

export interface ChatbotOption extends z.infer<typeof chatbotOptionFields> {
  id: number;
  queueId: number;
  parentId: number | null;
  options: ChatbotOption[];
}

export const chatbotOptionSchema: z.ZodType<ChatbotOption> = chatbotOptionFields.extend({
  id: z.number(),
  queueId: z.number(),
  parentId: z.number().nullable(),
  get options() {
    return z.array(chatbotOptionSchema);
  },
});

const queueFields = {
  name: requiredText(2, 50),
  /** Spec 001 §8: required, 3 to 9 characters; the form offers the palette, other clients send any colour. */
  color: requiredText(3, 9).regex(/^#?[0-9a-zA-Z]+$/, msg.invalidValue),
  greetingMessage: text(4000),
  outOfHoursMessage: text(4000),
  orderQueue: z.number().int().min(0).max(10_000),
  ativarRoteador: z.boolean(),
  /** Minutes (spec 001 §9 rotation options); 0 when the router is off. */
  tempoRoteador: z.union([0, 2, 5, 10, 15, 30, 45, 60].map((n) => z.literal(n))),
  integrationId: refId,
  fileListId: refId,
  promptId: refId,
  closeTicket: z.boolean(),
  schedules: serviceHoursSchema,
  chatbots: chatbotOptionsSchema,
};

export const createQueueBody = z.object({
  ...queueFields,
  greetingMessage: queueFields.greetingMessage.default(''),
  outOfHoursMessage: queueFields.outOfHoursMessage.default(''),
  orderQueue: queueFields.orderQueue.default(0),
  ativarRoteador: queueFields.ativarRoteador.default(false),
  tempoRoteador: queueFields.tempoRoteador.default(0),
  integrationId: queueFields.integrationId.default(null),
  fileListId: queueFields.fileListId.default(null),
  promptId: queueFields.promptId.default(null),
  closeTicket: queueFields.closeTicket.default(false),
  schedules: queueFields.schedules.default(defaultServiceHours),
  chatbots: queueFields.chatbots.default([]),
});
export type CreateQueueBody = z.infer<typeof createQueueBody>;

/** Only what is sent changes; `chatbots`, when sent, is the whole tree (options left out are deleted). */
export const updateQueueBody = z.object(queueFields).partial();
export type UpdateQueueBody = z.infer<typeof updateQueueBody>;

export const queueSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number(),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number(),
  integrationId: z.number().nullable(),
  fileListId: z.number().nullable(),
  promptId: z.number().nullable(),
  closeTicket: z.boolean(),
  schedules: storedServiceHoursSchema,
  chatbots: z.array(chatbotOptionSchema),
});
export type Queue = z.infer<typeof queueSchema>;

/** One queue with what deleting it would touch: its open and waiting tickets move to no queue. */
export const queueDetailSchema = queueSchema.extend({ openTickets: z.number() });
export type QueueDetail = z.infer<typeof queueDetailSchema>;

/** Only the super user may name another company (spec 001 §7: GET /queue takes the company id). */
export const listQueuesQuery = z.object({ companyId: z.coerce.number().int().positive().optional() });
export const listQueuesResponse = z.array(queueSchema);

export const queueEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), queue: queueSchema }),
  z.object({ action: z.literal('delete'), queueId: z.number() }),
]);
export type QueueEvent = z.infer<typeof queueEvent>;

const optionsOf = () => z.array(chatbotOptionShape).max(CHATBOT_MAX_SIBLINGS, msg.tooLong).default([]);

/** PUT /chatbot/:id: the option and its whole subtree, as the tree editor holds it. */
export const updateChatbotBody = chatbotOptionFields
  .extend({ options: optionsOf() })
  .superRefine((option, ctx) => checkOption(option, ctx, [], 1));
export type UpdateChatbotBody = z.infer<typeof updateChatbotBody>;

/** POST /chatbot: a new option (with any sub-options) appended under a queue or under one of its options. */
export const createChatbotBody = chatbotOptionFields
  .extend({ queueId: refId.unwrap(), parentId: refId.default(null), options: optionsOf() })
  .superRefine((option, ctx) => checkOption(option, ctx, [], 1));
export type CreateChatbotBody = z.infer<typeof createChatbotBody>;
