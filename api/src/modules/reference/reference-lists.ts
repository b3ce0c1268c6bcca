import { ROLE_VALUES } from '../users';

/** The spec's lists of values (section 3), used by filters and forms across the product. */
export const RESOURCE_TYPES = ['document', 'audio', 'video', 'image', 'text', 'spreadsheet', 'other'];
export const DANCE_STYLES = [
  'Ballet',
  'Contemporary',
  'Hip Hop',
  'Jazz',
  'Tap',
  'Ballroom',
  'Latin',
  'Folk',
  'Modern',
  'Swing',
  'Breakdance',
  'Other',
];
export const AGE_GROUPS = [
  'All Ages',
  'Toddler (2-4)',
  'Children (5-8)',
  'Pre-Teen (9-12)',
  'Teen (13-17)',
  'Adult (18+)',
  'Senior (55+)',
];
export const SKILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced', 'Professional', 'Mixed Levels'];
export const ROLES: string[] = [...ROLE_VALUES];
