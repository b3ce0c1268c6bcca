import { graphql } from '../../gql';
import { useCourseMutation } from '../courses';

graphql(`
  fragment EditableResource on Resource {
    id
    title
    description
    type
    ageGroup
    skillLevel
    priceCents
    thumbnailUrl
    status
    rejectionReason
    downloadCount
    ratingAverage
    ratingCount
    updatedAt
    danceStyle {
      id
      name
    }
    category {
      id
      name
    }
    files {
      id
      fileName
      sizeBytes
      contentType
    }
  }
`);

graphql(`
  fragment EditableResourcePayload on ResourceAuthoringPayload {
    resource {
      ...EditableResource
    }
    userErrors {
      code
      field
      message
    }
  }
`);

export const UploadLimitsQueryDocument = graphql(`
  query UploadLimits {
    uploadLimits {
      maxFiles
      limits {
        kind
        label
        maxBytes
        maxLabel
      }
    }
  }
`);

export const ResourceForEditQueryDocument = graphql(`
  query ResourceForEdit($id: ID!) {
    resourceForEdit(id: $id) {
      ...EditableResource
    }
  }
`);

export const SellerResourcesQueryDocument = graphql(`
  query SellerResources($first: Int, $after: String, $status: String) {
    sellerResources(first: $first, after: $after, status: $status) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...EditableResource
      }
    }
    sellerResourceCounts {
      total
      draft
      published
      rejected
      pendingReview
    }
  }
`);

const ResourceCreateMutationDocument = graphql(`
  mutation ResourceCreate($input: ResourceCreateInput!) {
    resourceCreate(input: $input) {
      ...EditableResourcePayload
    }
  }
`);

const ResourceUpdateMutationDocument = graphql(`
  mutation ResourceUpdate($input: ResourceUpdateInput!) {
    resourceUpdate(input: $input) {
      ...EditableResourcePayload
    }
  }
`);

const ResourcePublishMutationDocument = graphql(`
  mutation ResourcePublish($input: ResourceIdInput!) {
    resourcePublish(input: $input) {
      ...EditableResourcePayload
    }
  }
`);

const ResourceUnpublishMutationDocument = graphql(`
  mutation ResourceUnpublish($input: ResourceIdInput!) {
    resourceUnpublish(input: $input) {
      ...EditableResourcePayload
    }
  }
`);

const REFETCH = ['SellerResources'];

export const useResourceCreate = () =>
  useCourseMutation(ResourceCreateMutationDocument, 'Resource not saved');
export const useResourceUpdate = () =>
  useCourseMutation(ResourceUpdateMutationDocument, 'Changes not saved', REFETCH);
export const useResourcePublish = () =>
  useCourseMutation(ResourcePublishMutationDocument, 'Resource not published', REFETCH);
export const useResourceUnpublish = () =>
  useCourseMutation(ResourceUnpublishMutationDocument, 'Resource not unpublished', REFETCH);
