/** Pure helpers of the API token screens (unit-tested in apiTokenFormat.spec.ts). */
import type { ApiTokenStatus } from '../../gql/graphql';
import { formatDate, formatDateTime } from '../../ui/dateFormat';

/** The scope only staff (admins and curriculum officers) may give a token; the server refuses it to others. */
export const ADMIN_SCOPE = 'admin';

export interface StatusBadge {
  label: string;
  palette: 'green' | 'gray' | 'red';
}

const STATUS_BADGES: Record<ApiTokenStatus, StatusBadge> = {
  ACTIVE: { label: 'Active', palette: 'green' },
  EXPIRED: { label: 'Expired', palette: 'gray' },
  REVOKED: { label: 'Revoked', palette: 'red' },
};

/** The badge of a token's status: Active (green), Expired (grey), Revoked (red). */
export function statusBadge(status: ApiTokenStatus): StatusBadge {
  return STATUS_BADGES[status];
}

/** The statuses the admin list filters by, in the order of the select. */
export const STATUS_OPTIONS: { value: ApiTokenStatus; label: string }[] = (
  Object.keys(STATUS_BADGES) as ApiTokenStatus[]
).map((value) => ({ value, label: STATUS_BADGES[value].label }));

/** A status select's value as the query's variable ('' → all). */
export function statusFilter(value: string): ApiTokenStatus | null {
  return Object.hasOwn(STATUS_BADGES, value) ? (value as ApiTokenStatus) : null;
}

/** The token as lists show it: its first characters and an ellipsis, e.g. "drx_abc123…". */
export function maskedToken(prefix: string): string {
  return `${prefix}…`;
}

/** When it was last used, or "Never". */
export function formatLastUsed(lastUsedAt: unknown): string {
  return formatDateTime(lastUsedAt) || 'Never';
}

/** When it stops working, or "Never". */
export function formatExpires(expiresAt: unknown): string {
  return formatDate(expiresAt) || 'Never';
}

/** The expiry choices of the create form; the value is days as text, '' for none. */
export const EXPIRY_OPTIONS: { value: string; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '', label: 'No expiry' },
];

export const DEFAULT_EXPIRY = '30';

/** An expiry choice as `expiresInDays`: a whole number of days, or null (never expires). */
export function expiresInDays(choice: string): number | null {
  const days = Number.parseInt(choice, 10);
  return Number.isInteger(days) && days > 0 ? days : null;
}

/** The scopes a person may choose from: everything but `admin` unless they are staff. */
export function choosableScopes<T extends { name: string }>(scopes: readonly T[], staff: boolean): T[] {
  return scopes.filter((scope) => staff || scope.name !== ADMIN_SCOPE);
}

export interface UserErrorLike {
  code: string;
  field?: string | null;
  message: string;
}

/** The create form's fields that errors are shown next to. */
export const TOKEN_FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
export type TokenField = (typeof TOKEN_FIELDS)[number];

export interface FormErrors {
  fields: Partial<Record<TokenField, string>>;
  /** Errors not about one field (e.g. CONFLICT: too many active tokens), shown above the form. */
  form: string[];
}

/** The server's refusals, split into those shown next to a field and the rest. */
export function splitUserErrors(errors: readonly UserErrorLike[]): FormErrors {
  const result: FormErrors = { fields: {}, form: [] };
  for (const error of errors) {
    const field = TOKEN_FIELDS.find((name) => name === error.field);
    if (field && !result.fields[field]) result.fields[field] = error.message;
    else if (!field) result.form.push(error.message);
  }
  return result;
}

/**
 * What the form can tell before asking the server (both at once, where the server names the first
 * only); the server's messages say the same.
 */
export function checkTokenInput(input: { name: string; scopes: readonly string[] }): FormErrors['fields'] {
  const fields: FormErrors['fields'] = {};
  if (!input.name.trim()) fields.name = 'Give the token a name.';
  if (input.scopes.length === 0) fields.scopes = 'Choose at least one scope.';
  return fields;
}
