/** What a contact card (vCard text) shows: the name and the numbers. */
export function parseVCard(text: string): { name: string; numbers: string[] } {
  const lines = text.split(/\r?\n/);
  const name = lines.find((l) => l.startsWith('FN'))?.replace(/^FN[^:]*:/, '') ?? '';
  const numbers = lines
    .filter((l) => l.startsWith('TEL'))
    .map((l) => l.replace(/^TEL[^:]*:/, '').trim())
    .filter(Boolean);
  return { name, numbers };
}

/** Where a location message points: its own map link, or one built from "lat,lng". */
export function locationLink(body: string): string | undefined {
  const url = /https?:\/\/\S+/.exec(body)?.[0];
  if (url) return url;
  const coords = /(-?\d{1,2}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)/.exec(body);
  return coords ? `https://www.openstreetmap.org/?mlat=${coords[1]}&mlon=${coords[2]}` : undefined;
}
