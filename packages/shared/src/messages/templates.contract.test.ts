import { describe, expect, test } from 'vitest';
import {
  type MessageTemplate,
  renderTemplate,
  templateInputFits,
  templateMediaSource,
  templateVariables,
} from './templates.contract.js';

const named: MessageTemplate = {
  name: 'pedido_pronto',
  language: 'pt_BR',
  category: 'UTILITY',
  parameterFormat: 'NAMED',
  header: { format: 'TEXT', text: 'Pedido {{order_id}}', variable: 'order_id' },
  body: 'Olá {{first_name}}, seu pedido {{ order_id }} está pronto.',
  footer: 'Loja X',
  variables: ['first_name', 'order_id'],
  buttons: [{ index: 0, text: 'Acompanhar', url: 'https://loja.example/{{1}}' }],
};
const image: MessageTemplate = {
  ...named,
  parameterFormat: 'POSITIONAL',
  header: { format: 'IMAGE', text: null, variable: null },
  body: 'Promoção',
  footer: null,
  variables: [],
  buttons: [],
};

describe('message templates', () => {
  test('positional variables count up to the highest; named ones keep their first order, once each', () => {
    expect(templateVariables('{{2}} e {{1}}, {{ 3 }}')).toEqual(['1', '2', '3']);
    expect(templateVariables('{{first_name}}, {{order}} de {{first_name}}')).toEqual(['first_name', 'order']);
    expect(templateVariables('sem variáveis')).toEqual([]);
  });

  test('the text shows the header and body as sent, and the footer', () => {
    expect(renderTemplate(named, { parameters: ['Maria', 'A-7'], header: 'A-7' })).toBe(
      'Pedido A-7\n\nOlá Maria, seu pedido A-7 está pronto.\n\nLoja X',
    );
    expect(renderTemplate(image, { parameters: [], header: 'https://cdn.example/a.png' })).toBe('Promoção');
  });

  test('a media header takes an https link or an uploaded media id, nothing else', () => {
    expect(templateMediaSource('https://cdn.example/a.png')).toEqual({ link: 'https://cdn.example/a.png' });
    expect(templateMediaSource('1013859600285441')).toEqual({ id: '1013859600285441' });
    expect(templateMediaSource('http://cdn.example/a.png')).toBeUndefined();
    expect(templateMediaSource('a.png')).toBeUndefined();
  });

  test('values fit when each variable, button and needed header has one, and nothing more', () => {
    const full = { parameters: ['Maria', 'A-7'], header: 'A-7', buttons: ['a7'] };
    expect(templateInputFits(named, full)).toBe(true);
    expect(templateInputFits(named, { ...full, parameters: ['Maria'] })).toBe(false);
    expect(templateInputFits(named, { ...full, buttons: [] })).toBe(false);
    expect(templateInputFits(named, { ...full, header: undefined })).toBe(false);
    expect(templateInputFits(image, { parameters: [], buttons: [], header: '123' })).toBe(true);
    expect(templateInputFits(image, { parameters: [], buttons: [], header: 'ftp://x.y' })).toBe(false);
    expect(templateInputFits({ ...image, header: null }, { parameters: [], buttons: [], header: 'x' })).toBe(
      false,
    );
  });
});
