import { BIRTH_YEAR_MIN } from '../constants/index.js';
import { isEmpty } from './is-empty.js';
import { issue, type ValidationIssue } from './messages.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function parts(value: string): [number, number, number] | null {
  const match = DATE.exec(value);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * A real calendar date written YYYY-MM-DD (year 0001 to 9999, leap years counted):
 * "2024-02-29" yes; "2023-02-29", "2024-02-30", "2024-13-01", "0000-00-00" no.
 */
export function isCalendarDate(value: string): boolean {
  const found = parts(value);
  if (!found) return false;
  const [year, month, day] = found;
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 && leap ? 29 : DAYS[month - 1]!;
  return day <= last;
}

/** Today's date as YYYY-MM-DD (UTC). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A calendar date: "This field has wrong format" when not YYYY-MM-DD, `invalid_date` when the
 * day does not exist. Empty passes: combine with required.
 */
export function validateDate(value: unknown): ValidationIssue | null {
  if (isEmpty(value)) return null;
  if (typeof value !== 'string' || !DATE.test(value)) return issue('wrong_format');
  return isCalendarDate(value) ? null : issue('invalid_date');
}

/**
 * A birthdate: a real date (see `validateDate`), not before 1900 (`invalid_date`) and before
 * today (`date_not_past`). Empty passes.
 */
export function validateBirthdate(value: unknown, now: Date = new Date()): ValidationIssue | null {
  const found = validateDate(value);
  if (found || isEmpty(value)) return found;
  const text = value as string;
  if (Number(text.slice(0, 4)) < BIRTH_YEAR_MIN) return issue('invalid_date');
  return text < todayIso(now) ? null : issue('date_not_past');
}
