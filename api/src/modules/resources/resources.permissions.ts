import { allow } from 'graphql-shield';
import { isAuthenticated, isStaff } from '../../graphql/rules';

/** The store is public (the spec tolerates guests on resources and curriculum). */
export const resourcesPermissions = {
  Query: {
    resources: allow,
    resource: allow,
    resourceReviews: allow,
    resourceCategories: allow,
    resourceCategory: allow,
    seller: allow,
    sellers: allow,
    myResources: isAuthenticated,
    adminResources: isStaff,
    curriculumReviewQueue: isStaff,
  },
  Mutation: {
    // Buyers only and ownership are checked by ResourcesService.
    reviewUpsert: isAuthenticated,
    reviewDelete: isAuthenticated,
    resourceApprove: isStaff,
    resourceReject: isStaff,
    resourceFeatureToggle: isStaff,
    resourceCategoryCreate: isStaff,
    resourceCategoryUpdate: isStaff,
    resourceCategoryDelete: isStaff,
  },
  Resource: { '*': allow },
  // Listed one by one: a field added later (a download link) is denied until it gets a rule.
  ResourceFile: { id: allow, fileName: allow, sizeBytes: allow, contentType: allow },
  ResourceCategory: { '*': allow },
  Review: { '*': allow },
  SellerProfile: { '*': allow },
  SellerStats: allow,
  RatingSummary: allow,
  RatingBucket: allow,
  ResourceConnection: allow,
  ResourceEdge: allow,
  ReviewConnection: allow,
  ReviewEdge: allow,
  SellerConnection: allow,
  SellerEdge: allow,
  ReviewPayload: allow,
  ReviewDeletePayload: allow,
  ResourceModerationPayload: allow,
  ResourceCategoryPayload: allow,
  ResourceCategoryDeletePayload: allow,
  CurriculumReviewQueue: allow,
};
