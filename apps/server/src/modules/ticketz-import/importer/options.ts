import { parseArgs } from 'node:util';

export interface ImportOptions {
  /** The Ticketz database, read in one read-only snapshot. */
  from: string;
  /** Ticketz company ids to import; empty with `all`. */
  companies: number[];
  all: boolean;
  /** The Ticketz backend's public/ folder, where its media files are. */
  mediaDir?: string;
  /** Names the Ticketz installation, so two installations' company 1 never meet; host/database by default. */
  source: string;
  batchSize: number;
  /** Stops after this many committed batches (a trial run, or an import spread over several runs). */
  maxBatches?: number;
  quiet: boolean;
}

const USAGE = `usage: npm run import:ticketz -- --from postgres://user@host/db (--company N ... | --all)
  [--media DIR] [--source NAME] [--batch-size N] [--max-batches N] [--quiet]`;

const positive = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0\n${USAGE}`);
  return n;
};

/** The installation's name when none is given: where it is, never who reads it or their password. */
export function sourceOf(url: URL) {
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

export function parseOptions(argv: string[]): ImportOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      company: { type: 'string', multiple: true },
      all: { type: 'boolean', default: false },
      media: { type: 'string' },
      source: { type: 'string' },
      'batch-size': { type: 'string' },
      'max-batches': { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.from) throw new Error(`--from is required\n${USAGE}`);
  let url: URL;
  try {
    url = new URL(values.from);
  } catch {
    throw new Error(`--from is not a postgres:// address\n${USAGE}`);
  }
  if (!/^postgres(ql)?:$/.test(url.protocol))
    throw new Error(`--from is not a postgres:// address\n${USAGE}`);
  const companies = (values.company ?? []).map((c) => positive('company', c) as number);
  if (values.all === companies.length > 0) throw new Error(`give either --company N or --all\n${USAGE}`);
  return {
    from: values.from,
    companies,
    all: values.all,
    mediaDir: values.media,
    source: values.source ?? sourceOf(url),
    batchSize: positive('batch-size', values['batch-size']) ?? 2000,
    maxBatches: positive('max-batches', values['max-batches']),
    quiet: values.quiet,
  };
}
