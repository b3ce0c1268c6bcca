import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCourseMutation } from '../courses';
import { CategoriesAdmin, type CategoryMutations } from '../admin-courses';

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

const REFETCH = ['AdminResourceCategories', 'StoreOptions'];

const mutations: CategoryMutations = {
  useCreate: () => useCourseMutation(ResourceCategoryCreateMutationDocument, 'Category not created', REFETCH),
  useUpdate: () => useCourseMutation(ResourceCategoryUpdateMutationDocument, 'Category not saved', REFETCH),
  useRemove: () => useCourseMutation(ResourceCategoryDeleteMutationDocument, 'Category not deleted', REFETCH),
};

/**
 * /admin/resource-categories and /admin/curriculum-categories: create, rename, describe and delete
 * the curriculum store's categories.
 */
export default function AdminResourceCategoriesPage() {
  useDocumentTitle('Curriculum categories');
  const { data, loading, error } = useQuery(AdminResourceCategoriesQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <CategoriesAdmin
      title="Curriculum categories"
      description="Categories group resources in the curriculum store filters. Names are unique."
      deleteDescription="Its resources stay in the store without a category."
      items={data?.resourceCategories}
      loading={loading}
      error={error}
      mutations={mutations}
    />
  );
}
