import { allow } from 'graphql-shield';
import { isAuthenticated } from '../../graphql/rules';

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
  },
  Mutation: {
    // Buyers only and ownership are checked by ResourcesService.
    reviewUpsert: isAuthenticated,
    reviewDelete: isAuthenticated,
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
};
