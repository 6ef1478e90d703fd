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
  [source('main.tsx')]: [source('shared/api/early-requests.ts'), '\0vite/preload-helper.js'],
  [source('shared/api/early-requests.ts')]: [],
  '\0vite/preload-helper.js': [],
  [source('boot.tsx')]: ['react', 'router', source('shared/api/early-requests.ts')],
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
    expect(chunkOf(source('shared/api/early-requests.ts'))).toBe('entry');
    expect(chunkOf('\0vite/preload-helper.js')).toBe('entry');
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
    expect(chunkOf(source('boot.tsx'))).toBeNull();
    expect(chunkOf(source('modules/tickets/tickets.page.tsx'))).toBeNull();
    expect(chunkOf('checkbox')).toBeNull();
  });

  test("an entry that imports a package or the shared contract stops the build: it would hold back the first screen's calls", () => {
    const heavyEntry = { ...app, [source('shared/api/early-requests.ts')]: ['react'] };
    expect(() => firstLoadChunks.name('router', graphOf(heavyEntry))).toThrow(
      /the entry \(main\.tsx\) imports react/,
    );

    const contract = resolve(import.meta.dirname, '../../../../packages/shared/src/index.ts');
    const contractEntry = { ...app, [source('main.tsx')]: [contract], [contract]: [] };
    expect(() => firstLoadChunks.name('router', graphOf(contractEntry))).toThrow(/packages\/shared/);
  });

  test('a first screen missing from the build stops it instead of chunking nothing', () => {
    const { [source('modules/auth/login.page.tsx')]: _, ...withoutSignIn } = app;

    expect(() => firstLoadChunks.name('router', graphOf(withoutSignIn))).toThrow(/login\.page\.tsx/);
  });
});
