import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { firstLoadChunks } from '../../first-load-chunks';

const source = (path: string) => resolve(import.meta.dirname, '..', path);

/** A module graph shaped like the app's: each module and what it imports statically. */
function graphOf(imports: Record<string, string[]>) {
  return {
    getModuleInfo: (id: string) => (id in imports ? { importedIds: imports[id] ?? [] } : null),
  };
}

const app = {
  [source('main.tsx')]: ['react', 'router'],
  [source('widget/widget.main.tsx')]: ['react'],
  [source('app/layout/app-layout.tsx')]: ['tooltip', 'text-field'],
  [source('modules/tickets/tickets.page.tsx')]: ['chip', 'tooltip', 'checkbox'],
  [source('modules/auth/login.page.tsx')]: ['text-field', 'form', 'router'],
  [source('modules/auth/signup.page.tsx')]: ['form', 'checkbox'],
  react: [],
  router: ['react'],
  tooltip: ['react'],
  'text-field': ['react'],
  chip: [],
  form: [],
  checkbox: [],
};

describe('the chunks of the first screens', () => {
  test('each module goes to the chunk of the first loads that need it', () => {
    const graph = graphOf(app);
    const chunkOf = (id: string) => firstLoadChunks.name(id, graph);

    expect(chunkOf('router')).toBe('app-start');
    expect(chunkOf('text-field')).toBe('sign-in-and-inbox');
    expect(chunkOf('form')).toBe('sign-in');
    expect(chunkOf('tooltip')).toBe('frame');
    expect(chunkOf('chip')).toBe('inbox');
  });

  test("what the website chat shares, the routes themselves and the sign-up screen's inbox parts are left to Rolldown", () => {
    const graph = graphOf(app);
    const chunkOf = (id: string) => firstLoadChunks.name(id, graph);

    expect(chunkOf('react')).toBeNull();
    expect(chunkOf(source('main.tsx'))).toBeNull();
    expect(chunkOf(source('modules/tickets/tickets.page.tsx'))).toBeNull();
    expect(chunkOf('checkbox')).toBeNull();
  });

  test('a first screen missing from the build stops it instead of chunking nothing', () => {
    const { [source('modules/auth/login.page.tsx')]: _, ...withoutSignIn } = app;

    expect(() => firstLoadChunks.name('router', graphOf(withoutSignIn))).toThrow(/login\.page\.tsx/);
  });
});
