import { describe, expect, test } from 'vitest';
import { contactFormDefaults, createContactForm, toUpdateContactBody } from './contact-form';

describe('the contact form', () => {
  test('creating asks for name and number as the contract does', () => {
    const result = createContactForm.safeParse({ name: 'A', number: '' });
    expect(result.success).toBe(false);
    const first = (field: string) => result.error?.issues.find((i) => i.path[0] === field)?.message;
    expect([first('name'), first('number')]).toEqual(['tooShort', 'required']);
  });

  test('a hidden number starts blank and a blank number is not sent', () => {
    const defaults = contactFormDefaults({
      numberHidden: true,
      number: '5511****21',
      extraInfo: [],
    } as never);
    expect(defaults.number).toBeUndefined();
    expect(toUpdateContactBody({ name: 'Ana', number: '' })).toEqual({ name: 'Ana' });
  });
});
