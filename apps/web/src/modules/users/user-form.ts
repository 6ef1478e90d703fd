import {
  adminOnlyUserFields,
  type CreateUserBody,
  createUserBody,
  DEFAULT_LANGUAGE,
  type UpdateUserBody,
  type User,
  updateUserBody,
} from '@balcao/shared';
import type { z } from 'zod';

/** The user modal edits these. */
const formFields = {
  name: true,
  email: true,
  password: true,
  currentPassword: true,
  wpp: true,
  farewellMessage: true,
  language: true,
  defaultTheme: true,
  defaultMenu: true,
  profile: true,
  startWork: true,
  endWork: true,
  allTicket: true,
  allowGroup: true,
  showDashboard: true,
  allowRealTime: true,
  allowConnections: true,
  queueIds: true,
  whatsappId: true,
} as const;

/** Editing: every field optional as in the contract; a blank password means "keep it". */
export const editUserForm = updateUserBody.pick(formFields);
/** Creating: the same fields, with the password the contract requires. */
export const createUserForm = editUserForm.extend({ password: createUserBody.shape.password });

export type UserFormInput = z.input<typeof editUserForm>;
export type UserFormOutput = z.output<typeof editUserForm>;

export function userFormDefaults(user: User | null): UserFormInput {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    // Undefined, not blank, when editing: the contract's optional password must not meet a '' it would refuse.
    password: user ? undefined : '',
    currentPassword: undefined,
    wpp: user?.wpp ?? '',
    farewellMessage: user?.farewellMessage ?? '',
    language: user?.language ?? DEFAULT_LANGUAGE,
    defaultTheme: user?.defaultTheme ?? 'system',
    defaultMenu: user?.defaultMenu ?? 'open',
    profile: user?.profile ?? 'user',
    startWork: user?.startWork ?? '00:00',
    endWork: user?.endWork ?? '23:59',
    allTicket: user?.allTicket ?? 'disable',
    allowGroup: user?.allowGroup ?? false,
    showDashboard: user?.showDashboard ?? 'disabled',
    allowRealTime: user?.allowRealTime ?? 'disabled',
    allowConnections: user?.allowConnections ?? 'disabled',
    queueIds: user?.queues.map((queue) => queue.id) ?? [],
    whatsappId: user?.whatsappId ?? null,
  };
}

/** The request body: admin-only fields only from admins (the server refuses a non-admin's change to them). */
export function toUserBody(values: UserFormOutput, asAdmin: boolean): UpdateUserBody {
  const body: UpdateUserBody = { ...values };
  if (!body.password) delete body.password;
  // Only a new password needs the current one.
  if (!body.password || !body.currentPassword) delete body.currentPassword;
  if (!asAdmin) for (const key of adminOnlyUserFields) delete body[key];
  return body;
}

export function toCreateUserBody(values: UserFormOutput, asAdmin: boolean): CreateUserBody {
  return createUserBody.parse(toUserBody(values, asAdmin));
}

export const userFormFieldNames = Object.keys(formFields) as (keyof typeof formFields)[];
