/**
 * Loads every job the app declares (`defineJob`, `defineSchedule`), so the boot registers them all:
 * each module's `module.ts` imports its jobs files, and loading the module list loads every module.
 * Jobs of no module (the HTTP rate limits) are imported here.
 */
import '../modules';
import '../http/rate-limit.jobs';
