import { useEffect, useState } from 'react';
import type { NumberDisplay } from './contact-number';

type Formatter = typeof import('./contact-number').displayNumber;

let formatter: Formatter | undefined;
let loading: Promise<Formatter> | undefined;

function loadFormatter(): Promise<Formatter> {
  loading ??= import('./contact-number').then(
    (module) => {
      formatter = module.displayNumber;
      return module.displayNumber;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * displayNumber, with the phone-number rules (libphonenumber's 30 kB) fetched after the first paint:
 * until they arrive a number shows as stored, with its '+', and then takes its international form.
 */
export function useDisplayNumber(number: string | null, hidden: boolean): NumberDisplay {
  const [format, setFormat] = useState(() => formatter);
  useEffect(() => {
    if (format || !number || hidden) return;
    let current = true;
    loadFormatter().then(
      (loaded) => current && setFormat(() => loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [format, number, hidden]);
  if (format) return format(number, hidden);
  if (!number) return { kind: 'missing' };
  return hidden ? { kind: 'hidden', text: `+${number}` } : { kind: 'formatted', text: `+${number}` };
}
