import { type Gate, type PlanFlag, type PlanFlags, planFlagKeys } from '@balcao/shared';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { buildSessionUser } from '../../test/fixtures';
import { HomeRoute, RequireGate, RequirePlan } from '../guards';
import { routes } from '../router';
import { isMenuEntryVisible, menuEntries } from './menu-entries';

type Overrides = Parameters<typeof buildSessionUser>[0];

const visibleKeys = (overrides: Overrides, plan?: Partial<PlanFlags>) => {
  const user = buildSessionUser(overrides);
  const me = plan ? { ...user, company: { ...user.company, plan: { ...user.company.plan, ...plan } } } : user;
  return menuEntries.filter((entry) => isMenuEntryVisible(entry, me)).map((entry) => entry.key);
};

const everyone = [
  'tickets',
  'quickMessages',
  'kanban',
  'contacts',
  'schedules',
  'todolist',
  'tags',
  'internalChat',
];
/** Above the rest (spec 000 §2: Dashboard, Reports, Moments, Tickets…), for managers and showDashboard. */
const management = ['dashboard', 'reports', 'moments'];
/** Spec 001 §2: the campaign pages, for admins with the plan's campaigns and the cshow flag. */
const campaigns = ['campaigns', 'contactLists', 'campaignsConfig'];
const administration = [
  'messagesApi',
  'plantao',
  'users',
  'queues',
  'prompts',
  'queueIntegration',
  'connections',
  'files',
  'financeiro',
  'settings',
  'auditLog',
];

describe('side menu visibility', () => {
  test('the entries follow spec 000 §2: quick messages, Kanban, contacts; messages API, plantão, users, queues, prompts, integrations, connections, files', () => {
    expect(menuEntries.map((entry) => entry.key)).toEqual([
      ...management,
      ...everyone,
      ...campaigns,
      ...administration,
    ]);
  });

  test('campaigns show only with the cshow flag, to admins whose plan has them', () => {
    localStorage.setItem('cshow', '1');
    try {
      expect(visibleKeys({ profile: 'admin' })).toEqual([
        ...management,
        ...everyone,
        ...campaigns,
        ...administration,
      ]);
      for (const key of campaigns) {
        expect(visibleKeys({ profile: 'admin' }, { useCampaigns: false })).not.toContain(key);
        expect(visibleKeys({ profile: 'supervisor' })).not.toContain(key);
      }
    } finally {
      localStorage.removeItem('cshow');
    }
    for (const key of campaigns) expect(visibleKeys({ profile: 'admin' })).not.toContain(key);
  });

  test('an attendant on a plan without Kanban loses the Kanban entry and nothing else', () => {
    expect(visibleKeys({ profile: 'user' }, { useKanban: false })).toEqual(
      everyone.filter((key) => key !== 'kanban'),
    );
  });

  test('plantão is an admin drawer item: no supervisor or attendant sees it, not even one lifted by allowConnections', () => {
    expect(visibleKeys({ profile: 'supervisor' })).not.toContain('plantao');
    expect(
      visibleKeys({ profile: 'user', allowConnections: 'enabled', showDashboard: 'enabled' }),
    ).not.toContain('plantao');
  });

  test('an admin sees every page, in the spec order', () => {
    expect(visibleKeys({ profile: 'admin' })).toEqual([...management, ...everyone, ...administration]);
  });

  test('the super user sees what an admin sees', () => {
    expect(visibleKeys({ profile: 'user', super: true })).toEqual([
      ...management,
      ...everyone,
      ...administration,
    ]);
  });

  test('an attendant sees the service pages only', () => {
    expect(visibleKeys({ profile: 'user' })).toEqual(everyone);
  });

  test('a supervisor sees the dashboard, the reports and Tempo Real but manages no queues, users or settings', () => {
    expect(visibleKeys({ profile: 'supervisor' })).toEqual([...management, ...everyone]);
  });

  test('showDashboard lifts an attendant to the dashboard and the reports, allowRealTime to Tempo Real', () => {
    expect(visibleKeys({ profile: 'user', showDashboard: 'enabled' })).toEqual([
      'dashboard',
      'reports',
      ...everyone,
    ]);
    expect(visibleKeys({ profile: 'user', allowRealTime: 'enabled' })).toEqual(['moments', ...everyone]);
  });

  test('allowConnections lifts an attendant to connections, and nothing else', () => {
    expect(visibleKeys({ profile: 'user', allowConnections: 'enabled' })).toEqual([
      ...everyone,
      'connections',
    ]);
  });

  test('a plan without any feature flag still has these pages, Kanban, schedules, internal chat, messages API, integrations and prompts aside', () => {
    const noFeatures = Object.fromEntries(planFlagKeys.map((flag) => [flag, false])) as Partial<PlanFlags>;

    expect(visibleKeys({ profile: 'admin' }, noFeatures)).toEqual([
      ...management,
      ...everyone.filter((key) => !['kanban', 'schedules', 'internalChat'].includes(key)),
      ...administration.filter((key) => !['messagesApi', 'queueIntegration', 'prompts'].includes(key)),
    ]);
  });
});

/** The plan flag a route's own guard, or a guard of its pathless children, asks. */
function planOf(route: RouteObject): PlanFlag | undefined {
  const element = route.element as ReactElement<{ flag: PlanFlag }> | undefined;
  if (element?.type === RequirePlan) return element.props.flag;
  return (route.children ?? [])
    .filter((child) => !child.path)
    .map(planOf)
    .find(Boolean);
}

/** Every page in the router with the plan flag its guard asks, if any. */
function routePlans(routes: RouteObject[], found = new Map<string, PlanFlag | undefined>()) {
  for (const route of routes) {
    if (route.path) found.set(route.path, planOf(route));
    routePlans(route.children ?? [], found);
  }
  return found;
}

/** Every page in the router with the gate its guard asks, if any. */
function routeGates(routes: RouteObject[], gate?: Gate): Map<string, Gate | undefined> {
  const found = new Map<string, Gate | undefined>();
  for (const route of routes) {
    const element = route.element as ReactElement<{ gate: Gate }> | undefined;
    const own = element?.type === RequireGate ? element.props.gate : gate;
    if (route.path) found.set(route.path, own);
    // `/` is the dashboard for whoever may see it, the inbox for everyone else.
    if (route.index && element?.type === HomeRoute) found.set('/', 'dashboard:view');
    for (const [path, child] of routeGates(route.children ?? [], own)) found.set(path, child);
  }
  return found;
}

describe('route guards follow the menu', () => {
  const gates = routeGates(routes);

  test.each(
    menuEntries.filter((entry) => gates.has(entry.to)),
  )('$to typed directly asks the gate that shows its entry', (entry) => {
    expect(gates.get(entry.to)).toBe(entry.gate);
  });

  const plans = routePlans(routes);

  test.each(
    menuEntries.filter((entry) => plans.has(entry.to)),
  )('$to typed directly asks the plan flag that shows its entry', (entry) => {
    expect(plans.get(entry.to)).toBe(entry.planFlag);
  });

  test('every entry has its page in the router', () => {
    expect(menuEntries.filter((entry) => !gates.has(entry.to)).map((entry) => entry.to)).toEqual([]);
  });

  test('the settings page is guarded like its menu entry', () => {
    expect(gates.get('/settings')).toBe('settings:manage');
  });
});
