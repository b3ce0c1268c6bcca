import type { GraphRoute } from '../../rest/graph-route';

export const coursesRoutes: GraphRoute[] = [];
