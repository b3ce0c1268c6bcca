/** Choosing a product's variant by its options (size, colour…): pure rules for the product page. */

export interface PickerOption {
  name: string;
  values: readonly string[];
}

export interface PickerVariant {
  id: string;
  available: boolean;
  selectedOptions: readonly { name: string; value: string }[];
}

/** The value chosen for each option, by option name. */
export type Selection = Readonly<Record<string, string>>;

/**
 * How a value looks next to the current choice of the other options:
 * - `available`: that combination exists and can be bought;
 * - `soldOut`: it exists but is sold out (marked, still choosable to see it);
 * - `unavailable`: no such combination (marked; choosing it moves the other options to one that has it);
 * - `none`: no variant has this value at all (disabled).
 */
export type ValueState = 'available' | 'soldOut' | 'unavailable' | 'none';

function valueOf(variant: PickerVariant, name: string): string | undefined {
  return variant.selectedOptions.find((option) => option.name === name)?.value;
}

function matches(variant: PickerVariant, selection: Selection): boolean {
  return Object.entries(selection).every(([name, value]) => valueOf(variant, name) === value);
}

/** The variant with exactly these option values, if there is one. */
export function variantFor<V extends PickerVariant>(
  options: readonly PickerOption[],
  variants: readonly V[],
  selection: Selection,
): V | undefined {
  if (options.some((option) => !selection[option.name]))
    return options.length === 0 ? variants[0] : undefined;
  return variants.find((variant) => matches(variant, selection));
}

function selectionOf(options: readonly PickerOption[], variant: PickerVariant | undefined): Selection {
  const selection: Record<string, string> = {};
  for (const option of options) {
    const value = variant ? valueOf(variant, option.name) : undefined;
    selection[option.name] = value ?? option.values[0] ?? '';
  }
  return selection;
}

/** Where the picker starts: the first variant that can be bought, else the first variant. */
export function initialSelection(
  options: readonly PickerOption[],
  variants: readonly PickerVariant[],
): Selection {
  return selectionOf(options, variants.find((variant) => variant.available) ?? variants[0]);
}

/** How `value` of option `name` stands with the other options as chosen now. */
export function valueState(
  variants: readonly PickerVariant[],
  selection: Selection,
  name: string,
  value: string,
): ValueState {
  const withValue = variants.filter((variant) => valueOf(variant, name) === value);
  if (withValue.length === 0) return 'none';
  const exact = withValue.find((variant) => matches(variant, { ...selection, [name]: value }));
  if (!exact) return 'unavailable';
  return exact.available ? 'available' : 'soldOut';
}

/**
 * The choice after picking `value` for option `name`: the others stay when that combination
 * exists; otherwise they move to the variant with this value that keeps most of them (one that
 * can be bought first).
 */
export function selectValue(
  options: readonly PickerOption[],
  variants: readonly PickerVariant[],
  selection: Selection,
  name: string,
  value: string,
): Selection {
  const wanted = { ...selection, [name]: value };
  if (variants.some((variant) => matches(variant, wanted))) return wanted;
  const candidates = variants.filter((variant) => valueOf(variant, name) === value);
  if (candidates.length === 0) return selection;
  const kept = (variant: PickerVariant) =>
    options.filter((option) => valueOf(variant, option.name) === wanted[option.name]).length;
  const best = [...candidates].sort(
    (a, b) => Number(b.available) - Number(a.available) || kept(b) - kept(a),
  )[0];
  return selectionOf(options, best);
}

/** "Size 8, Black": the options that name a variant, for a screen reader or a bag line. */
export function variantLabel(selectedOptions: readonly { name: string; value: string }[]): string {
  return selectedOptions
    .filter((option) => !(option.name === 'Title' && option.value === 'Default Title'))
    .map((option) => option.value)
    .join(' / ');
}

/** Options worth a picker: Shopify gives a single-variant product one "Title" option. */
export function pickableOptions<O extends PickerOption>(options: readonly O[]): O[] {
  return options.filter(
    (option) =>
      !(option.values.length <= 1 && (option.name === 'Title' || option.values[0] === 'Default Title')),
  );
}
