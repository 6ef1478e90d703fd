import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { profiles } from '../permissions/permissions.js';
import {
  dbId,
  dbIdText,
  email,
  msg,
  pageNumber,
  plainText,
  requiredText,
  timeOfDay,
  withoutNul,
} from '../validation.js';
import { strongPassword } from './password.js';

const enabledDisabled = z.enum(['enabled', 'disabled']);

/**
 * Spec 000 has light or dark; 'system' (a new user's) is "not chosen": the web app follows the device's
 * preference until the user picks one (issue 19).
 */
const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];

export const userSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(profiles),
  super: z.boolean(),
  startWork: z.string(),
  endWork: z.string(),
  farewellMessage: z.string(),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultTheme: z.enum(themePreferences),
  defaultMenu: z.enum(['open', 'closed']),
  wpp: z.string(),
  whatsappId: z.number().nullable(),
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  profileImage: z.string().nullable(),
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
  online: z.boolean(),
  language: z.enum(LANGUAGES),
  color: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Fields every user may change on their own record (the profile modal). */
const selfFields = {
  name: requiredText(2, 50),
  email: email(),
  password: strongPassword(),
  farewellMessage: plainText(1000),
  defaultTheme: z.enum(themePreferences),
  defaultMenu: z.enum(['open', 'closed']),
  language: z.enum(LANGUAGES),
  wpp: z.string().trim().max(20).refine(withoutNul, msg.invalidValue),
};

/** Fields only an admin may set (spec 000 §6). */
const adminFields = {
  profile: z.enum(profiles),
  startWork: timeOfDay(),
  endWork: timeOfDay(),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  whatsappId: dbId().nullable(),
  queueIds: z.array(dbId()).max(200),
  showDashboard: enabledDisabled,
  allowRealTime: enabledDisabled,
  allowConnections: enabledDisabled,
};
export const adminOnlyUserFields = Object.keys(adminFields) as (keyof typeof adminFields)[];

export const createUserBody = z.object({
  ...selfFields,
  ...z.object(adminFields).partial().shape,
  farewellMessage: selfFields.farewellMessage.optional(),
  defaultTheme: selfFields.defaultTheme.optional(),
  defaultMenu: selfFields.defaultMenu.optional(),
  language: selfFields.language.optional(),
  wpp: selfFields.wpp.optional(),
  /** Only the super user may create a user in another company. */
  companyId: dbId().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z
  .object({
    ...selfFields,
    ...adminFields,
    // The user form sends its password box as typed: left empty, the password stays as it is.
    password: z.preprocess((value) => (value === '' ? undefined : value), selfFields.password.optional()),
    /** Required to change one's own password; an admin setting someone else's does not send it. */
    currentPassword: z.string().max(200),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const listUsersQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(100).refine(withoutNul, msg.invalidValue).optional(),
  pageNumber,
});
export const listUsersResponse = z.object({
  users: z.array(userSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

export const userOptionsQuery = z.object({
  companyId: dbIdText().optional(),
  /** Only who may receive this queue's tickets: its members and the admins (the transfer dialog). */
  queueId: dbIdText().optional(),
});
export type UserOptionsQuery = z.infer<typeof userOptionsQuery>;
export const userOptionsResponse = z.array(z.object({ id: z.number(), name: z.string() }));

/** What every colleague may know of a user: enough for presence and pickers, nothing private. */
const publicUserSchema = userSchema.pick({
  id: true,
  name: true,
  online: true,
  color: true,
  profileImage: true,
});

/** A user event as those who manage users (and the user themselves) receive it. */
export const userEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), user: userSchema }),
  z.object({ action: z.literal('delete'), userId: z.number() }),
]);
export type UserEvent = z.infer<typeof userEvent>;

/** The same event as everyone else in the company receives it. */
const publicUserEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), user: publicUserSchema }),
  z.object({ action: z.literal('delete'), userId: z.number() }),
]);
export type PublicUserEvent = z.infer<typeof publicUserEvent>;
