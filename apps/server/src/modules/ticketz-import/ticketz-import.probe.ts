import type { FastifyBaseLogger } from 'fastify';
import { AppError, loggableError } from '../../platform/errors.js';
import { Source } from './importer/source.js';
import type { ImportAddress } from './ticketz-import.address.js';

/** Tables every Ticketz (and Whaticket SaaS) database has, and the importer reads. */
const TICKETZ_TABLES = ['Companies', 'Users', 'Contacts', 'Tickets', 'Messages', 'Whatsapps'];

/**
 * Opens the Ticketz database the way the importer does (read-only, bounded in time), checks that it is
 * one, and answers what `read` makes of it. Whatever goes wrong answers a catalogue code: the driver's
 * own messages stay in the log, without the address.
 */
export async function probeTicketz<T>(
  log: FastifyBaseLogger,
  address: ImportAddress,
  read: (source: Source) => Promise<T>,
): Promise<T> {
  let source: Source;
  try {
    source = await Source.open(address.url);
  } catch (error) {
    log.warn({ ...loggableError(error), source: address.label }, 'Ticketz database unreachable');
    throw new AppError('ERR_IMPORT_CANNOT_CONNECT');
  }
  try {
    const [found] = await source
      .query<{ n: number }>('select count(to_regclass(t))::int as n from unnest($1::text[]) t', [
        TICKETZ_TABLES.map((table) => `public."${table}"`),
      ])
      .catch(() => []);
    if (found?.n !== TICKETZ_TABLES.length) throw new AppError('ERR_IMPORT_NOT_TICKETZ');
    return await read(source);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The connection lost half-way, or a table not of the shape expected: never our own database's error.
    log.warn({ ...loggableError(error), source: address.label }, 'Ticketz database unreadable');
    throw new AppError('ERR_IMPORT_CANNOT_CONNECT');
  } finally {
    await source.close();
  }
}

/** The companies of the installation, to choose the one to import. */
export const ticketzCompanies = (source: Source) =>
  source.query<{ id: number; name: string }>('select id, name from "Companies" order by id');
