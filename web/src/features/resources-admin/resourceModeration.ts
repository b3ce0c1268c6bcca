import { graphql } from '../../gql';
import { useCourseMutation } from '../courses';

graphql(`
  fragment ModeratedResource on Resource {
    id
    title
    type
    status
    featured
    rejectionReason
    priceCents
    createdAt
    store {
      id
      storeName
    }
    seller {
      id
      displayName
    }
  }
`);

export const AdminResourcesQueryDocument = graphql(`
  query AdminResources($first: Int, $after: String, $status: String, $search: String) {
    adminResources(first: $first, after: $after, status: $status, search: $search) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ModeratedResource
      }
    }
  }
`);

export const CurriculumReviewQueueQueryDocument = graphql(`
  query CurriculumReviewQueue {
    curriculumReviewQueue {
      pendingCount
      resubmittedCount
      rejectedCount
      publishedCount
      featuredCount
    }
  }
`);

const ResourceApproveMutationDocument = graphql(`
  mutation ResourceApprove($input: ResourceModerateInput!) {
    resourceApprove(input: $input) {
      resource {
        ...ModeratedResource
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const ResourceRejectMutationDocument = graphql(`
  mutation ResourceReject($input: ResourceRejectInput!) {
    resourceReject(input: $input) {
      resource {
        ...ModeratedResource
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const ResourceFeatureToggleMutationDocument = graphql(`
  mutation ResourceFeatureToggle($input: ResourceModerateInput!) {
    resourceFeatureToggle(input: $input) {
      resource {
        ...ModeratedResource
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const REFETCH = ['AdminResources', 'CurriculumReviewQueue'];

export const useResourceApprove = () =>
  useCourseMutation(ResourceApproveMutationDocument, 'Resource not approved', REFETCH);
export const useResourceReject = () =>
  useCourseMutation(ResourceRejectMutationDocument, 'Resource not rejected', REFETCH);
export const useResourceFeatureToggle = () =>
  useCourseMutation(ResourceFeatureToggleMutationDocument, 'Featured flag not changed', REFETCH);

export const MAX_REJECTION_REASON = 500;
