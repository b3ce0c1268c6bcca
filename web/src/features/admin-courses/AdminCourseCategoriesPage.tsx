import { useQuery } from '@apollo/client/react';
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
import { FolderTree, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { graphql } from '../../gql';
import type { AdminCourseCategoriesQuery } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ConfirmButton } from '../courses/ConfirmButton';
import { useCourseMutation } from '../courses/useCourseMutation';

const AdminCourseCategoriesQueryDocument = graphql(`
  query AdminCourseCategories {
    courseCategories {
      id
      name
      slug
      description
    }
  }
`);

const CourseCategoryCreateMutationDocument = graphql(`
  mutation CourseCategoryCreate($input: CourseCategoryCreateInput!) {
    courseCategoryCreate(input: $input) {
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

const CourseCategoryUpdateMutationDocument = graphql(`
  mutation CourseCategoryUpdate($input: CourseCategoryUpdateInput!) {
    courseCategoryUpdate(input: $input) {
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

const CourseCategoryDeleteMutationDocument = graphql(`
  mutation CourseCategoryDelete($input: CourseCategoryDeleteInput!) {
    courseCategoryDelete(input: $input) {
      deletedCategoryId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

type Category = AdminCourseCategoriesQuery['courseCategories'][number];
const REFETCH = ['AdminCourseCategories', 'CourseOptions'];

/** /admin/course-categories: create, rename, describe and delete course categories. */
export default function AdminCourseCategoriesPage() {
  useDocumentTitle('Course categories');
  const { data, loading, error } = useQuery(AdminCourseCategoriesQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const categories = data?.courseCategories ?? [];

  return (
    <Stack gap={6} maxW="5xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Course categories
        </Heading>
        <Text color="fg.muted">Categories group courses in the catalogue filters. Names are unique.</Text>
      </Stack>
      <CreateCategoryForm />
      {loading && !data ? (
        <PageSpinner label="Loading categories..." minHeight="12rem" />
      ) : error && !data ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The categories could not be loaded: {error.message}</Alert.Title>
        </Alert.Root>
      ) : categories.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <FolderTree />
            </EmptyState.Indicator>
            <EmptyState.Title>No categories yet</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Slug</Table.ColumnHeader>
                <Table.ColumnHeader>Description</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Text srOnly>Actions</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {categories.map((category) => (
                <CategoryRow key={category.id} category={category} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function CreateCategoryForm() {
  const create = useCourseMutation(CourseCategoryCreateMutationDocument, 'Category not created', REFETCH);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await create.run({ name, description: description || null }, 'Category created')) {
      setName('');
      setDescription('');
    }
  }
  return (
    <Card.Root variant="outline" asChild>
      <form onSubmit={submit} noValidate aria-label="New category">
        <Card.Body>
          <Stack direction={{ base: 'column', md: 'row' }} gap={3} align={{ md: 'flex-end' }}>
            <Field.Root invalid={Boolean(create.fieldError('name'))} flex="1">
              <Field.Label>Category name</Field.Label>
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
              <Field.ErrorText>{create.fieldError('name')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(create.fieldError('description'))} flex="2">
              <Field.Label>Description</Field.Label>
              <Input value={description} onChange={(e) => setDescription(e.target.value)} />
              <Field.ErrorText>{create.fieldError('description')}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" loading={create.loading}>
              <Plus aria-hidden /> Add category
            </Button>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function CategoryRow({ category }: { category: Category }) {
  const update = useCourseMutation(CourseCategoryUpdateMutationDocument, 'Category not saved', REFETCH);
  const remove = useCourseMutation(CourseCategoryDeleteMutationDocument, 'Category not deleted', REFETCH);
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
                <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
                <Button size="sm" type="submit" loading={update.loading}>
                  Save
                </Button>
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
        <HStack gap={1} justify="flex-end">
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              setName(category.name);
              setDescription(category.description ?? '');
              setEditing(true);
            }}
          >
            Edit
          </Button>
          <ConfirmButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            title={`Delete the category "${category.name}"?`}
            description="Its courses stay in the catalogue without a category."
            onConfirm={async () => Boolean(await remove.run({ categoryId: category.id }, 'Category deleted'))}
          >
            Delete
          </ConfirmButton>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
