import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCourseMutation } from '../courses';
import { CategoriesAdmin, type CategoryMutations } from './CategoriesAdmin';

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

const REFETCH = ['AdminCourseCategories', 'CourseOptions'];

const mutations: CategoryMutations = {
  useCreate: () => useCourseMutation(CourseCategoryCreateMutationDocument, 'Category not created', REFETCH),
  useUpdate: () => useCourseMutation(CourseCategoryUpdateMutationDocument, 'Category not saved', REFETCH),
  useRemove: () => useCourseMutation(CourseCategoryDeleteMutationDocument, 'Category not deleted', REFETCH),
};

/** /admin/course-categories: create, rename, describe and delete course categories. */
export default function AdminCourseCategoriesPage() {
  useDocumentTitle('Course categories');
  const { data, loading, error } = useQuery(AdminCourseCategoriesQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  return (
    <CategoriesAdmin
      title="Course categories"
      description="Categories group courses in the catalogue filters. Names are unique."
      deleteDescription="Its courses stay in the catalogue without a category."
      items={data?.courseCategories}
      loading={loading}
      error={error}
      mutations={mutations}
    />
  );
}
