import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { sourceOf } from './importer/options.js';

/** The one query parameter taken: how to use TLS. Others can make the driver read local files. */
const SSL_MODES = new Set(['disable', 'prefer', 'require', 'no-verify', 'verify-ca', 'verify-full']);

/** A Ticketz database address the super user may import from, checked. */
export interface ImportAddress {
  /** The whole address, password included: only ever opened by the importer, never shown or logged. */
  url: string;
  /** The installation as the id map names it (host:port/database), the same as the command line's. */
  source: string;
  /** The address without its password: what answers, events and the screen carry. */
  label: string;
}

/**
 * The rule for a Ticketz database the super user points the server at (docs/decisions.md): imports
 * on (IMPORT_DATABASE_HOSTS set), a postgres:// URL with a user and a database and nothing but
 * `sslmode` after it, on one of the hosts the operator allowed.
 */
export function checkImportAddress(config: Pick<Config, 'importDatabaseHosts'>, text: string): ImportAddress {
  if (config.importDatabaseHosts.length === 0) throw new AppError('ERR_IMPORT_DISABLED');
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('ERR_IMPORT_BAD_URL');
  }
  const database = decodeURIComponent(url.pathname.slice(1));
  const params = [...url.searchParams.entries()];
  if (
    !/^postgres(ql)?:$/.test(url.protocol) ||
    !url.hostname ||
    !url.username ||
    !database ||
    database.includes('/') ||
    url.hash ||
    params.some(([name, value]) => name !== 'sslmode' || !SSL_MODES.has(value))
  )
    throw new AppError('ERR_IMPORT_BAD_URL');
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (!config.importDatabaseHosts.includes(host)) throw new AppError('ERR_IMPORT_HOST_NOT_ALLOWED');
  return { url: url.toString(), source: sourceOf(url), label: labelOf(url) };
}

/** The address as it may be shown: the password never leaves the server. */
function labelOf(url: URL) {
  const shown = new URL(url.toString());
  shown.password = '';
  return shown.toString();
}
