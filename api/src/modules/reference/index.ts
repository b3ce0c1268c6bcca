// The reference module's front door: what other modules may use of it.
export { AGE_GROUPS, DANCE_STYLES, RESOURCE_TYPES, SKILL_LEVELS } from './reference-lists';
