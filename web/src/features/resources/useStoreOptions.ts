import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

const StoreOptionsQueryDocument = graphql(`
  query StoreOptions {
    referenceLists {
      resourceTypes
      ageGroups
      skillLevels
    }
    danceStyles {
      id
      name
    }
    resourceCategories {
      id
      name
    }
  }
`);

/** The value lists of the store's filters (empty while loading). */
export function useStoreOptions() {
  const { data } = useQuery(StoreOptionsQueryDocument);
  return {
    resourceTypes: data?.referenceLists.resourceTypes ?? [],
    ageGroups: data?.referenceLists.ageGroups ?? [],
    skillLevels: data?.referenceLists.skillLevels ?? [],
    danceStyles: data?.danceStyles ?? [],
    categories: data?.resourceCategories ?? [],
  };
}
