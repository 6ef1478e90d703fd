import { describe, expect, test } from 'vitest';
import { createUserForm, editUserForm, toUserBody, userFormDefaults } from './user-form';

const filled = {
  ...userFormDefaults(null),
  name: 'Maria Souza',
  email: 'Maria@Example.com',
  password: 'Segredo-1',
};

describe('user form', () => {
  test('a new user needs a password', () => {
    const result = createUserForm.safeParse({ ...filled, password: '' });

    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['password'], message: 'passwordTooShort' });
  });

  test('editing keeps the password when none is typed', () => {
    const values = editUserForm.parse({ ...filled, password: undefined });

    expect(toUserBody(values, true)).not.toHaveProperty('password');
  });

  test('a password follows the sign-up rule: 8 characters with lower and upper case', () => {
    const result = editUserForm.safeParse({ ...filled, password: 'segredo12' });

    expect(result.error?.issues[0]).toMatchObject({ path: ['password'], message: 'passwordWeak' });
  });

  test('the current password goes only with a new password', () => {
    const keeping = editUserForm.parse({ ...filled, password: undefined, currentPassword: 'Old-secret-1' });
    const changing = editUserForm.parse({ ...filled, currentPassword: 'Old-secret-1' });

    expect(toUserBody(keeping, false)).not.toHaveProperty('currentPassword');
    expect(toUserBody(changing, false)).toMatchObject({
      password: 'Segredo-1',
      currentPassword: 'Old-secret-1',
    });
  });

  test('a name under 2 characters gets the tooShort key the locales translate', () => {
    const result = editUserForm.safeParse({ ...filled, name: 'M' });

    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'tooShort' });
  });

  test('a user editing their own profile sends no admin-only field', () => {
    const body = toUserBody(editUserForm.parse(filled), false);

    expect(Object.keys(body).sort()).toEqual(
      [
        'defaultMenu',
        'defaultTheme',
        'email',
        'farewellMessage',
        'language',
        'name',
        'password',
        'wpp',
      ].sort(),
    );
    expect(body.email).toBe('maria@example.com');
  });
});
