/**
 * The practice module's front door (issue 34): what other modules may use. The learning module asks
 * `watchingPendingCondition` in the statement that marks a lesson complete.
 */
export { notWatchedError, watchingPendingCondition, watchingRefusal } from './watching-gate';
export { isTrackedVideoUrl, WATCHED_SHARE } from './practice-validation';
