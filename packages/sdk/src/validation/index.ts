// Validators returning catalogue codes with their English texts, and the same rules as zod/mini
// schemas for the contract and the forms. Pure: no HTTP client here.
export * from './messages.js';
export { isEmpty } from './is-empty.js';
export { isLuhnValid } from './luhn.js';
export { normalizeCardNumber } from './normalize-card-number.js';
export { normalizePhone } from './normalize-phone.js';
export { validateRequired } from './validate-required.js';
export { validateNotBlank } from './validate-not-blank.js';
export { validateLength11 } from './validate-length-11.js';
export { validateEmail, isEmail } from './validate-email.js';
export { validatePhone } from './validate-phone.js';
export { validateLogin, loginKind } from './validate-login.js';
export { validateUrl, normalizeUrl } from './validate-url.js';
export { validateState } from './validate-state.js';
export { validateZip } from './validate-zip.js';
export { validateCardNumber, isCardNumberValid, cardLengthCode } from './validate-card-number.js';
export {
  cardTypesOfNumber,
  cardTypeOfNumber,
  cardTypeNameCode,
  validateCardType,
} from './card-type-of-number.js';
export { validatePassword, isPasswordComplex } from './validate-password.js';
export { validatePasswordConfirmation } from './validate-password-confirmation.js';
export {
  validatePromoCode,
  normalizePromoCode,
  PROMO_CODE_MAX_LENGTH,
} from './validate-promo-code.js';
export {
  validateFields,
  hasFieldErrors,
  toErrorData,
  rule,
  type FieldValidator,
  type FieldErrors,
} from './validate-fields.js';
export { ADULT_AGE, validateDate, validateBirthdate, isCalendarDate, todayIso } from './validate-date.js';
export { hasNul } from './no-nul.js';
export { fieldIssueFromZod, type ZodFieldIssue, type ZodIssueLike } from './field-issue.js';
export {
  checkWith,
  noNul,
  textSchema,
  schemaFrom,
  idNumberSchema,
  countNumberSchema,
  positiveCountSchema,
  idParamSchema,
  priceParamSchema,
  passwordSchema,
  optionalPasswordSchema,
  promoCodeSchema,
  usPhoneSchema,
  loginSchema,
  optionalEmailSchema,
  linkSchema,
  optionalLinkSchema,
  zipCodeSchema,
  stateSchema,
  cardNumberSchema,
  calendarDateSchema,
  birthdateSchema,
  cardCodeOfType,
  cardNumberOfType,
  cardNumberInRanges,
  refinePasswordConfirmation,
  maxKeys,
  type TextOptions,
  type FromOptions,
} from './zod.js';
