import {
  Alert,
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { centsToDollarsText, certificateTemplateChoices, dollarsToCents } from './courseFormat';
import type { CourseUserError } from './useCourseMutation';
import { useCertificateTemplateOptions, useCourseOptions } from './useCourseOptions';

/** What the course form edits (the price as typed, in dollars). */
export interface CourseFormValues {
  title: string;
  summary: string;
  description: string;
  price: string;
  danceStyleId: string;
  skillLevel: string;
  ageGroup: string;
  categoryId: string;
  coverImageUrl: string;
  memberOnly: boolean;
  /** '' for the default template. */
  certificateTemplateId: string;
}

export interface CourseFormSource {
  title: string;
  summary: string;
  description: string;
  priceCents: number;
  skillLevel?: string | null;
  ageGroup?: string | null;
  coverImageUrl?: string | null;
  memberOnly: boolean;
  danceStyle?: { id: string } | null;
  category?: { id: string } | null;
  certificateTemplate?: { id: string; name?: string | null } | null;
}

/** The form's values for an existing course, or empty ones for a new course. */
export function courseFormValues(course?: CourseFormSource | null): CourseFormValues {
  return {
    title: course?.title ?? '',
    summary: course?.summary ?? '',
    description: course?.description ?? '',
    price: course ? centsToDollarsText(course.priceCents) : '',
    danceStyleId: course?.danceStyle?.id ?? '',
    skillLevel: course?.skillLevel ?? '',
    ageGroup: course?.ageGroup ?? '',
    categoryId: course?.category?.id ?? '',
    coverImageUrl: course?.coverImageUrl ?? '',
    memberOnly: course?.memberOnly ?? false,
    certificateTemplateId: course?.certificateTemplate?.id ?? '',
  };
}

/** The fields of `courseCreate`/`courseUpdate` for the form's values (empty choices clear). */
export function courseInputOf(values: CourseFormValues) {
  return {
    title: values.title,
    summary: values.summary,
    description: values.description,
    priceCents: dollarsToCents(values.price),
    danceStyleId: values.danceStyleId || null,
    skillLevel: values.skillLevel || null,
    ageGroup: values.ageGroup || null,
    categoryId: values.categoryId || null,
    coverImageUrl: values.coverImageUrl.trim() || null,
    memberOnly: values.memberOnly,
    certificateTemplateId: values.certificateTemplateId || null,
  };
}

const FORM_FIELDS = new Set([
  'title',
  'summary',
  'description',
  'priceCents',
  'danceStyleId',
  'skillLevel',
  'ageGroup',
  'categoryId',
  'coverImageUrl',
  'memberOnly',
  'certificateTemplateId',
]);

export interface CourseFormProps {
  initial?: CourseFormSource | null;
  submitLabel: string;
  submitting?: boolean;
  userErrors?: CourseUserError[];
  /** Fields shown above the course's own (the admin creator's instructor select). */
  children?: ReactNode;
  /** Extra field names whose errors `children` shows (kept out of the form-level alert). */
  extraFields?: string[];
  onSubmit: (values: CourseFormValues) => void | Promise<unknown>;
}

/** The course details form of the instructor's create and edit pages and the admin course creator. */
export function CourseForm({
  initial,
  submitLabel,
  submitting,
  userErrors = [],
  children,
  extraFields = [],
  onSubmit,
}: CourseFormProps) {
  const options = useCourseOptions();
  const certificateTemplates = useCertificateTemplateOptions();
  const [values, setValues] = useState<CourseFormValues>(() => courseFormValues(initial));
  const set = <K extends keyof CourseFormValues>(key: K, value: CourseFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const errorOf = (field: string) => userErrors.find((e) => e.field === field)?.message;
  const formErrors = userErrors.filter(
    (e) => !e.field || (!FORM_FIELDS.has(e.field) && !extraFields.includes(e.field)),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSubmit(values);
  }

  // A value saved earlier but no longer in the list (e.g. a deleted style) still shows.
  const choice = (value: string, list: string[]) =>
    value && !list.includes(value) ? [value, ...list] : list;

  return (
    <form onSubmit={submit} noValidate aria-label="Course details">
      <Stack gap={5}>
        {formErrors.length > 0 && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              {formErrors.map((e, i) => (
                <Alert.Description key={`${e.code}-${i}`}>{e.message}</Alert.Description>
              ))}
            </Alert.Content>
          </Alert.Root>
        )}
        {children}
        <Field.Root invalid={Boolean(errorOf('title'))} required>
          <Field.Label>
            Title <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="title"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={200}
          />
          <Field.ErrorText>{errorOf('title')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errorOf('summary'))}>
          <Field.Label>Summary</Field.Label>
          <Input
            name="summary"
            value={values.summary}
            onChange={(e) => set('summary', e.target.value)}
            maxLength={500}
            placeholder="One sentence shown on the course card"
          />
          <Field.ErrorText>{errorOf('summary')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errorOf('description'))}>
          <Field.Label>Description</Field.Label>
          <Textarea
            name="description"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            rows={6}
            placeholder="What students learn, who the course is for. Separate paragraphs with a blank line."
          />
          <Field.ErrorText>{errorOf('description')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
          <Field.Root invalid={Boolean(errorOf('priceCents'))}>
            <Field.Label>Price (USD)</Field.Label>
            <InputGroup startElement="$">
              <Input
                name="price"
                inputMode="decimal"
                value={values.price}
                onChange={(e) => set('price', e.target.value)}
                placeholder="0.00"
              />
            </InputGroup>
            {errorOf('priceCents') ? (
              <Field.ErrorText>{errorOf('priceCents')}</Field.ErrorText>
            ) : (
              <Field.HelperText>Leave empty or 0 for a free course.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('danceStyleId'))}>
            <Field.Label>Dance style</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="danceStyleId"
                value={values.danceStyleId}
                onChange={(e) => set('danceStyleId', e.target.value)}
              >
                <option value="">No style</option>
                {options.danceStyles.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorOf('danceStyleId')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('skillLevel'))}>
            <Field.Label>Skill level</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="skillLevel"
                value={values.skillLevel}
                onChange={(e) => set('skillLevel', e.target.value)}
              >
                <option value="">Any level</option>
                {choice(values.skillLevel, options.skillLevels).map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorOf('skillLevel')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('ageGroup'))}>
            <Field.Label>Age group</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="ageGroup"
                value={values.ageGroup}
                onChange={(e) => set('ageGroup', e.target.value)}
              >
                <option value="">Any age</option>
                {choice(values.ageGroup, options.ageGroups).map((group) => (
                  <option key={group} value={group}>
                    {group}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorOf('ageGroup')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('categoryId'))}>
            <Field.Label>Category</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="categoryId"
                value={values.categoryId}
                onChange={(e) => set('categoryId', e.target.value)}
              >
                <option value="">No category</option>
                {options.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorOf('categoryId')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('coverImageUrl'))}>
            <Field.Label>Cover image URL</Field.Label>
            <Input
              name="coverImageUrl"
              type="url"
              value={values.coverImageUrl}
              onChange={(e) => set('coverImageUrl', e.target.value)}
              placeholder="https://…"
            />
            <Field.ErrorText>{errorOf('coverImageUrl')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(errorOf('certificateTemplateId'))}>
          <Field.Label>Certificate template</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="certificateTemplateId"
              value={values.certificateTemplateId}
              onChange={(e) => set('certificateTemplateId', e.target.value)}
            >
              {certificateTemplateChoices(certificateTemplates.templates, initial?.certificateTemplate).map(
                (c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ),
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errorOf('certificateTemplateId') ? (
            <Field.ErrorText>{errorOf('certificateTemplateId')}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              The layout of the certificates this course issues. The default template is the one staff mark as
              default.
            </Field.HelperText>
          )}
        </Field.Root>
        <Checkbox.Root
          checked={values.memberOnly}
          onCheckedChange={(details) => set('memberOnly', details.checked === true)}
        >
          <Checkbox.HiddenInput name="memberOnly" />
          <Checkbox.Control />
          <Checkbox.Label>Included in the membership (members take it at no extra cost)</Checkbox.Label>
        </Checkbox.Root>
        <HStack justify="flex-end">
          <Button type="submit" loading={submitting} loadingText="Saving…">
            {submitLabel}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
