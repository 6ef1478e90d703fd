import type { PlanFlag, PlanFlags } from '../plans/plans.contract.js';

export const profiles = ['admin', 'supervisor', 'user'] as const;
export type Profile = (typeof profiles)[number];

/** What the permission table needs to know of a user (spec 000 §6, 001 §6). */
export interface Actor {
  profile: Profile;
  super: boolean;
  showDashboard: 'enabled' | 'disabled';
  allowRealTime: 'enabled' | 'disabled';
  allowConnections: 'enabled' | 'disabled';
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
}

const isAdmin = (a: Actor) => a.super || a.profile === 'admin';
const isManager = (a: Actor) => isAdmin(a) || a.profile === 'supervisor';

/** The one table of gates. The server enforces these; the web only mirrors them to hide what would be refused. */
const gates = {
  'users:manage': isAdmin,
  'settings:manage': isAdmin,
  'dashboard:view': (a: Actor) => isManager(a) || a.showDashboard === 'enabled',
  'moments:view': (a: Actor) => isManager(a) || a.allowRealTime === 'enabled',
  'connections:view': (a: Actor) => isAdmin(a) || a.allowConnections === 'enabled',
  'connections:manage': isAdmin,
  'tickets-manager:showall': isAdmin,
  'tickets:seeAllQueues': (a: Actor) => isAdmin(a) || a.allTicket === 'enable',
  'tickets:groups': (a: Actor) => isAdmin(a) || a.allowGroup,
  'tickets:closeAll': isAdmin,
  /** Others move (transfer, return) only the tickets they hold and waiting ones they see. */
  'tickets:transferAny': isAdmin,
  'ticket-options:deleteTicket': isAdmin,
  /** Others delete only the ticket notes they wrote. */
  'ticket-notes:deleteAny': isAdmin,
  'contacts-page:deleteContact': isAdmin,
  /** Who still sees whole numbers when lgpdHideNumber is on (it hides them from the user profile). */
  'contacts:seeHiddenNumbers': isManager,
  'quick-messages:manageAll': isManager,
  /** Editing or deleting a tag changes every contact and ticket carrying it. */
  'tags:manage': isManager,
  /** Others see and change only the schedules they made. */
  'schedules:manageAll': isAdmin,
  'queues:manage': isAdmin,
  /** Queue integrations, file lists and prompts: configuration that holds credentials. */
  'integrations:manage': isAdmin,
  'campaigns:manage': isAdmin,
  'messages-api:view': isAdmin,
  /** Who is on duty and at which phone: an admin drawer item (spec 000 §2 places it among them). */
  'plantao:manage': isAdmin,
  'financeiro:view': isAdmin,
  /** Who changed what in the company (issue 25): its admins only. */
  'audit:view': isAdmin,
  'companies:manage': (a: Actor) => a.super,
  'plans:manage': (a: Actor) => a.super,
  'helps:manage': (a: Actor) => a.super,
  'announcements:manage': (a: Actor) => a.super,
} as const;

export type Gate = keyof typeof gates;

export function can(actor: Actor, gate: Gate): boolean {
  return gates[gate](actor);
}

export function planAllows(plan: PlanFlags, flag: PlanFlag): boolean {
  return plan[flag] === true;
}
