import { describe, expect, test } from 'vitest';
import { listTicketsQuery, updateTicketBody } from './tickets/tickets.contract.js';
import { listUsersQuery, updateUserBody } from './users/users.contract.js';
import { idParam, plainText, requiredText } from './validation.js';
import { webchatSendBody } from './webchat/webchat.contract.js';

describe('shared validation', () => {
  test('ids stop at the largest PostgreSQL integer', () => {
    expect(idParam.safeParse({ id: '2147483647' }).success).toBe(true);
    expect(idParam.safeParse({ id: '2147483648' }).success).toBe(false);
    expect(updateTicketBody.safeParse({ userId: 2147483648 }).success).toBe(false);
    expect(updateUserBody.safeParse({ queueIds: [1, 2147483648] }).success).toBe(false);
  });

  test('text never carries a NUL byte', () => {
    expect(plainText(10).safeParse('ok').success).toBe(true);
    for (const result of [
      plainText(10).safeParse('a\u0000'),
      requiredText(2, 50).safeParse('Ana\u0000'),
      webchatSendBody.safeParse({ body: 'oi\u0000', clientId: 'client-0001' }),
      listTicketsQuery.safeParse({ searchParam: '\u0000' }),
      listUsersQuery.safeParse({ searchParam: '\u0000' }),
      updateUserBody.safeParse({ wpp: '1\u0000' }),
    ]) {
      expect(result.success).toBe(false);
    }
  });
});
