import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Music, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { graphql } from '../../gql';
import type { AdminDanceStylesQuery } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ConfirmButton } from '../courses/ConfirmButton';
import { useCourseMutation } from '../courses/useCourseMutation';

const AdminDanceStylesQueryDocument = graphql(`
  query AdminDanceStyles {
    danceStyles {
      id
      name
      position
    }
  }
`);

const DanceStyleCreateMutationDocument = graphql(`
  mutation DanceStyleCreate($input: DanceStyleCreateInput!) {
    danceStyleCreate(input: $input) {
      danceStyle {
        id
        name
        position
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const DanceStyleUpdateMutationDocument = graphql(`
  mutation DanceStyleUpdate($input: DanceStyleUpdateInput!) {
    danceStyleUpdate(input: $input) {
      danceStyle {
        id
        name
        position
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const DanceStyleDeleteMutationDocument = graphql(`
  mutation DanceStyleDelete($input: DanceStyleDeleteInput!) {
    danceStyleDelete(input: $input) {
      deletedDanceStyleId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

type Style = AdminDanceStylesQuery['danceStyles'][number];
const REFETCH = ['AdminDanceStyles', 'CourseOptions'];

/** /admin/dance-styles: the dance style list of courses (seeded from the spec's values). */
export default function AdminDanceStylesPage() {
  useDocumentTitle('Dance styles');
  const { data, loading, error } = useQuery(AdminDanceStylesQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const styles = data?.danceStyles ?? [];

  return (
    <Stack gap={6} maxW="4xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Dance styles
        </Heading>
        <Text color="fg.muted">
          The styles courses are filed under, in this order in every list. Deleting a style leaves its courses
          without one.
        </Text>
      </Stack>
      <CreateStyleForm />
      {loading && !data ? (
        <PageSpinner label="Loading dance styles..." minHeight="12rem" />
      ) : error && !data ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The dance styles could not be loaded: {error.message}</Alert.Title>
        </Alert.Root>
      ) : styles.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Music />
            </EmptyState.Indicator>
            <EmptyState.Title>No dance styles</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="24">Order</Table.ColumnHeader>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {styles.map((style, index) => (
                <StyleRow key={style.id} style={style} index={index} styles={styles} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function CreateStyleForm() {
  const create = useCourseMutation(DanceStyleCreateMutationDocument, 'Dance style not added', REFETCH);
  const [name, setName] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await create.run({ name }, 'Dance style added')) setName('');
  }
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate aria-label="New dance style">
        <Card.Body>
          <HStack gap={3} align="flex-end">
            <Field.Root invalid={Boolean(create.fieldError('name'))} flex="1">
              <Field.Label>Dance style name</Field.Label>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
              <Field.ErrorText>{create.fieldError('name')}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" loading={create.loading}>
              <Plus aria-hidden /> Add style
            </Button>
          </HStack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function StyleRow({ style, index, styles }: { style: Style; index: number; styles: Style[] }) {
  const update = useCourseMutation(DanceStyleUpdateMutationDocument, 'Dance style not saved', REFETCH);
  const remove = useCourseMutation(DanceStyleDeleteMutationDocument, 'Dance style not deleted', REFETCH);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(style.name);

  /** Swaps positions with the neighbour (two updates; positions are whole numbers). */
  async function move(delta: -1 | 1) {
    const other = styles[index + delta];
    if (!other) return;
    const mine = style.position === other.position ? other.position + delta : other.position;
    await update.run({ danceStyleId: style.id, position: Math.max(0, mine) });
    await update.run({ danceStyleId: other.id, position: Math.max(0, style.position) }, 'Order saved');
  }

  return (
    <Table.Row>
      <Table.Cell>
        <HStack gap={0}>
          <IconButton
            aria-label={`Move ${style.name} up`}
            size="xs"
            variant="ghost"
            disabled={index === 0 || update.loading}
            onClick={() => void move(-1)}
          >
            <ArrowUp />
          </IconButton>
          <IconButton
            aria-label={`Move ${style.name} down`}
            size="xs"
            variant="ghost"
            disabled={index === styles.length - 1 || update.loading}
            onClick={() => void move(1)}
          >
            <ArrowDown />
          </IconButton>
        </HStack>
      </Table.Cell>
      <Table.Cell>
        {editing ? (
          <form
            noValidate
            aria-label={`Rename ${style.name}`}
            onSubmit={async (e) => {
              e.preventDefault();
              if (await update.run({ danceStyleId: style.id, name }, 'Dance style renamed'))
                setEditing(false);
            }}
          >
            <HStack gap={2} align="flex-start">
              <Field.Root invalid={Boolean(update.fieldError('name'))}>
                <Input
                  size="sm"
                  aria-label="Dance style name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
                <Field.ErrorText>{update.fieldError('name')}</Field.ErrorText>
              </Field.Root>
              <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button size="sm" type="submit" loading={update.loading}>
                Save
              </Button>
            </HStack>
          </form>
        ) : (
          <Text fontWeight="medium">{style.name}</Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {!editing ? (
          <HStack gap={1} justify="flex-end">
            <Button
              size="xs"
              variant="outline"
              onClick={() => {
                setName(style.name);
                setEditing(true);
              }}
            >
              Rename
            </Button>
            <ConfirmButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              title={`Delete the dance style "${style.name}"?`}
              description="Courses of this style stay in the catalogue without a style."
              onConfirm={async () =>
                Boolean(await remove.run({ danceStyleId: style.id }, 'Dance style deleted'))
              }
            >
              Delete
            </ConfirmButton>
          </HStack>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
