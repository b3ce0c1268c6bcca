import { useQuery } from '@apollo/client/react';
import { Field, HStack, Input, Stack, Table } from '@chakra-ui/react';
import { FolderTree } from 'lucide-react';
import { useState } from 'react';
import { graphql } from '../../gql';
import type { AdminResourceCategoriesQuery } from '../../gql/graphql';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCourseMutation } from '../courses/useCourseMutation';
import {
  NamedItemActions,
  NamedItemCreateForm,
  NamedItemEditButtons,
  NamedItemsAdmin,
} from '../admin-courses/NamedItemsAdmin';

const AdminResourceCategoriesQueryDocument = graphql(`
  query AdminResourceCategories {
    resourceCategories {
      id
      name
      slug
      description
    }
  }
`);

const ResourceCategoryCreateMutationDocument = graphql(`
  mutation ResourceCategoryCreate($input: ResourceCategoryCreateInput!) {
    resourceCategoryCreate(input: $input) {
      category {
        id
        name
        slug
        description
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const ResourceCategoryUpdateMutationDocument = graphql(`
  mutation ResourceCategoryUpdate($input: ResourceCategoryUpdateInput!) {
    resourceCategoryUpdate(input: $input) {
      category {
        id
        name
        slug
        description
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const ResourceCategoryDeleteMutationDocument = graphql(`
  mutation ResourceCategoryDelete($input: ResourceCategoryDeleteInput!) {
    resourceCategoryDelete(input: $input) {
      deletedCategoryId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

type Category = AdminResourceCategoriesQuery['resourceCategories'][number];
const REFETCH = ['AdminResourceCategories', 'StoreOptions'];

/** /admin/resource-categories and /admin/curriculum-categories: create, rename, describe and delete the curriculum store's categories. */
export default function AdminResourceCategoriesPage() {
  useDocumentTitle('Curriculum categories');
  const { data, loading, error } = useQuery(AdminResourceCategoriesQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });

  return (
    <NamedItemsAdmin
      title="Curriculum categories"
      description="Categories group resources in the curriculum store filters. Names are unique."
      maxW="5xl"
      createForm={<CreateCategoryForm />}
      loading={loading}
      error={error}
      items={data?.resourceCategories}
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
      renderRow={(category) => <CategoryRow key={category.id} category={category} />}
    />
  );
}

function CreateCategoryForm() {
  const create = useCourseMutation(ResourceCategoryCreateMutationDocument, 'Category not created', REFETCH);
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

function CategoryRow({ category }: { category: Category }) {
  const update = useCourseMutation(ResourceCategoryUpdateMutationDocument, 'Category not saved', REFETCH);
  const remove = useCourseMutation(ResourceCategoryDeleteMutationDocument, 'Category not deleted', REFETCH);
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
          deleteDescription="Its resources stay in the store without a category."
          onDelete={async () => Boolean(await remove.run({ categoryId: category.id }, 'Category deleted'))}
        />
      </Table.Cell>
    </Table.Row>
  );
}
