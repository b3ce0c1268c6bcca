import { Field, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { resourceTypeLabel, useStoreOptions } from '../resources';
import { centsToPrice, priceToCents } from './uploadFiles';

/** The metadata of a resource as typed in the form (the price in dollars). */
export interface ResourceFormValues {
  title: string;
  description: string;
  type: string;
  danceStyleId: string;
  ageGroup: string;
  skillLevel: string;
  categoryId: string;
  price: string;
}

export const EMPTY_RESOURCE_FORM: ResourceFormValues = {
  title: '',
  description: '',
  type: '',
  danceStyleId: '',
  ageGroup: '',
  skillLevel: '',
  categoryId: '',
  price: '0.00',
};

export function formValuesOf(resource: {
  title: string;
  description: string;
  type: string;
  ageGroup?: string | null;
  skillLevel?: string | null;
  priceCents: number;
  danceStyle?: { id: string } | null;
  category?: { id: string } | null;
}): ResourceFormValues {
  return {
    title: resource.title,
    description: resource.description,
    type: resource.type,
    danceStyleId: resource.danceStyle?.id ?? '',
    ageGroup: resource.ageGroup ?? '',
    skillLevel: resource.skillLevel ?? '',
    categoryId: resource.category?.id ?? '',
    price: centsToPrice(resource.priceCents),
  };
}

/** Client-side checks; the keys are the server's field names. */
export function validateResourceForm(values: ResourceFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  else if (values.title.trim().length > 200) errors.title = 'Title can be at most 200 characters';
  if (!values.type) errors.type = 'Choose a type';
  if (priceToCents(values.price) === null)
    errors.priceCents = 'Enter a price from 0 to 1000 dollars, e.g. 12.50';
  return errors;
}

/** The input fields of a resource shared by create and update (nullable ones as null when empty). */
export function metadataInput(values: ResourceFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    danceStyleId: values.danceStyleId || null,
    ageGroup: values.ageGroup || null,
    skillLevel: values.skillLevel || null,
    categoryId: values.categoryId || null,
    priceCents: priceToCents(values.price) ?? 0,
  };
}

function Select({
  label,
  name,
  value,
  onChange,
  options,
  placeholder,
  error,
  required,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  placeholder: string;
  error?: string;
  required?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** Title, description, type, dance style, age group, skill level, category and price. */
export function ResourceMetadataFields({
  values,
  onChange,
  errors,
}: {
  values: ResourceFormValues;
  onChange: (values: ResourceFormValues) => void;
  errors: (field: string) => string | undefined;
}) {
  const options = useStoreOptions();
  const set = (key: keyof ResourceFormValues) => (value: string) => onChange({ ...values, [key]: value });
  return (
    <Stack gap={4}>
      <Field.Root invalid={Boolean(errors('title'))} required>
        <Field.Label>
          Title <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="title"
          maxLength={200}
          value={values.title}
          onChange={(e) => set('title')(e.target.value)}
        />
        {errors('title') ? <Field.ErrorText>{errors('title')}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root invalid={Boolean(errors('description'))}>
        <Field.Label>Description</Field.Label>
        <Textarea
          name="description"
          rows={5}
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
        />
        <Field.HelperText>What the resource contains and how teachers use it.</Field.HelperText>
        {errors('description') ? <Field.ErrorText>{errors('description')}</Field.ErrorText> : null}
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <Select
          label="Type"
          name="type"
          required
          value={values.type}
          onChange={set('type')}
          placeholder="Choose a type"
          options={options.resourceTypes.map((t) => ({ value: t, label: resourceTypeLabel(t) }))}
          error={errors('type')}
        />
        <Select
          label="Dance style"
          name="danceStyleId"
          value={values.danceStyleId}
          onChange={set('danceStyleId')}
          placeholder="Any style"
          options={options.danceStyles.map((s) => ({ value: s.id, label: s.name }))}
          error={errors('danceStyleId')}
        />
        <Select
          label="Age group"
          name="ageGroup"
          value={values.ageGroup}
          onChange={set('ageGroup')}
          placeholder="Not specified"
          options={options.ageGroups.map((a) => ({ value: a, label: a }))}
          error={errors('ageGroup')}
        />
        <Select
          label="Skill level"
          name="skillLevel"
          value={values.skillLevel}
          onChange={set('skillLevel')}
          placeholder="Not specified"
          options={options.skillLevels.map((s) => ({ value: s, label: s }))}
          error={errors('skillLevel')}
        />
        <Select
          label="Category"
          name="categoryId"
          value={values.categoryId}
          onChange={set('categoryId')}
          placeholder="No category"
          options={options.categories.map((c) => ({ value: c.id, label: c.name }))}
          error={errors('categoryId')}
        />
        <Field.Root invalid={Boolean(errors('priceCents'))} required>
          <Field.Label>
            Price (USD) <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup startAddon="$">
            <Input
              name="price"
              inputMode="decimal"
              value={values.price}
              onChange={(e) => set('price')(e.target.value)}
            />
          </InputGroup>
          <Field.HelperText>0 makes it free; at most $1,000.</Field.HelperText>
          {errors('priceCents') ? <Field.ErrorText>{errors('priceCents')}</Field.ErrorText> : null}
        </Field.Root>
      </SimpleGrid>
    </Stack>
  );
}
