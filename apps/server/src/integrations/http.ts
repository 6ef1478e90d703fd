/** An outside service answered with an error, or could not be reached in time. */
export class IntegrationCallError extends Error {}

/** POSTs JSON (a value, or a string already serialised) or a form to an outside service and answers its JSON; a non-2xx answer is an error. */
export async function postJson<T>(
  url: string,
  body: unknown,
  options: { timeoutMs: number; headers?: Record<string, string>; form?: boolean },
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...options.headers,
    },
    body: options.form
      ? new URLSearchParams(body as Record<string, string>).toString()
      : typeof body === 'string'
        ? body
        : JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs),
  }).catch((error: unknown) => {
    throw new IntegrationCallError(`${url} unreachable: ${(error as Error).name}`);
  });
  if (!response.ok) throw new IntegrationCallError(`${url} answered ${response.status}`);
  return (await response.json().catch(() => ({}))) as T;
}
