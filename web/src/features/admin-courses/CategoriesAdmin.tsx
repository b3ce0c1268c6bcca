import type { ErrorLike } from '@apollo/client';
import { Field, HStack, Input, Stack, Table } from '@chakra-ui/react';
import { FolderTree } from 'lucide-react';
import { useState } from 'react';
import {
  NamedItemActions,
  NamedItemCreateForm,
  NamedItemEditButtons,
  NamedItemsAdmin,
} from './NamedItemsAdmin';

export interface Category {
  id: string;
  name: string;
  slug: string;
  description?: string | null;
}

/** What the shared page needs of a `useCourseMutation` result. */
interface CategoryMutation {
  run: (input: any, success: string) => Promise<unknown>;
  loading: boolean;
  fieldError: (field: string) => string | undefined;
}

export interface CategoryMutations {
  useCreate: () => CategoryMutation;
  useUpdate: () => CategoryMutation;
  useRemove: () => CategoryMutation;
}

/**
 * The admin page of a category list (course categories, curriculum categories): create, rename,
 * describe and delete. The pages give their documents (as mutation hooks) and texts.
 */
export function CategoriesAdmin({
  title,
  description,
  deleteDescription,
  items,
  loading,
  error,
  mutations,
}: {
  title: string;
  description: string;
  deleteDescription: string;
  items: Category[] | undefined;
  loading: boolean;
  error: ErrorLike | undefined;
  mutations: CategoryMutations;
}) {
  return (
    <NamedItemsAdmin
      title={title}
      description={description}
      maxW="5xl"
      createForm={<CreateCategoryForm mutations={mutations} />}
      loading={loading}
      error={error}
      items={items}
      texts={{
        loading: 'Loading categories...',
        loadError: 'The categories could not be loaded',
        empty: 'No categories yet',
      }}
      emptyIcon={<FolderTree />}
      columns={
        <>
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>Slug</Table.ColumnHeader>
          <Table.ColumnHeader>Description</Table.ColumnHeader>
        </>
      }
      renderRow={(category) => (
        <CategoryRow
          key={category.id}
          category={category}
          mutations={mutations}
          deleteDescription={deleteDescription}
        />
      )}
    />
  );
}

function CreateCategoryForm({ mutations }: { mutations: CategoryMutations }) {
  const create = mutations.useCreate();
  return (
    <NamedItemCreateForm
      label="New category"
      fields={[
        { name: 'name', label: 'Category name', maxLength: 80, flex: '1' },
        { name: 'description', label: 'Description', flex: '2' },
      ]}
      submitLabel="Add category"
      mutation={create}
      onCreate={async ({ name, description }) =>
        Boolean(await create.run({ name, description: description || null }, 'Category created'))
      }
      stackOnMobile
    />
  );
}

function CategoryRow({
  category,
  mutations,
  deleteDescription,
}: {
  category: Category;
  mutations: CategoryMutations;
  deleteDescription: string;
}) {
  const update = mutations.useUpdate();
  const remove = mutations.useRemove();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [description, setDescription] = useState(category.description ?? '');

  if (editing) {
    return (
      <Table.Row>
        <Table.Cell colSpan={4}>
          <form
            noValidate
            aria-label={`Edit ${category.name}`}
            onSubmit={async (e) => {
              e.preventDefault();
              if (await update.run({ categoryId: category.id, name, description }, 'Category saved'))
                setEditing(false);
            }}
          >
            <Stack direction={{ base: 'column', md: 'row' }} gap={3} align={{ md: 'flex-end' }}>
              <Field.Root invalid={Boolean(update.fieldError('name'))} flex="1">
                <Field.Label>Name</Field.Label>
                <Input size="sm" value={name} onChange={(e) => setName(e.target.value)} />
                <Field.ErrorText>{update.fieldError('name')}</Field.ErrorText>
              </Field.Root>
              <Field.Root flex="2">
                <Field.Label>Description</Field.Label>
                <Input size="sm" value={description} onChange={(e) => setDescription(e.target.value)} />
              </Field.Root>
              <HStack>
                <NamedItemEditButtons onCancel={() => setEditing(false)} saving={update.loading} />
              </HStack>
            </Stack>
          </form>
        </Table.Cell>
      </Table.Row>
    );
  }

  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{category.name}</Table.Cell>
      <Table.Cell color="fg.muted" fontFamily="mono" fontSize="xs">
        {category.slug}
      </Table.Cell>
      <Table.Cell color="fg.muted">{category.description || '—'}</Table.Cell>
      <Table.Cell textAlign="end">
        <NamedItemActions
          editLabel="Edit"
          onEdit={() => {
            setName(category.name);
            setDescription(category.description ?? '');
            setEditing(true);
          }}
          deleteTitle={`Delete the category "${category.name}"?`}
          deleteDescription={deleteDescription}
          onDelete={async () => Boolean(await remove.run({ categoryId: category.id }, 'Category deleted'))}
        />
      </Table.Cell>
    </Table.Row>
  );
}
