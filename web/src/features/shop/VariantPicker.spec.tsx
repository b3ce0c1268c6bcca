import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../../theme';
import { VariantPicker } from './VariantPicker';

const options = [
  { name: 'Size', values: ['6', '7', '8'] },
  { name: 'Colour', values: ['Pink', 'Black', 'Tan'] },
];
const v = (id: string, size: string, colour: string, available = true) => ({
  id,
  available,
  selectedOptions: [
    { name: 'Size', value: size },
    { name: 'Colour', value: colour },
  ],
});
const variants = [
  v('6-pink', '6', 'Pink', false),
  v('6-black', '6', 'Black'),
  v('7-black', '7', 'Black'),
  v('8-pink', '8', 'Pink'),
];

/** The markup without Emotion's style tags. */
const markup = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

function render(selection: Record<string, string>): string {
  return markup(
    renderToString(
      <ChakraProvider value={system}>
        <VariantPicker
          options={options}
          variants={variants}
          selection={selection}
          onChange={() => undefined}
        />
      </ChakraProvider>,
    ),
  );
}

/** The radio of one value, with its label's state and accessible note. */
function valueMarkup(
  html: string,
  value: string,
): { input: string; state: string | undefined; note: string } {
  const label = new RegExp(
    `<label[^>]*data-state="(\\w+)"[^>]*>(<input[^>]*value="${value}"[^>]*/?>)([\\s\\S]*?)</label>`,
  ).exec(html);
  if (!label) throw new Error(`no radio for ${value}`);
  const note = /data-testid="variant-value-note"[^>]*>([^<]*)</.exec(label[3])?.[1] ?? '';
  return { state: label[1], input: label[2], note: note.replace(/&#x27;/g, "'").trim() };
}

describe('VariantPicker', () => {
  it('renders one labelled radio group per option with the chosen values checked', () => {
    const html = render({ Size: '6', Colour: 'Black' });
    expect(html.match(/<fieldset/g)).toHaveLength(2);
    expect(html).toMatch(/<legend[^>]*>Size<span[^>]*>: <!-- -->6<\/span><\/legend>/);
    expect(valueMarkup(html, '6').input).toMatch(/checked/);
    expect(valueMarkup(html, 'Black').input).toMatch(/checked/);
    expect(valueMarkup(html, '7').input).not.toMatch(/checked/);
    expect(html.match(/type="radio"/g)).toHaveLength(6);
  });

  it('marks sold-out and missing combinations, and disables values no variant has', () => {
    const html = render({ Size: '6', Colour: 'Black' });
    expect(valueMarkup(html, '7')).toMatchObject({ state: 'available', note: '' });
    // 8 exists only in Pink: with Black chosen it is not a combination.
    expect(valueMarkup(html, '8')).toMatchObject({ state: 'unavailable', note: '(not in this combination)' });
    expect(valueMarkup(html, '8').input).not.toMatch(/disabled/);
    // 6/Pink exists but is sold out.
    expect(valueMarkup(html, 'Pink')).toMatchObject({ state: 'soldOut', note: '(sold out)' });
    expect(valueMarkup(html, 'Pink').input).not.toMatch(/disabled/);
    // No variant is Tan.
    expect(valueMarkup(html, 'Tan')).toMatchObject({ state: 'none', note: '(unavailable)' });
    expect(valueMarkup(html, 'Tan').input).toMatch(/disabled/);
  });

  it('renders nothing for a product without options to pick', () => {
    const html = renderToString(
      <ChakraProvider value={system}>
        <VariantPicker options={[]} variants={variants} selection={{}} onChange={() => undefined} />
      </ChakraProvider>,
    );
    expect(html).not.toContain('fieldset');
  });
});
