import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Grid,
  Input,
  InputGroup,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminSubscriptionPlanFragment } from '../../gql/graphql';
import { FormDialog } from '../../ui/FormDialog';
import { useCourseMutation } from '../courses';
import {
  ADMIN_MEMBERSHIP_QUERIES,
  SubscriptionPlanCreateMutationDocument,
  SubscriptionPlanUpdateMutationDocument,
} from './adminMembershipDocuments';
import {
  EMPTY_PLAN_FORM,
  formFromPlan,
  planInput,
  type PlanFormErrors,
  type PlanFormValues,
} from './planForm';

/** `null`: closed; `'new'`: create; a plan: edit it. */
export type PlanDialogTarget = null | 'new' | AdminSubscriptionPlanFragment;

/** Create or edit a membership plan (prices in dollars; a price change applies to new members only). */
export function PlanFormDialog({ target, onClose }: { target: PlanDialogTarget; onClose: () => void }) {
  return (
    <FormDialog open={target !== null} onClose={onClose} size="lg" scrollBehavior="inside">
      {target !== null ? (
        <PlanForm key={target === 'new' ? 'new' : target.id} target={target} onClose={onClose} />
      ) : null}
    </FormDialog>
  );
}

const REFETCH = [...ADMIN_MEMBERSHIP_QUERIES, 'SubscriptionPlans'];

function PlanForm({
  target,
  onClose,
}: {
  target: 'new' | AdminSubscriptionPlanFragment;
  onClose: () => void;
}) {
  const editing = target !== 'new';
  const create = useCourseMutation(SubscriptionPlanCreateMutationDocument, 'Plan not created', REFETCH);
  const update = useCourseMutation(SubscriptionPlanUpdateMutationDocument, 'Plan not saved', REFETCH);
  const mutation = editing ? update : create;
  const [values, setValues] = useState<PlanFormValues>(() =>
    editing ? formFromPlan(target) : EMPTY_PLAN_FORM,
  );
  const [localErrors, setLocalErrors] = useState<PlanFormErrors>({});
  const set = <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const errorOf = (field: keyof PlanFormErrors) => localErrors[field] ?? mutation.fieldError(field);
  const formError = mutation.userErrors.find((e) => !e.field)?.message;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const { input, errors } = planInput(values);
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const done = editing
      ? await update.run({ ...input, id: target.id }, 'Plan saved')
      : await create.run(input, 'Plan created');
    if (done) onClose();
  }

  const numberField = (
    field: 'trialDays' | 'position' | 'resourceDiscountPercent' | 'lessonCredits',
    label: string,
    helper: string,
    end?: string,
  ) => (
    <Field.Root invalid={Boolean(errorOf(field))}>
      <Field.Label>{label}</Field.Label>
      <InputGroup endElement={end}>
        <Input
          name={field}
          inputMode="numeric"
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      </InputGroup>
      {errorOf(field) ? (
        <Field.ErrorText>{errorOf(field)}</Field.ErrorText>
      ) : (
        <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>{editing ? `Edit plan ${target.name}` : 'New plan'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          {formError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root required invalid={Boolean(errorOf('name'))}>
            <Field.Label>
              Name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="name"
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              maxLength={100}
              placeholder="Studio Pro"
              autoFocus
            />
            {errorOf('name') ? <Field.ErrorText>{errorOf('name')}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('description'))}>
            <Field.Label>Description</Field.Label>
            <Textarea
              name="description"
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              rows={2}
              placeholder="Shown on the plan's card"
            />
            {errorOf('description') ? <Field.ErrorText>{errorOf('description')}</Field.ErrorText> : null}
          </Field.Root>
          {editing ? (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>
                A price change applies to new members only; current members keep their price.
              </Alert.Title>
            </Alert.Root>
          ) : null}
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
            <Field.Root required invalid={Boolean(errorOf('monthlyPriceCents'))}>
              <Field.Label>
                Monthly price <Field.RequiredIndicator />
              </Field.Label>
              <InputGroup startElement="$">
                <Input
                  name="monthlyPrice"
                  inputMode="decimal"
                  value={values.monthlyPrice}
                  onChange={(e) => set('monthlyPrice', e.target.value)}
                  placeholder="12.00"
                />
              </InputGroup>
              {errorOf('monthlyPriceCents') ? (
                <Field.ErrorText>{errorOf('monthlyPriceCents')}</Field.ErrorText>
              ) : null}
            </Field.Root>
            <Field.Root required invalid={Boolean(errorOf('yearlyPriceCents'))}>
              <Field.Label>
                Yearly price <Field.RequiredIndicator />
              </Field.Label>
              <InputGroup startElement="$">
                <Input
                  name="yearlyPrice"
                  inputMode="decimal"
                  value={values.yearlyPrice}
                  onChange={(e) => set('yearlyPrice', e.target.value)}
                  placeholder="120.00"
                />
              </InputGroup>
              {errorOf('yearlyPriceCents') ? (
                <Field.ErrorText>{errorOf('yearlyPriceCents')}</Field.ErrorText>
              ) : (
                <Field.HelperText>Less than 12 monthly payments shows a yearly saving.</Field.HelperText>
              )}
            </Field.Root>
            {numberField(
              'trialDays',
              'Trial days',
              'Free days before the first charge of a first membership; 0: none.',
            )}
            {numberField('position', 'Position', 'Order on /subscription, smallest first.')}
            {numberField(
              'resourceDiscountPercent',
              'Resource discount',
              'Off curriculum resources (not courses), before coupons.',
              '%',
            )}
            {numberField('lessonCredits', 'Lesson credits', 'Private-lesson credits per billing period.')}
            <Field.Root invalid={Boolean(errorOf('creditValueCents'))}>
              <Field.Label>Credit value</Field.Label>
              <InputGroup startElement="$">
                <Input
                  name="creditValue"
                  inputMode="decimal"
                  value={values.creditValue}
                  onChange={(e) => set('creditValue', e.target.value)}
                  placeholder="40.00"
                />
              </InputGroup>
              {errorOf('creditValueCents') ? (
                <Field.ErrorText>{errorOf('creditValueCents')}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  What the instructor earns for a session paid with a credit (at most its price). Required
                  with credits.
                </Field.HelperText>
              )}
            </Field.Root>
          </Grid>
          <Checkbox.Root
            checked={values.trialGrantsCredits}
            onCheckedChange={(d) => set('trialGrantsCredits', d.checked === true)}
          >
            <Checkbox.HiddenInput name="trialGrantsCredits" />
            <Checkbox.Control />
            <Checkbox.Label>
              The free trial gives the lesson credits (otherwise none until the first paid period)
            </Checkbox.Label>
          </Checkbox.Root>
          <Checkbox.Root
            checked={values.memberOnlyCourses}
            onCheckedChange={(d) => set('memberOnlyCourses', d.checked === true)}
          >
            <Checkbox.HiddenInput name="memberOnlyCourses" />
            <Checkbox.Control />
            <Checkbox.Label>Member-only courses (members enrol at no charge)</Checkbox.Label>
          </Checkbox.Root>
          <Checkbox.Root checked={values.active} onCheckedChange={(d) => set('active', d.checked === true)}>
            <Checkbox.HiddenInput name="active" />
            <Checkbox.Control />
            <Checkbox.Label>
              Active (offered to new members; an inactive plan keeps its members)
            </Checkbox.Label>
          </Checkbox.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" loading={mutation.loading} loadingText="Saving…">
          {editing ? 'Save plan' : 'Create plan'}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
