const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY. A bare YYYY-MM-DD is a calendar day and is not shifted through a time zone. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** HH:mm in local time. */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** DD/MM/YYYY HH:mm in local time. */
export function formatDateTime(value: string | Date): string {
  return `${formatDate(typeof value === 'string' ? new Date(value) : value)} ${formatTime(value)}`;
}

/** HH:mm for a moment of today, DD/MM/YYYY for any other day: how lists date their rows. */
export function formatListTime(value: string | Date, now = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return date.toDateString() === now.toDateString() ? formatTime(date) : formatDate(date);
}

/** Cuts text at `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** R$ in pt-BR formatting from integer cents, whatever the interface language. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}
