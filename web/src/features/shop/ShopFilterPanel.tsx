import { useQuery } from '@apollo/client/react';
import { Button, Field, Heading, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { CATALOG_FORM_ID, NoScriptFiltersForm } from '../../ui/CatalogNoScript';
import { CatalogSearchForm } from '../../ui/CatalogSearchForm';
import { ShopFacetsQueryDocument } from './shopDocuments';
import { activeShopFilterCount, SHOP_SORTS, type ShopFilters, tagLabel } from './shopFormat';

type OnChange = (change: Partial<ShopFilters>) => void;

/** The search box and the sort above the grid. */
export function ShopSearchBar({ filters, onChange }: { filters: ShopFilters; onChange: OnChange }) {
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap={3} align={{ md: 'flex-end' }}>
      <CatalogSearchForm
        label="Search the shop"
        placeholder="Ballet slippers, tap shoes, leotards…"
        value={filters.search}
        onSearch={(search) => onChange({ search })}
      />
      <Field.Root flex="1">
        <Field.Label>Sort by</Field.Label>
        <NativeSelect.Root bg="bg">
          <NativeSelect.Field
            name="sort"
            form={CATALOG_FORM_ID}
            value={filters.sort || 'FEATURED'}
            onChange={(e) =>
              onChange({ sort: e.target.value === 'FEATURED' ? '' : (e.target.value as ShopFilters['sort']) })
            }
          >
            {SHOP_SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Stack>
  );
}

function FilterSelect({
  label,
  name,
  value,
  placeholder,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  // A value from the URL that the facets no longer list stays choosable, so the select shows it.
  const all =
    value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" bg="bg">
        <NativeSelect.Field
          name={name}
          form={CATALOG_FORM_ID}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{placeholder}</option>
          {all.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** A price bound, applied when the box loses focus or Enter is pressed. */
function PriceInput({
  label,
  name,
  value,
  placeholder,
  onCommit,
}: {
  label: string;
  name: string;
  value: string;
  placeholder?: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        bg="bg"
        name={name}
        form={CATALOG_FORM_ID}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => onCommit(text.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(text.trim());
        }}
      />
    </Field.Root>
  );
}

const bound = (value: number | null | undefined, round: (n: number) => number) =>
  value === null || value === undefined ? undefined : String(round(value));

/** Dance style, product type and price filters, from the shop's facets. */
export function ShopFilterPanel({
  filters,
  currencyCode,
  onChange,
}: {
  filters: ShopFilters;
  currencyCode: string | null | undefined;
  onChange: OnChange;
}) {
  const { data } = useQuery(ShopFacetsQueryDocument);
  const facets = data?.shopFacets;
  const currency = currencyCode ? ` (${currencyCode})` : '';
  return (
    <Stack gap={4}>
      <HStack justify="space-between">
        <Heading as="h2" size="md">
          Filters
        </Heading>
        {activeShopFilterCount(filters) ? (
          <Button
            size="xs"
            variant="ghost"
            onClick={() => onChange({ danceStyle: '', productType: '', minPrice: '', maxPrice: '' })}
          >
            Clear filters
          </Button>
        ) : null}
      </HStack>
      <FilterSelect
        label="Dance style"
        name="style"
        value={filters.danceStyle}
        placeholder="All styles"
        options={(facets?.danceStyles ?? []).map((style) => ({ value: style, label: tagLabel(style) }))}
        onChange={(danceStyle) => onChange({ danceStyle })}
      />
      <FilterSelect
        label="Product type"
        name="type"
        value={filters.productType}
        placeholder="All products"
        options={(facets?.productTypes ?? []).map((type) => ({ value: type, label: type }))}
        onChange={(productType) => onChange({ productType })}
      />
      <HStack gap={2} align="flex-end">
        <PriceInput
          label={`Min price${currency}`}
          name="min"
          value={filters.minPrice}
          placeholder={bound(facets?.minPrice, Math.floor)}
          onCommit={(minPrice) => onChange({ minPrice })}
        />
        <PriceInput
          label={`Max price${currency}`}
          name="max"
          value={filters.maxPrice}
          placeholder={bound(facets?.maxPrice, Math.ceil)}
          onCommit={(maxPrice) => onChange({ maxPrice })}
        />
      </HStack>
      <NoScriptFiltersForm />
    </Stack>
  );
}
