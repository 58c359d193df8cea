import { DEFAULT_REQUIRED_PROFILE_FIELDS } from '../constants/index.js';

/** What the profile rules read: the id and any profile field by name. */
export type ProfileSubject = { id?: number | null } & Readonly<Record<string, unknown>>;

function isMissing(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * The required profile fields the customer has not filled: null, undefined, or empty (or
 * whitespace-only) text. Order follows `requiredFields`; duplicates are listed once. With no
 * customer, every required field is missing.
 */
export function missingProfileFields(
  customer: ProfileSubject | null | undefined,
  requiredFields: readonly string[] = DEFAULT_REQUIRED_PROFILE_FIELDS,
): string[] {
  const unique = [...new Set(requiredFields)];
  if (!customer) return unique;
  return unique.filter((field) => isMissing(customer[field]));
}
