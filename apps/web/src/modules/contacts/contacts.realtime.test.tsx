import { EventEmitter } from 'node:events';
import { type Contact, events } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { buildContact, buildSessionUser } from '../../test/fixtures';
import { liveWrapper } from '../../test/live-wrapper';
import { type ContactPages, flattenContactPages } from './contacts.cache';
import { contactsKeys } from './contacts.keys';
import { useContactsRealtime } from './contacts.realtime';

const listed = (...contacts: Contact[]): ContactPages => ({
  pages: [{ contacts, hasMore: false, count: contacts.length }],
  pageParams: [1],
});

test('a merge drops the merged contact from the lists and shows the survivor as it now is', () => {
  const socket = new EventEmitter();
  const queryClient = new QueryClient();
  const user = buildSessionUser();
  const key = contactsKeys.list('', []);
  queryClient.setQueryData(
    key,
    listed(buildContact({ id: 5, name: '5511977776666' }), buildContact({ id: 6, name: 'Maria' })),
  );
  renderHook(() => useContactsRealtime(), { wrapper: liveWrapper(queryClient, user, socket) });

  act(() => {
    socket.emit(events.contact(user.companyId), {
      action: 'merge',
      contact: buildContact({ id: 5, name: 'Maria' }),
      mergedId: 6,
    });
  });

  const shown = flattenContactPages(queryClient.getQueryData<ContactPages>(key));
  expect(shown.map((c) => `${c.id}:${c.name}`)).toEqual(['5:Maria']);
  expect(queryClient.getQueryData<ContactPages>(key)?.pages[0]?.count).toBe(1);
});
