import { expect, test } from 'vitest';
import { locationLink, parseVCard } from './message-content';

test('a contact card shows the name and every number of its vCard', () => {
  const card =
    'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nTEL;type=CELL;waid=5511999:+55 11 999\nTEL:+55 11 888\nEND:VCARD';
  expect(parseVCard(card)).toEqual({ name: 'Ana Souza', numbers: ['+55 11 999', '+55 11 888'] });
});

test('a location links to its own map, or to one built from its coordinates', () => {
  expect(locationLink('https://maps.google.com/?q=-23.5,-46.6')).toBe(
    'https://maps.google.com/?q=-23.5,-46.6',
  );
  expect(locationLink('-23.5505, -46.6333')).toBe(
    'https://www.openstreetmap.org/?mlat=-23.5505&mlon=-46.6333',
  );
  expect(locationLink('somewhere')).toBeUndefined();
});
