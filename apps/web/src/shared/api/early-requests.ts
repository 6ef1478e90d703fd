/**
 * The calls a first screen makes as soon as it renders, by address, exactly as the screen sends them.
 * A returning visitor's /auth/me comes first on every signed-in page. A call left out, or a screen
 * that changes its call, only loses the head start: `request` asks again when nothing matches.
 */
const firstScreenCalls: readonly { page: RegExp; calls: readonly string[] }[] = [
  { page: /^\/(tickets)?(\/|$)/, calls: ['/tickets?status=open&pageNumber=1', '/tickets/counts'] },
  { page: /^\/contacts\/?$/, calls: ['/contacts?pageNumber=1'] },
];

const signedOutPages = /^\/(login|signup|w\/)/;

interface Early {
  token: string;
  at: number;
  answer: Promise<Response>;
}

/** An answer unclaimed this long is no longer the screen's first: the screen asks afresh. */
const FRESH_MS = 30_000;

const started = new Map<string, Early>();

/**
 * Starts the first screen's calls while the app's code is still on its way (the entry is a few
 * hundred bytes; the code a few hundred kilobytes on a phone's network), so the screen finds its
 * data waiting instead of asking only once it has rendered.
 */
export function startEarlyRequests(pathname: string, token: string | null) {
  if (!token || signedOutPages.test(pathname)) return;
  const calls = [
    '/auth/me',
    ...firstScreenCalls.flatMap((screen) => (screen.page.test(pathname) ? screen.calls : [])),
  ];
  for (const url of calls) {
    const answer = fetch(url, { headers: { Authorization: `Bearer ${token}` }, credentials: 'include' });
    // A failure is the screen's to report when it takes the answer; unclaimed, it stays silent.
    answer.catch(() => undefined);
    started.set(url, { token, at: Date.now(), answer });
  }
}

/** The answer of a call started early with the same token, once; later calls go to the network. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return early.token === token && Date.now() - early.at < FRESH_MS ? early.answer : undefined;
}
