import { type Setting, secretSettingKeys, settingDefinitions, settingKeys } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import {
  controlFor,
  isValidSettingValue,
  sectionsToShow,
  settingSections,
  unshownSettingKeys,
} from './settings-sections';

const everySetting: Setting[] = settingKeys.map((key) => ({ key, value: settingDefinitions[key].default }));
const shownKeys = (listed: Setting[], isSuper: boolean) =>
  sectionsToShow(listed, isSuper).flatMap(({ settings }) => settings.map((s) => s.key));

describe('settings sections', () => {
  test('every setting but the secret one and those without behaviour sits in exactly one section', () => {
    const placed = settingSections.flatMap(({ keys }) => keys);
    const hidden = [...secretSettingKeys, ...unshownSettingKeys];

    expect([...placed].sort()).toEqual(settingKeys.filter((key) => !hidden.includes(key)).sort());
  });

  test('chatBotType, which changes nothing, is not offered', () => {
    expect(shownKeys(everySetting, true)).not.toContain('chatBotType');
  });

  test('a company admin sees the company keys the server lists, without the platform section', () => {
    const listed = everySetting.filter(
      (s) => !['userCreation', 'paymentGatewayToken', ...unshownSettingKeys].includes(s.key),
    );

    const sections = sectionsToShow(listed, false);

    expect(sections.map((s) => s.section)).toEqual(['service', 'chatbot', 'media', 'lgpd', 'security']);
    expect(shownKeys(listed, false)).toHaveLength(listed.length);
  });

  test('sign-up is shown to the super user only, even if listed', () => {
    expect(shownKeys(everySetting, false)).not.toContain('userCreation');
    expect(shownKeys(everySetting, true)).toContain('userCreation');
  });

  test('a key the server did not list is not shown, and an emptied section goes', () => {
    const listed = everySetting.filter(
      (s) => !['acceptCallWhatsapp', 'acceptAudioMessageContact'].includes(s.key),
    );

    expect(sectionsToShow(listed, false).map((s) => s.section)).not.toContain('media');
  });

  test('the secret payment credential is never shown', () => {
    expect(shownKeys(everySetting, true)).not.toContain('paymentGatewayToken');
  });
});

describe('setting controls follow the contract', () => {
  test('on/off keys get a switch, other choices a list, text a field', () => {
    expect(controlFor('requiredTag')).toEqual({ kind: 'toggle' });
    expect(controlFor('scheduleType')).toEqual({
      kind: 'choice',
      options: ['disabled', 'queue', 'company', 'connection'],
    });
    expect(controlFor('lgpdMessage')).toEqual({ kind: 'text', multiline: true });
    expect(controlFor('lgpdLink')).toEqual({ kind: 'text', multiline: false });
  });

  test('a value the contract refuses is caught before sending', () => {
    expect(isValidSettingValue('lgpdLink', 'www.example.test')).toBe(false);
    expect(isValidSettingValue('lgpdLink', 'https://example.test/lgpd')).toBe(true);
    expect(isValidSettingValue('scheduleType', 'always')).toBe(false);
  });
});
