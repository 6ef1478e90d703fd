const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** DD/MM/YYYY. A bare YYYY-MM-DD is a calendar day and is not shifted through a time zone. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-');
    return `${day}/${month}/${year}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** R$ in pt-BR formatting from integer cents, whatever the interface language. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}
