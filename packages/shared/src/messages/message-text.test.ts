import { expect, test } from 'vitest';
import { plainFromWhatsapp, signedText, splitSignature } from './message-text.js';

test('WhatsApp marks come off at word edges; snake_case, 2*3*4 and lone marks stay as typed', () => {
  expect(plainFromWhatsapp('*Ana:*\nSeu *pedido* _saiu_ ~ontem~ ```x = 1```')).toBe(
    'Ana:\nSeu pedido saiu ontem x = 1',
  );
  expect(plainFromWhatsapp('snake_case 2*3*4 * solto _ e ~')).toBe('snake_case 2*3*4 * solto _ e ~');
  expect(plainFromWhatsapp('*negrito com _itálico_ dentro*')).toBe('negrito com itálico dentro');
});

test('a signature is split from the text after it and put back the same', () => {
  const body = signedText('Ana Lima', 'Oi\n*tudo bem*?');
  expect(splitSignature(body)).toEqual({ signer: 'Ana Lima', text: 'Oi\n*tudo bem*?' });
  expect(splitSignature('Oi *Ana:*\nx')).toEqual({ signer: null, text: 'Oi *Ana:*\nx' });
});
