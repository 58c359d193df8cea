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

/** The age the terms of use ask of a customer (18 or older). */
export const ADULT_AGE = 18;

/**
 * A birthdate: a real date (see `validateDate`), from 1900 on (`birth_year_too_early`: a year
 * such as 1850 exists, it is only too early), before today (`date_not_past`), and of someone at
 * least 18 years old today (`must_be_adult`, the terms of use).
 * Empty passes.
 */
export function validateBirthdate(value: unknown, now: Date = new Date()): ValidationIssue | null {
  const found = validateDate(value);
  if (found || isEmpty(value)) return found;
  const text = value as string;
  if (Number(text.slice(0, 4)) < BIRTH_YEAR_MIN) return issue('birth_year_too_early');
  const today = todayIso(now);
  if (text >= today) return issue('date_not_past');
  // Born on or before this day 18 years ago (YYYY-MM-DD compares as text; someone born on
  // 29 February is 18 on 1 March of a year without one).
  const latest = `${String(Number(today.slice(0, 4)) - ADULT_AGE).padStart(4, '0')}${today.slice(4)}`;
  return text <= latest ? null : issue('must_be_adult');
}
