import { DEFAULT_REQUIRED_PROFILE_FIELDS } from '../constants/index.js';
import { missingProfileFields, type ProfileSubject } from './missing-profile-fields.js';

/**
 * A profile is complete only when the customer has an id and none of the required fields is
 * null or empty (spec section 4). The required fields come from settings
 * (`requiredProfileFields`); the default is first name, last name and birthdate.
 */
export function isProfileComplete(
  customer: ProfileSubject | null | undefined,
  requiredFields: readonly string[] = DEFAULT_REQUIRED_PROFILE_FIELDS,
): boolean {
  if (!customer || typeof customer.id !== 'number' || customer.id <= 0) return false;
  return missingProfileFields(customer, requiredFields).length === 0;
}
