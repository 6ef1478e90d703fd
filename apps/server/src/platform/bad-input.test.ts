import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../test/database.js';
import { createTenant } from '../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every registered route as method and path, read from Fastify's own route tree. */
function registeredRoutes(): { method: Method; path: string }[] {
  const routes: { method: Method; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    for (const method of (match[2] as string).split(', ')) {
      if (['GET', 'POST', 'PUT', 'DELETE'].includes(method))
        routes.push({ method: method as Method, path: match[1] as string });
    }
  }
  return routes;
}

const NUL = 'a\u0000b';
const textFields = [
  'name',
  'body',
  'value',
  'data',
  'email',
  'password',
  'searchParam',
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'farewellMessage',
  'companyName',
  'phone',
  'wpp',
  'token',
  'status',
];

test('no route answers 500 to an id past the integer range or a NUL byte in any text', async () => {
  const tenant = await createTenant(app);
  const login = await call(app, 'POST', '/auth/login', {
    body: { email: SUPER_EMAIL, password: SUPER_PASSWORD },
  });
  const routes = registeredRoutes();
  expect(routes.length).toBeGreaterThan(20);

  const failures: string[] = [];
  for (const token of [tenant.admin.token, login.body.token as string]) {
    for (const { method, path } of routes) {
      const withBigId = path.replace(/:\w+/g, '2147483648').replace('*', 'company2147483648/x.png');
      const withNul = path.replace(/:\w+/g, '%00').replace('*', 'x%00.png');
      const body = Object.fromEntries(textFields.map((f) => [f, NUL]));
      const tries = [
        {
          url: `${withBigId}?companyId=2147483648&ticketId=2147483648&pageNumber=2147483648`,
          body: {
            id: 2147483648,
            userId: 2147483648,
            queueId: 2147483648,
            whatsappId: 2147483648,
            companyId: 2147483648,
            planId: 2147483648,
            queueIds: [2147483648],
          },
        },
        { url: `${withNul}?searchParam=%00&status=%00`, body },
      ];
      for (const attempt of tries) {
        const answer = await call(app, method, attempt.url, {
          token,
          ...(method === 'GET' || method === 'DELETE' ? {} : { body: attempt.body }),
        });
        if (answer.status >= 500) failures.push(`${method} ${attempt.url} → ${answer.status}`);
      }
    }
  }

  expect(failures).toEqual([]);
});

test('a malformed multipart body is bad input, not a server error', async () => {
  const tenant = await createTenant(app);

  for (const payload of [
    'garbage',
    '--x\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\n\r\nPNG',
  ]) {
    const answer = await app.inject({
      method: 'POST',
      url: `/users/${tenant.admin.id}/media-upload`,
      headers: {
        authorization: `Bearer ${tenant.admin.token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload,
    });

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe('ERR_VALIDATION');
  }
});
