import { expect, test } from 'vitest';
import { decodeSettings } from './campaigns-settings.api';

test('the JSON-encoded pairs become one settings object, the spec defaults for keys not sent', () => {
  const settings = decodeSettings([
    { key: 'messageInterval', value: '5' },
    { key: 'variables', value: '[{"key":"loja","value":"Centro"}]' },
  ]);

  expect(settings).toEqual({
    messageInterval: 5,
    longerIntervalAfter: 20,
    greaterInterval: 60,
    variables: [{ key: 'loja', value: 'Centro' }],
  });
});
