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
