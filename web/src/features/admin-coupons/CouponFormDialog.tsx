import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Grid,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminCouponFragment } from '../../gql/graphql';
import { useCouponCreate, useCouponUpdate } from './adminCoupons';
import {
  couponInput,
  EMPTY_COUPON_FORM,
  formFromCoupon,
  type CouponFormValues,
  type FormErrors,
} from './couponForm';

/** `null`: closed; `'new'`: create; a coupon: edit it. */
export type CouponDialogTarget = null | 'new' | AdminCouponFragment;

/** Create or edit a coupon with every field (money in dollars, dates in local time). */
export function CouponFormDialog({ target, onClose }: { target: CouponDialogTarget; onClose: () => void }) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {target !== null ? (
            <CouponForm key={target === 'new' ? 'new' : target.id} target={target} onClose={onClose} />
          ) : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CouponForm({ target, onClose }: { target: 'new' | AdminCouponFragment; onClose: () => void }) {
  const editing = target !== 'new';
  const create = useCouponCreate();
  const update = useCouponUpdate();
  const mutation = editing ? update : create;
  const [values, setValues] = useState<CouponFormValues>(() =>
    editing ? formFromCoupon(target) : EMPTY_COUPON_FORM,
  );
  const [localErrors, setLocalErrors] = useState<FormErrors>({});
  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const errorOf = (field: string) => localErrors[field] ?? mutation.fieldError(field);

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const { input, errors } = couponInput(values);
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const done = editing
      ? await update.run({ ...input, id: target.id } as never, 'Coupon saved')
      : await create.run(input as never, 'Coupon created');
    if (done) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>{editing ? `Edit coupon ${target.code}` : 'New coupon'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Field.Root required invalid={Boolean(errorOf('code'))}>
            <Field.Label>
              Code <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="code"
              value={values.code}
              onChange={(e) => set('code', e.target.value.toUpperCase())}
              placeholder="SPRING-25"
              maxLength={32}
              autoFocus
              fontFamily="mono"
            />
            {errorOf('code') ? (
              <Field.ErrorText>{errorOf('code')}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                3 to 32 letters, digits, - or _; members type it in any case.
              </Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('description'))}>
            <Field.Label>Description</Field.Label>
            <Textarea
              name="description"
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              rows={2}
              maxLength={500}
              placeholder="For staff: what the coupon is for"
            />
            {errorOf('description') ? <Field.ErrorText>{errorOf('description')}</Field.ErrorText> : null}
          </Field.Root>
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
            <Field.Root invalid={Boolean(errorOf('kind'))}>
              <Field.Label>Discount type</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="kind"
                  value={values.kind}
                  onChange={(e) => set('kind', e.target.value === 'fixed' ? 'fixed' : 'percent')}
                >
                  <option value="percent">Percent off</option>
                  <option value="fixed">Fixed amount off</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {values.kind === 'percent' ? (
              <Field.Root required invalid={Boolean(errorOf('percentOff'))}>
                <Field.Label>
                  Percent off <Field.RequiredIndicator />
                </Field.Label>
                <InputGroup endElement="%">
                  <Input
                    name="percentOff"
                    inputMode="numeric"
                    value={values.percentOff}
                    onChange={(e) => set('percentOff', e.target.value)}
                  />
                </InputGroup>
                {errorOf('percentOff') ? <Field.ErrorText>{errorOf('percentOff')}</Field.ErrorText> : null}
              </Field.Root>
            ) : (
              <Field.Root required invalid={Boolean(errorOf('amountOffCents'))}>
                <Field.Label>
                  Amount off <Field.RequiredIndicator />
                </Field.Label>
                <InputGroup startElement="$">
                  <Input
                    name="amountOff"
                    inputMode="decimal"
                    value={values.amountOff}
                    onChange={(e) => set('amountOff', e.target.value)}
                    placeholder="10.00"
                  />
                </InputGroup>
                {errorOf('amountOffCents') ? (
                  <Field.ErrorText>{errorOf('amountOffCents')}</Field.ErrorText>
                ) : (
                  <Field.HelperText>Never more than the lines it applies to.</Field.HelperText>
                )}
              </Field.Root>
            )}
            <Field.Root invalid={Boolean(errorOf('startsAt'))}>
              <Field.Label>Starts</Field.Label>
              <Input
                name="startsAt"
                type="datetime-local"
                value={values.startsAt}
                onChange={(e) => set('startsAt', e.target.value)}
              />
              {errorOf('startsAt') ? (
                <Field.ErrorText>{errorOf('startsAt')}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  {editing ? 'Your local time.' : 'Empty: now. Your local time.'}
                </Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errorOf('endsAt'))}>
              <Field.Label>Ends</Field.Label>
              <Input
                name="endsAt"
                type="datetime-local"
                value={values.endsAt}
                onChange={(e) => set('endsAt', e.target.value)}
              />
              {errorOf('endsAt') ? (
                <Field.ErrorText>{errorOf('endsAt')}</Field.ErrorText>
              ) : (
                <Field.HelperText>Empty: never expires.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errorOf('usageLimit'))}>
              <Field.Label>Total uses</Field.Label>
              <Input
                name="usageLimit"
                inputMode="numeric"
                value={values.usageLimit}
                onChange={(e) => set('usageLimit', e.target.value)}
                placeholder="Unlimited"
              />
              {errorOf('usageLimit') ? (
                <Field.ErrorText>{errorOf('usageLimit')}</Field.ErrorText>
              ) : (
                <Field.HelperText>Empty: no limit.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errorOf('perMemberLimit'))}>
              <Field.Label>Uses per member</Field.Label>
              <Input
                name="perMemberLimit"
                inputMode="numeric"
                value={values.perMemberLimit}
                onChange={(e) => set('perMemberLimit', e.target.value)}
                placeholder="Unlimited"
              />
              {errorOf('perMemberLimit') ? (
                <Field.ErrorText>{errorOf('perMemberLimit')}</Field.ErrorText>
              ) : (
                <Field.HelperText>Empty: no limit.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errorOf('minSubtotalCents'))}>
              <Field.Label>Minimum cart subtotal</Field.Label>
              <InputGroup startElement="$">
                <Input
                  name="minSubtotal"
                  inputMode="decimal"
                  value={values.minSubtotal}
                  onChange={(e) => set('minSubtotal', e.target.value)}
                  placeholder="0"
                />
              </InputGroup>
              {errorOf('minSubtotalCents') ? (
                <Field.ErrorText>{errorOf('minSubtotalCents')}</Field.ErrorText>
              ) : null}
            </Field.Root>
            <Field.Root invalid={Boolean(errorOf('scope'))}>
              <Field.Label>Applies to</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="scope"
                  value={values.scope}
                  onChange={(e) => set('scope', e.target.value as CouponFormValues['scope'])}
                >
                  <option value="all">The whole cart</option>
                  <option value="courses">Courses only</option>
                  <option value="resources">Resources only</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errorOf('scope') ? <Field.ErrorText>{errorOf('scope')}</Field.ErrorText> : null}
            </Field.Root>
          </Grid>
          <Checkbox.Root checked={values.active} onCheckedChange={(d) => set('active', d.checked === true)}>
            <Checkbox.HiddenInput name="active" />
            <Checkbox.Control />
            <Checkbox.Label>Active (members can use it between its dates)</Checkbox.Label>
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
          {editing ? 'Save coupon' : 'Create coupon'}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
