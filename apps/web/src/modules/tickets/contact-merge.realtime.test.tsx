import { EventEmitter } from 'node:events';
import { events } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { buildContact, buildSessionUser, buildTicket } from '../../test/fixtures';
import { liveWrapper } from '../../test/live-wrapper';
import { type ContactPages, flattenContactPages } from '../contacts/contacts.cache';
import { contactsKeys } from '../contacts/contacts.keys';
import { messagesKeys } from '../messages/messages.keys';
import { useContactMergeRefresh } from './contact-merge.realtime';
import { ticketsKeys } from './tickets.keys';

test("a merge swaps the merged-away contact for the survivor and reloads either contact's open chat", () => {
  const socket = new EventEmitter();
  const queryClient = new QueryClient();
  const user = buildSessionUser();
  const survivorChat = buildTicket({ id: 40, uuid: 'survivor-chat', contactId: 5 });
  const mergedChat = buildTicket({ id: 41, uuid: 'merged-chat', contactId: 6 });
  const otherChat = buildTicket({ id: 42, uuid: 'other-chat', contactId: 7 });
  for (const ticket of [survivorChat, mergedChat, otherChat]) {
    queryClient.setQueryData(ticketsKeys.detail(ticket.uuid), ticket);
    queryClient.setQueryData(messagesKeys.list(ticket.id), { pages: [], pageParams: [] });
  }
  queryClient.setQueryData(contactsKeys.one(6), buildContact({ id: 6, name: '5511977776666' }));
  const picker = contactsKeys.list('', []);
  queryClient.setQueryData<ContactPages>(picker, {
    pages: [{ contacts: [buildContact({ id: 6, name: '5511977776666' })], hasMore: false, count: 1 }],
    pageParams: [1],
  });
  renderHook(() => useContactMergeRefresh(), { wrapper: liveWrapper(queryClient, user, socket) });

  act(() => {
    socket.emit(events.contact(user.companyId), {
      action: 'merge',
      contact: buildContact({ id: 5, name: 'Maria' }),
      mergedId: 6,
    });
  });

  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  expect(queryClient.getQueryData(contactsKeys.one(6))).toBeUndefined();
  expect(queryClient.getQueryData(contactsKeys.one(5))).toMatchObject({ id: 5, name: 'Maria' });
  expect(flattenContactPages(queryClient.getQueryData<ContactPages>(picker)).map((c) => c.id)).toEqual([5]);
  expect([40, 41, 42].map((id) => stale(messagesKeys.list(id)))).toEqual([true, true, false]);
  expect(
    ['survivor-chat', 'merged-chat', 'other-chat'].map((uuid) => stale(ticketsKeys.detail(uuid))),
  ).toEqual([true, true, false]);
});
