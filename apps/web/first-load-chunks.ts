import { resolve } from 'node:path';

/** The part of Rolldown's chunking context this reads: each module's static imports. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const source = (path: string) => resolve(import.meta.dirname, 'src', path);

/** index.html's entry: only starts the first screen's calls and imports the app's start. */
const entry = source('main.tsx');
const app = source('boot.tsx');
const widget = source('widget/widget.main.tsx');
/** The frame every signed-in page loads, the inbox `/` opens, and the sign-in screen. */
const frame = source('app/layout/app-layout.tsx');
const inbox = source('modules/tickets/tickets.page.tsx');
const signIn = source('modules/auth/login.page.tsx');
const signUp = source('modules/auth/signup.page.tsx');

function staticallyReached(graph: ModuleGraph, root: string): Set<string> {
  if (!graph.getModuleInfo(root)) throw new Error(`first-load chunks: ${root} is not in the build`);
  const reached = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * The entry runs before anything else has downloaded, so every module it reaches statically delays the
 * first screen's calls and the app's code: it may reach the app's own small modules only (Vite's
 * preload helpers, ids starting with NUL, are its too), never a package or the shared contract.
 */
function checkEntryStaysSmall(graph: ModuleGraph) {
  const ownSource = resolve(import.meta.dirname, 'src');
  const reached = [...staticallyReached(graph, entry)];
  const heavy = reached.filter((id) => !id.startsWith('\0') && !id.startsWith(ownSource));
  if (heavy.length > 0)
    throw new Error(`first-load chunks: the entry (main.tsx) imports ${heavy.join(', ')}`);
  // Itself, Vite's preload helper and a few starters: the first calls, the first page's code, the language.
  if (reached.length > 8) {
    throw new Error(
      `first-load chunks: the entry (main.tsx) reaches ${reached.length} modules: ${reached.join(', ')}`,
    );
  }
  return new Set(reached);
}

/**
 * Left to itself, Rolldown cuts a chunk for every set of pages that shares a module, so the first
 * screens came in about ninety files, each gzipped alone (30 kB more than the same code in a few).
 * This names one chunk per part of a first load instead: the app's start, what the sign-in screen
 * shares with the inbox, the frame, the inbox and the sign-in screen. Each set is closed under
 * static imports, so no chunk imports a later one. Modules the website chat shares (React, zod, the
 * contracts) keep Rolldown's own chunks, so the chat never loads the app's code, and so do the inbox's
 * modules the sign-up screen needs too, so that it does not load the inbox's chunks for a checkbox.
 * The entry, the app's start (boot.tsx) and the routes' modules stay chunks of their own, as index.html,
 * the entry and the router import them.
 */
function nameFirstLoadChunks(graph: ModuleGraph): Map<string, string> {
  const entered = checkEntryStaysSmall(graph);
  const started = staticallyReached(graph, app);
  const chat = staticallyReached(graph, widget);
  const framed = staticallyReached(graph, frame);
  const inboxed = staticallyReached(graph, inbox);
  const signedIn = staticallyReached(graph, signIn);
  const signedUp = staticallyReached(graph, signUp);
  const names = new Map<string, string>();
  // What the entry imports comes with it in one small file, not as part of the app's start.
  for (const id of entered) if (id !== entry) names.set(id, 'entry');
  const ownChunks = new Set([entry, app, frame, inbox, signIn]);
  for (const id of new Set([...started, ...framed, ...inboxed, ...signedIn])) {
    if (names.has(id)) continue;
    if (chat.has(id) || ownChunks.has(id)) continue;
    const signedInToo = framed.has(id) || inboxed.has(id);
    if (started.has(id)) names.set(id, 'app-start');
    else if (signedIn.has(id)) names.set(id, signedInToo ? 'sign-in-and-inbox' : 'sign-in');
    else if (signedUp.has(id)) continue;
    else names.set(id, framed.has(id) ? 'frame' : 'inbox');
  }
  return names;
}

const namesByBuild = new WeakMap<ModuleGraph, Map<string, string>>();

/** Names each module's chunk for Rolldown's `codeSplitting` group; null leaves it to Rolldown. */
function firstLoadChunk(id: string, graph: ModuleGraph): string | null {
  let names = namesByBuild.get(graph);
  if (!names) {
    names = nameFirstLoadChunks(graph);
    namesByBuild.set(graph, names);
  }
  return names.get(id) ?? null;
}

export const firstLoadChunks = {
  name: firstLoadChunk,
  debugName: 'first-load chunks',
  // The sets are already closed under imports, except for what the website chat shares: pulling that
  // in would make the chat import the app's start.
  includeDependenciesRecursively: false,
};
