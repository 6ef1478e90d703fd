import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { companySettings, contacts } from '../../db/schema/index.js';
import { maskCard, maskNumber } from './contacts.masking.js';

describe('the mask', () => {
  test('leaves country and area code and the last two digits', () => {
    expect(maskNumber('5511987654321')).toBe('5511*******21');
    expect(maskNumber('12345')).toBe('*****');
  });

  test('hides every number of a contact card, as we write it, as Baileys stores it and as the Cloud API sends it', () => {
    const ours =
      'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;waid=5511987654321:+5511987654321\nEND:VCARD';
    const baileys = JSON.stringify([
      { displayName: 'Ana', vcard: 'BEGIN:VCARD\nTEL;waid=5511987654321:+55 11 98765-4321\nEND:VCARD' },
    ]);
    const cloud = 'Ana: +55 (11) 98765-4321\nBia: +1 202-555-0143';

    expect(maskCard(ours)).toBe(
      'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;waid=5511*******21:+5511*******21\nEND:VCARD',
    );
    expect(JSON.parse(maskCard(baileys))[0].vcard).toBe(
      'BEGIN:VCARD\nTEL;waid=5511*******21:+5511*******21\nEND:VCARD',
    );
    expect(maskCard(cloud)).toBe('Ana: +5511*******21\nBia: +1202*****43');
  });
});

const app = await createTestApp();
afterAll(() => app.close());

describe('lgpdHideNumber on the contacts page', () => {
  const NUMBER = '5511987654321';

  async function hidingCompany() {
    const tenant = await createTenant(app);
    await app.deps.db
      .insert(companySettings)
      .values({ companyId: tenant.companyId, key: 'lgpdHideNumber', value: 'enabled' });
    const attendant = await createUser(app, tenant.companyId);
    const [nameless] = await app.deps.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: NUMBER, number: NUMBER })
      .returning();
    const [named] = await app.deps.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: 'Maria Clara', number: '5511912345678' })
      .returning();
    if (!nameless || !named) throw new Error('contacts not created');
    return { tenant, attendant, nameless, named };
  }

  test('a contact whose name is its number has the name masked with it', async () => {
    const { tenant, attendant, nameless } = await hidingCompany();

    const asUser = await call(app, 'GET', `/contacts/${nameless.id}`, { token: attendant.token });
    const asAdmin = await call(app, 'GET', `/contacts/${nameless.id}`, { token: tenant.admin.token });

    expect(asUser.body).toMatchObject({ name: '5511*******21', number: '5511*******21', numberHidden: true });
    expect(asAdmin.body).toMatchObject({ name: NUMBER, number: NUMBER, numberHidden: false });
  });

  test('the user profile finds no contact by its number, whole or in part, nor by a name that is the number', async () => {
    const { tenant, attendant, named } = await hidingCompany();
    const search = (token: string, searchParam: string) =>
      call(app, 'GET', `/contacts?${new URLSearchParams({ searchParam })}`, { token });

    for (const typed of [NUMBER, '98765', '+55 (11) 91234-5678'])
      expect((await search(attendant.token, typed)).body.contacts).toEqual([]);
    expect((await search(attendant.token, 'Clara')).body.contacts).toMatchObject([{ id: named.id }]);
    expect((await search(tenant.admin.token, NUMBER)).body.count).toBe(1);
    expect((await search(tenant.admin.token, '+55 (11) 91234-5678')).body.contacts).toMatchObject([
      { id: named.id },
    ]);
  });
});
