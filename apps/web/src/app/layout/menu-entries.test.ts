import { type Gate, type PlanFlags, planFlagKeys } from '@balcao/shared';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { buildSessionUser } from '../../test/fixtures';
import { RequireGate } from '../guards';
import { routes } from '../router';
import { isMenuEntryVisible, menuEntries } from './menu-entries';

type Overrides = Parameters<typeof buildSessionUser>[0];

const visibleKeys = (overrides: Overrides, plan?: Partial<PlanFlags>) => {
  const user = buildSessionUser(overrides);
  const me = plan ? { ...user, company: { ...user.company, plan: { ...user.company.plan, ...plan } } } : user;
  return menuEntries.filter((entry) => isMenuEntryVisible(entry, me)).map((entry) => entry.key);
};

const management = ['dashboard', 'moments'];
const everyone = ['tickets', 'quickMessages', 'contacts', 'schedules', 'tags'];
const administration = [
  'messagesApi',
  'users',
  'queues',
  'queueIntegration',
  'files',
  'prompts',
  'connections',
  'settings',
];

describe('side menu visibility', () => {
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

  test('a supervisor sees the dashboard and Tempo Real but manages no queues, users or settings', () => {
    expect(visibleKeys({ profile: 'supervisor' })).toEqual([...management, ...everyone]);
  });

  test('showDashboard lifts an attendant to the dashboard, allowRealTime to Tempo Real', () => {
    expect(visibleKeys({ profile: 'user', showDashboard: 'enabled' })).toEqual(['dashboard', ...everyone]);
    expect(visibleKeys({ profile: 'user', allowRealTime: 'enabled' })).toEqual(['moments', ...everyone]);
  });

  test('allowConnections lifts an attendant to connections, and nothing else', () => {
    expect(visibleKeys({ profile: 'user', allowConnections: 'enabled' })).toEqual([
      ...everyone,
      'connections',
    ]);
  });

  test('a plan without any feature flag still has these pages, schedules, messages API, integrations and prompts aside', () => {
    const noFeatures = Object.fromEntries(planFlagKeys.map((flag) => [flag, false])) as Partial<PlanFlags>;

    expect(visibleKeys({ profile: 'admin' }, noFeatures)).toEqual([
      ...management,
      ...everyone.filter((key) => key !== 'schedules'),
      ...administration.filter((key) => !['messagesApi', 'queueIntegration', 'prompts'].includes(key)),
    ]);
  });
});

/** Every page in the router with the gate its guard asks, if any. */
function routeGates(routes: RouteObject[], gate?: Gate): Map<string, Gate | undefined> {
  const found = new Map<string, Gate | undefined>();
  for (const route of routes) {
    const element = route.element as ReactElement<{ gate: Gate }> | undefined;
    const own = element?.type === RequireGate ? element.props.gate : gate;
    if (route.path) found.set(route.path, own);
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

  test('the settings page is guarded like its menu entry', () => {
    expect(gates.get('/settings')).toBe('settings:manage');
  });
});
