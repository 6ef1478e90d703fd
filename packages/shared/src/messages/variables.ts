import { zonedParts } from '../time.js';

/**
 * What a company's text may name (spec 001 §1), as known where the text leaves toward the customer.
 * Missing values (no attendant, no queue yet) read as nothing.
 */
export interface MessageVariableContext {
  contactName: string;
  userName: string | null;
  queueName: string | null;
  connectionName: string | null;
  ticketId: number;
  ticketCreatedAt: Date;
  now: Date;
  timeZone: string;
}

/** The `ms` variable: the greeting of the hour in the company's time zone, as the replaced product words it. */
export function greetingOfHour(at: Date, timeZone: string): string {
  const hour = Number(zonedParts(at, timeZone).time.slice(0, 2));
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

const brazilianDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

function valuesOf(context: MessageVariableContext): Record<string, string> {
  const name = context.contactName.trim();
  const today = zonedParts(context.now, context.timeZone);
  const opened = zonedParts(context.ticketCreatedAt, context.timeZone).date.replaceAll('-', '');
  // Keys lowercased: `{{firstname}}`, as some companies typed it for the replaced product, works too.
  return {
    firstname: name.split(/\s+/)[0] ?? '',
    name,
    username: context.userName ?? '',
    ms: greetingOfHour(context.now, context.timeZone),
    protocol: `${opened}-${context.ticketId}`,
    date: brazilianDate(today.date),
    hour: today.time,
    ticket_id: String(context.ticketId),
    queue: context.queueName ?? '',
    connection: context.connectionName ?? '',
  };
}

const VARIABLE = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** `{{variable}}`s filled in one pass (a filled value is never read again); unknown ones stay as typed. */
export function fillMessageVariables(text: string, context: MessageVariableContext): string {
  if (!text.includes('{{')) return text;
  const values = valuesOf(context);
  return text.replace(VARIABLE, (whole, name: string) => values[name.toLowerCase()] ?? whole);
}
