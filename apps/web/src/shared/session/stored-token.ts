export const TOKEN_KEY = 'token';

/** The session's access token kept on this device, if storage can be read at all. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
