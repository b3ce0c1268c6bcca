import { useQuery } from '@apollo/client/react';
import { Field, HStack, IconButton, Input, Table, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Music } from 'lucide-react';
import { useState } from 'react';
import { graphql } from '../../gql';
import type { AdminDanceStylesQuery } from '../../gql/graphql';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCourseMutation } from '../courses';
import {
  NamedItemActions,
  NamedItemCreateForm,
  NamedItemEditButtons,
  NamedItemsAdmin,
} from './NamedItemsAdmin';

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

  return (
    <NamedItemsAdmin
      title="Dance styles"
      description="The styles courses are filed under, in this order in every list. Deleting a style leaves its courses without one."
      maxW="4xl"
      createForm={<CreateStyleForm />}
      loading={loading}
      error={error}
      items={data?.danceStyles}
      texts={{
        loading: 'Loading dance styles...',
        loadError: 'The dance styles could not be loaded',
        empty: 'No dance styles',
      }}
      emptyIcon={<Music />}
      columns={
        <>
          <Table.ColumnHeader w="24">Order</Table.ColumnHeader>
          <Table.ColumnHeader>Name</Table.ColumnHeader>
        </>
      }
      renderRow={(style, index, styles) => (
        <StyleRow key={style.id} style={style} index={index} styles={styles} />
      )}
    />
  );
}

function CreateStyleForm() {
  const create = useCourseMutation(DanceStyleCreateMutationDocument, 'Dance style not added', REFETCH);
  return (
    <NamedItemCreateForm
      label="New dance style"
      fields={[{ name: 'name', label: 'Dance style name', maxLength: 60, flex: '1' }]}
      submitLabel="Add style"
      mutation={create}
      onCreate={async ({ name }) => Boolean(await create.run({ name }, 'Dance style added'))}
    />
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
              <NamedItemEditButtons onCancel={() => setEditing(false)} saving={update.loading} />
            </HStack>
          </form>
        ) : (
          <Text fontWeight="medium">{style.name}</Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {!editing ? (
          <NamedItemActions
            editLabel="Rename"
            onEdit={() => {
              setName(style.name);
              setEditing(true);
            }}
            deleteTitle={`Delete the dance style "${style.name}"?`}
            deleteDescription="Courses of this style stay in the catalogue without a style."
            onDelete={async () =>
              Boolean(await remove.run({ danceStyleId: style.id }, 'Dance style deleted'))
            }
          />
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
