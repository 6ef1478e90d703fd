import { expect, test } from 'vitest';
import { findMentions, findTicketNumbers, splitChatText } from './chat-text.js';

const members = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Ana Souza' },
  { id: 3, name: 'Bruno' },
];

test('a mention names the member with the longest matching name, ignoring case', () => {
  expect(findMentions('oi @ana souza, viu?', members)).toEqual([2]);
  expect(findMentions('@Ana e @BRUNO', members)).toEqual([1, 3]);
});

test('a name must end at a word boundary and start after one', () => {
  expect(findMentions('@Brunoo', members)).toEqual([]);
  expect(findMentions('email@Bruno', members)).toEqual([]);
});

test('ticket numbers are read from #123 standing alone', () => {
  expect(findTicketNumbers('veja #123 e #45, não a#9 nem #12a')).toEqual([123, 45]);
});

test('a message splits into text, mentions and tickets in order', () => {
  expect(splitChatText('@Bruno olha #7 ok', members)).toEqual([
    { kind: 'mention', text: '@Bruno', userId: 3 },
    { kind: 'text', text: ' olha ' },
    { kind: 'ticket', text: '#7', ticketId: 7 },
    { kind: 'text', text: ' ok' },
  ]);
});
