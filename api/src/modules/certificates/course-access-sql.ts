/**
 * A refund revokes a certificate only when no enrollment still opens its course. Enrollments are the
 * learning module's, which depends on this one (a completed course issues its certificate), so it
 * registers its SQL when its `module.ts` loads instead of being imported (as the orders module does
 * for the cart: cart/paid-orders.ts).
 */

/** An `exists`: the account `userExpr` has an enrollment that still opens the course `courseExpr`. */
export type CourseAccessSql = (userExpr: string, courseExpr: string) => string;

let courseAccess: CourseAccessSql | null = null;

/** Registers the learning module's fragment (its module.ts does it once, when loaded). */
export function registerCourseAccessSql(sql: CourseAccessSql): void {
  courseAccess = sql;
}

/** The registered fragment; throws when none was registered (a missing import). */
export function courseAccessSql(userExpr: string, courseExpr: string): string {
  if (!courseAccess)
    throw new Error('The learning module registered no course-access SQL (registerCourseAccessSql)');
  return courseAccess(userExpr, courseExpr);
}
