import { describe, expect, it } from 'vitest';
import {
  initialSelection,
  pickableOptions,
  selectValue,
  valueState,
  variantFor,
  variantLabel,
} from './variantPicker';

const options = [
  { name: 'Size', values: ['6', '7', '8'] },
  { name: 'Colour', values: ['Pink', 'Black', 'Tan'] },
];

function variant(id: string, size: string, colour: string, available = true) {
  return {
    id,
    available,
    selectedOptions: [
      { name: 'Size', value: size },
      { name: 'Colour', value: colour },
    ],
  };
}

// 6/Pink sold out; 7 Pink and Black; 8 only in Black (sold out); no Tan at all.
const variants = [
  variant('6-pink', '6', 'Pink', false),
  variant('6-black', '6', 'Black'),
  variant('7-pink', '7', 'Pink'),
  variant('7-black', '7', 'Black'),
  variant('8-black', '8', 'Black', false),
];

describe('variant picker rules', () => {
  it('starts on the first variant that can be bought', () => {
    expect(initialSelection(options, variants)).toEqual({ Size: '6', Colour: 'Black' });
    const allSoldOut = variants.map((v) => ({ ...v, available: false }));
    expect(initialSelection(options, allSoldOut)).toEqual({ Size: '6', Colour: 'Pink' });
  });

  it('finds the variant of a full choice', () => {
    expect(variantFor(options, variants, { Size: '7', Colour: 'Pink' })?.id).toBe('7-pink');
    expect(variantFor(options, variants, { Size: '8', Colour: 'Pink' })).toBeUndefined();
    expect(variantFor(options, variants, { Size: '7' })).toBeUndefined();
    expect(variantFor([], [variant('only', '-', '-')], {})?.id).toBe('only');
  });

  it('tells available, sold-out, missing and non-existent values apart for the current choice', () => {
    const selection = { Size: '6', Colour: 'Black' };
    expect(valueState(variants, selection, 'Size', '6')).toBe('available');
    expect(valueState(variants, selection, 'Size', '8')).toBe('soldOut');
    expect(valueState(variants, selection, 'Colour', 'Pink')).toBe('soldOut');
    expect(valueState(variants, { Size: '8', Colour: 'Black' }, 'Colour', 'Pink')).toBe('unavailable');
    expect(valueState(variants, selection, 'Colour', 'Tan')).toBe('none');
  });

  it('keeps the other options when the combination exists, else moves them to the closest buyable one', () => {
    const selection = { Size: '6', Colour: 'Black' };
    expect(selectValue(options, variants, selection, 'Size', '7')).toEqual({ Size: '7', Colour: 'Black' });
    // 8/Pink does not exist: 8/Black (sold out) is the only 8.
    expect(selectValue(options, variants, { Size: '7', Colour: 'Pink' }, 'Size', '8')).toEqual({
      Size: '8',
      Colour: 'Black',
    });
    // Pink with 8 does not exist: the Pink that can be bought (7) is chosen rather than the sold-out 6.
    expect(selectValue(options, variants, { Size: '8', Colour: 'Black' }, 'Colour', 'Pink')).toEqual({
      Size: '7',
      Colour: 'Pink',
    });
    // No variant is Tan: nothing changes.
    expect(selectValue(options, variants, selection, 'Colour', 'Tan')).toBe(selection);
  });

  it("hides Shopify's single Default Title option and names variants by their values", () => {
    expect(pickableOptions([{ name: 'Title', values: ['Default Title'] }])).toEqual([]);
    expect(pickableOptions([{ name: 'Colour', values: ['Black'] }])).toHaveLength(1);
    expect(variantLabel(variants[3].selectedOptions)).toBe('7 / Black');
    expect(variantLabel([{ name: 'Title', value: 'Default Title' }])).toBe('');
  });
});
