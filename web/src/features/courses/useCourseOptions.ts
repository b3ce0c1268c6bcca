import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

const CourseOptionsQueryDocument = graphql(`
  query CourseOptions {
    danceStyles {
      id
      name
    }
    courseCategories {
      id
      name
    }
    referenceLists {
      skillLevels
      ageGroups
    }
  }
`);

/** The choices of course filters and forms: dance styles, categories, skill levels, age groups. */
export function useCourseOptions() {
  const { data, loading, error } = useQuery(CourseOptionsQueryDocument);
  return {
    danceStyles: data?.danceStyles ?? [],
    categories: data?.courseCategories ?? [],
    skillLevels: data?.referenceLists.skillLevels ?? [],
    ageGroups: data?.referenceLists.ageGroups ?? [],
    loading,
    error,
  };
}

const CourseCertificateTemplatesQueryDocument = graphql(`
  query CourseCertificateTemplates {
    certificateTemplates {
      id
      name
      isDefault
    }
  }
`);

/** The certificate templates a course may use (instructors and staff only: the course form). */
export function useCertificateTemplateOptions() {
  const { data, loading, error } = useQuery(CourseCertificateTemplatesQueryDocument);
  return { templates: data?.certificateTemplates ?? [], loading, error };
}
