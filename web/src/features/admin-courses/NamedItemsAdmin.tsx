import {
  Alert,
  Button,
  Card,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PageSpinner } from '../../ui/PageSpinner';
import { ConfirmButton } from '../courses';

/** The state of a course mutation (`useCourseMutation`) that a form shows. */
interface MutationState {
  loading: boolean;
  fieldError: (field: string) => string | undefined;
}

/**
 * An admin page for a named reference list (course categories, dance styles): heading, the
 * form that adds an item, then loading, error, empty state or the table of items.
 */
export function NamedItemsAdmin<TItem extends { id: string }>({
  title,
  description,
  maxW,
  createForm,
  loading,
  error,
  items,
  texts,
  emptyIcon,
  columns,
  renderRow,
}: {
  title: string;
  description: string;
  maxW: string;
  createForm: ReactNode;
  loading: boolean;
  error: Error | undefined;
  /** The loaded items (undefined before the first answer). */
  items: TItem[] | undefined;
  texts: { loading: string; loadError: string; empty: string };
  emptyIcon: ReactNode;
  /** The cells of the table's header row. */
  columns: ReactNode;
  renderRow: (item: TItem, index: number, items: TItem[]) => ReactNode;
}) {
  const list = items ?? [];
  return (
    <Stack gap={6} maxW={maxW} mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{description}</Text>
      </Stack>
      {createForm}
      {loading && !items ? (
        <PageSpinner label={texts.loading} minHeight="12rem" />
      ) : error && !items ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            {texts.loadError}: {error.message}
          </Alert.Title>
        </Alert.Root>
      ) : list.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>{emptyIcon}</EmptyState.Indicator>
            <EmptyState.Title>{texts.empty}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {columns}
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>{list.map((item, index) => renderRow(item, index, list))}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

export interface NamedItemField<TName extends string> {
  name: TName;
  label: string;
  maxLength?: number;
  flex: string;
}

/** The card form that adds an item: one input per field, emptied after a successful add. */
export function NamedItemCreateForm<TName extends string>({
  label,
  fields,
  submitLabel,
  mutation,
  onCreate,
  stackOnMobile = false,
}: {
  /** The form's accessible name. */
  label: string;
  fields: NamedItemField<TName>[];
  submitLabel: string;
  mutation: MutationState;
  /** Runs the create mutation; true when the item was added. */
  onCreate: (values: Record<TName, string>) => Promise<boolean>;
  /** Stack the fields on narrow screens (else always one row). */
  stackOnMobile?: boolean;
}) {
  const empty = () => Object.fromEntries(fields.map((f) => [f.name, ''])) as Record<TName, string>;
  const [values, setValues] = useState(empty);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onCreate(values)) setValues(empty());
  }
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate aria-label={label}>
        <Card.Body>
          <Stack
            direction={stackOnMobile ? { base: 'column', md: 'row' } : 'row'}
            gap={3}
            align={stackOnMobile ? { md: 'flex-end' } : 'flex-end'}
          >
            {fields.map((field) => (
              <Field.Root
                key={field.name}
                invalid={Boolean(mutation.fieldError(field.name))}
                flex={field.flex}
              >
                <Field.Label>{field.label}</Field.Label>
                <Input
                  value={values[field.name]}
                  onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                  maxLength={field.maxLength}
                />
                <Field.ErrorText>{mutation.fieldError(field.name)}</Field.ErrorText>
              </Field.Root>
            ))}
            <Button type="submit" loading={mutation.loading}>
              <Plus aria-hidden /> {submitLabel}
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

/** Cancel and Save of an item's edit form. */
export function NamedItemEditButtons({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button size="sm" type="submit" loading={saving}>
        Save
      </Button>
    </>
  );
}

/** An item's edit and (confirmed) delete buttons. */
export function NamedItemActions({
  editLabel,
  onEdit,
  deleteTitle,
  deleteDescription,
  onDelete,
}: {
  editLabel: string;
  onEdit: () => void;
  deleteTitle: string;
  deleteDescription: string;
  /** Runs the delete mutation; true when the item was deleted. */
  onDelete: () => Promise<boolean>;
}) {
  return (
    <HStack gap={1} justify="flex-end">
      <Button size="xs" variant="outline" onClick={onEdit}>
        {editLabel}
      </Button>
      <ConfirmButton
        size="xs"
        variant="ghost"
        colorPalette="red"
        title={deleteTitle}
        description={deleteDescription}
        onConfirm={onDelete}
      >
        Delete
      </ConfirmButton>
    </HStack>
  );
}
