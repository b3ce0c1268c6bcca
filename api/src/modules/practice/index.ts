/**
 * The practice module's front door (issue 34): what other modules may use. The learning module asks
 * `watchingRefusal` before it marks a lesson complete.
 */
export { watchingRefusal } from './watching-gate';
export { isTrackedVideoUrl, WATCHED_SHARE } from './practice-validation';
