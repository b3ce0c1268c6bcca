import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Checkbox,
  CheckboxGroup,
  CloseButton,
  Dialog,
  Fieldset,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../ui/FormDialog';
import { PageSpinner } from '../../ui/PageSpinner';
import { StoreTagOptionsQueryDocument } from './adminStoreDocuments';
import { sameTags, TAG_GROUPS, tagChoices, type ProductTags } from './storeFormat';
import type { StoreProductRow } from './StoreProductsTable';

type TagsError = { field?: string | null; message: string };

/**
 * "Edit tags" of a store product: its dance styles, age groups and skill levels as checklists
 * (DRX's lists, plus any value the product has that they lack). Saving keeps them across syncs;
 * "Use the store's tags" forgets the staff's choice.
 */
export function ProductTagsDialog({
  row,
  onClose,
  onSave,
  onReset,
  saving,
  errors,
}: {
  row: StoreProductRow | null;
  onClose: () => void;
  /** Resolve to true when saved (the dialog closes). */
  onSave: (row: StoreProductRow, tags: ProductTags) => Promise<boolean>;
  onReset: (row: StoreProductRow) => Promise<boolean>;
  saving: boolean;
  /** The server's refusals of the last save. */
  errors: readonly TagsError[];
}) {
  return (
    <FormDialog open={row !== null} onClose={onClose} size="lg" scrollBehavior="inside">
      {row ? (
        <TagsForm
          key={row.product.id}
          row={row}
          onClose={onClose}
          onSave={onSave}
          onReset={onReset}
          saving={saving}
          errors={errors}
        />
      ) : null}
    </FormDialog>
  );
}

function TagsForm({
  row,
  onClose,
  onSave,
  onReset,
  saving,
  errors,
}: {
  row: StoreProductRow;
  onClose: () => void;
  onSave: (row: StoreProductRow, tags: ProductTags) => Promise<boolean>;
  onReset: (row: StoreProductRow) => Promise<boolean>;
  saving: boolean;
  errors: readonly TagsError[];
}) {
  const options = useQuery(StoreTagOptionsQueryDocument, { fetchPolicy: 'cache-first' });
  const initial: ProductTags = {
    danceStyles: [...row.product.danceStyles],
    ageGroups: [...row.product.ageGroups],
    skillLevels: [...row.product.skillLevels],
  };
  const [tags, setTags] = useState<ProductTags>(initial);

  const reference: ProductTags | null = options.data
    ? {
        danceStyles: options.data.danceStyles.map((style) => style.name),
        ageGroups: [...options.data.referenceLists.ageGroups],
        skillLevels: [...options.data.referenceLists.skillLevels],
      }
    : null;

  async function finish(result: Promise<boolean>) {
    if (await result) onClose();
  }

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    await finish(onSave(row, tags));
  }

  const errorOf = (key: string) => errors.find((e) => e.field?.endsWith(key))?.message;
  const otherErrors = errors.filter((e) => !TAG_GROUPS.some(({ key }) => e.field?.endsWith(key)));

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Tags of {row.product.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={5}>
          <Text color="fg.muted" textStyle="sm">
            The shop filters by these. They were{' '}
            {row.tagsEdited ? 'set by staff' : 'mapped from the store’s tags'}
            {row.storeTags.length > 0 ? ` (store tags: ${row.storeTags.join(', ')})` : ''}. Saved tags stay
            when the product syncs again.
          </Text>
          {otherErrors.length > 0 ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{otherErrors.map((e) => e.message).join(' ')}</Alert.Title>
            </Alert.Root>
          ) : null}
          {!reference && options.loading ? (
            <PageSpinner label="Loading the tag lists…" minHeight="8rem" />
          ) : (
            TAG_GROUPS.map(({ key, label }) => (
              <Fieldset.Root key={key} invalid={Boolean(errorOf(key))}>
                <Fieldset.Legend>{label}</Fieldset.Legend>
                <Fieldset.Content>
                  <CheckboxGroup
                    value={tags[key]}
                    onValueChange={(value) => setTags((current) => ({ ...current, [key]: value }))}
                    name={key}
                  >
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={2}>
                      {tagChoices(reference?.[key] ?? [], initial[key]).map((choice) => (
                        <Checkbox.Root key={choice} value={choice} size="sm">
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{choice}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </SimpleGrid>
                  </CheckboxGroup>
                </Fieldset.Content>
                {errorOf(key) ? <Fieldset.ErrorText>{errorOf(key)}</Fieldset.ErrorText> : null}
              </Fieldset.Root>
            ))
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between" flexWrap="wrap">
        {row.tagsEdited ? (
          <Button type="button" variant="ghost" onClick={() => void finish(onReset(row))} disabled={saving}>
            Use the store’s tags
          </Button>
        ) : (
          <span />
        )}
        <Stack direction="row" gap={3}>
          <Dialog.ActionTrigger asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" loading={saving} loadingText="Saving…" disabled={sameTags(tags, initial)}>
            Save tags
          </Button>
        </Stack>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
