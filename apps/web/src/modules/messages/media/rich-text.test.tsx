import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { RichText } from './rich-text';

const html = (text: string) => render(<RichText text={text} />).container.innerHTML;

test("a signature's marks are drawn, and stray marks stay as typed", () => {
  expect(html('*Ana:*\nOlá')).toBe('<strong>Ana:</strong>\nOlá');
  expect(html('_já_ e ~não~')).toBe('<em>já</em> e <s>não</s>');
  expect(html('2 * 3 = 6, 2*3*4 e nome_do_arquivo')).toBe('2 * 3 = 6, 2*3*4 e nome_do_arquivo');
  expect(html('<b>nada</b>')).toBe('&lt;b&gt;nada&lt;/b&gt;');
});
