import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminSubscriptionPlanFragment } from '../../gql/graphql';
import { FormDialog } from '../../ui/FormDialog';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useCourseMutation } from '../courses';
import {
  ADMIN_MEMBERSHIP_QUERIES,
  CompMemberSearchQueryDocument,
  SubscriptionCompMutationDocument,
} from './adminMembershipDocuments';
import { compInput, type CompFormErrors } from './compForm';

/** "Comp a membership": a free membership of a plan for N months, with a reason (kept in its history). */
export function CompMembershipDialog({
  open,
  plans,
  onClose,
}: {
  open: boolean;
  plans: readonly AdminSubscriptionPlanFragment[];
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} size="md">
      <CompForm plans={plans} onClose={onClose} />
    </FormDialog>
  );
}

function CompForm({
  plans,
  onClose,
}: {
  plans: readonly AdminSubscriptionPlanFragment[];
  onClose: () => void;
}) {
  const { text, setText, search } = useDebouncedSearch();
  const [userId, setUserId] = useState('');
  const [planId, setPlanId] = useState(plans[0]?.id ?? '');
  const [months, setMonths] = useState('1');
  const [reason, setReason] = useState('');
  const [localErrors, setLocalErrors] = useState<CompFormErrors>({});
  const users = useQuery(CompMemberSearchQueryDocument, { variables: { search }, skip: search.length < 2 });
  const matches = search.length >= 2 ? (users.data?.users.nodes ?? []) : [];
  const comp = useCourseMutation(
    SubscriptionCompMutationDocument,
    'Membership not given',
    ADMIN_MEMBERSHIP_QUERIES,
  );
  const errorOf = (field: keyof CompFormErrors) => localErrors[field] ?? comp.fieldError(field);
  const formError = comp.userErrors.find((e) => !e.field)?.message;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const { input, errors } = compInput({ userId, planId, months, reason });
    setLocalErrors(errors);
    if (!input) return;
    if (await comp.run(input, 'Complimentary membership given')) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Comp a membership</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text color="fg.muted" fontSize="sm">
            A free membership for a number of months; nothing is charged and it ends on its own. The reason is
            kept in the membership&rsquo;s history.
          </Text>
          {formError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root>
            <Field.Label>Find a member</Field.Label>
            <Input
              type="search"
              name="memberSearch"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Username, name or e-mail"
              autoFocus
            />
            <Field.HelperText>
              {search.length < 2
                ? 'Type at least 2 characters.'
                : users.loading
                  ? 'Searching…'
                  : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`}
            </Field.HelperText>
          </Field.Root>
          <Field.Root required invalid={Boolean(errorOf('userId'))}>
            <Field.Label>
              Member <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="userId" value={userId} onChange={(e) => setUserId(e.target.value)}>
                <option value="">Choose a member</option>
                {matches.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.displayName} (@{user.username}){user.email ? ` — ${user.email}` : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errorOf('userId') ? <Field.ErrorText>{errorOf('userId')}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root required invalid={Boolean(errorOf('planId'))}>
            <Field.Label>
              Plan <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="planId" value={planId} onChange={(e) => setPlanId(e.target.value)}>
                {plans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                    {plan.active ? '' : ' (inactive)'}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errorOf('planId') ? <Field.ErrorText>{errorOf('planId')}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root required invalid={Boolean(errorOf('months'))} maxW="40">
            <Field.Label>
              Months <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="months"
              inputMode="numeric"
              value={months}
              onChange={(e) => setMonths(e.target.value)}
            />
            {errorOf('months') ? (
              <Field.ErrorText>{errorOf('months')}</Field.ErrorText>
            ) : (
              <Field.HelperText>1 to 36.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root required invalid={Boolean(errorOf('reason'))}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Guest teacher at the spring workshop"
            />
            {errorOf('reason') ? <Field.ErrorText>{errorOf('reason')}</Field.ErrorText> : null}
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" loading={comp.loading} loadingText="Giving…">
          Give membership
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
