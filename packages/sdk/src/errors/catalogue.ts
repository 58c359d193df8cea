/**
 * The ONE error catalogue of the shop: every code the API can send, with its HTTP status and its
 * English and Spanish text, plus the few codes only a client raises (no answer arrived). Clients
 * branch on codes and only show the text; the API answers with the text in the request's
 * language. `{name}` placeholders are filled from the error's params.
 *
 * English texts are the spec's word for word where the spec gives one (sections 5 and 8);
 * the others are ours. Field codes (status 422) appear in the per-field lists of a 422 answer.
 *
 * An app that draws one language at a time need not carry both: scripts/error-texts.mjs writes
 * this catalogue in parts (src/errors/generated/: the codes, then each language's texts,
 * `ERROR_TEXTS_EN` and `ERROR_TEXTS_ES` of `@otc/sdk/error-texts`), and
 * errors/catalogue-loadable.ts, the same exports
 * as this module, reads the texts of the languages registered with `registerErrorTexts` (the
 * storefront's browser build puts it in this module's place). After editing this catalogue, run
 * `node scripts/error-texts.mjs` (a test fails while the parts differ).
 */
import { LOCALES, type Locale } from '../constants/index.js';
import type { ErrorTexts } from './generated/codes.js';
import { readErrorMessage, readErrorText, type ErrorParams, type TextOf } from './lookup.js';

export { ERROR_KEY_PREFIX, fillTemplate, type ErrorParams } from './lookup.js';
export type { ErrorTexts } from './generated/codes.js';

export interface CatalogueEntry {
  /** The HTTP status the API answers with this code (0 for client-side codes). */
  readonly status: number;
  readonly en: string;
  readonly es: string;
  /** Raised by clients only (no answer from the API carries it). */
  readonly clientOnly?: true;
}

export const ERROR_CATALOGUE = {
  // --- requests and sessions ---
  bad_request: {
    status: 400,
    en: 'The request could not be read.',
    es: 'No se pudo leer la solicitud.',
  },
  validation_failed: {
    status: 422,
    en: 'The given data was invalid.',
    es: 'Los datos enviados no son válidos.',
  },
  unauthorized: {
    status: 401,
    en: 'Please sign in to continue.',
    es: 'Inicie sesión para continuar.',
  },
  invalid_credentials: {
    status: 401,
    en: 'Invalid username or password.',
    es: 'Usuario o contraseña no válidos.',
  },
  invalid_refresh_token: {
    status: 401,
    en: 'Your session has ended. Please sign in again.',
    es: 'Su sesión ha terminado. Inicie sesión de nuevo.',
  },
  forbidden: {
    status: 403,
    en: 'You are not allowed to do this.',
    es: 'No tiene permiso para hacer esto.',
  },
  cross_site_request: {
    status: 403,
    en: 'This request came from another site and was refused. Nothing was changed.',
    es: 'Esta solicitud vino de otro sitio y fue rechazada. No se cambió nada.',
  },
  csrf_token_invalid: {
    status: 403,
    en: 'This page is out of date. Please reload it and try again. Nothing was changed.',
    es: 'Esta página está desactualizada. Recárguela e inténtelo de nuevo. No se cambió nada.',
  },
  not_found: { status: 404, en: 'Page not found', es: 'Página no encontrada' },
  conflict: {
    status: 409,
    en: 'This conflicts with the current state. Please reload and try again.',
    es: 'Esto entra en conflicto con el estado actual. Recargue e inténtelo de nuevo.',
  },
  payload_too_large: {
    status: 413,
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
  },
  uri_too_long: {
    status: 414,
    en: 'The address of the request is too long.',
    es: 'La dirección de la solicitud es demasiado larga.',
  },
  headers_too_large: {
    status: 431,
    en: 'The request headers are too large.',
    es: 'Los encabezados de la solicitud son demasiado grandes.',
  },
  request_timeout: {
    status: 408,
    en: 'The request took too long to arrive. Please try again.',
    es: 'La solicitud tardó demasiado en llegar. Inténtelo de nuevo.',
  },
  unsupported_media_type: {
    status: 415,
    en: 'This content type is not supported. Send JSON.',
    es: 'Este tipo de contenido no es compatible. Envíe JSON.',
  },
  too_many_requests: {
    status: 429,
    en: 'Too many requests. Please try again in a moment.',
    es: 'Demasiadas solicitudes. Inténtelo de nuevo en un momento.',
  },
  limitReached: {
    status: 429,
    en: 'Your daily request limit is reached',
    es: 'Ha alcanzado su límite diario de solicitudes',
  },
  low_rate: {
    status: 403,
    en: 'Your request was rejected as automated activity. Please try again or use another contact method.',
    es: 'Su solicitud fue rechazada como actividad automatizada. Inténtelo de nuevo o use otro medio de contacto.',
  },
  server_error: { status: 500, en: 'Something went wrong', es: 'Algo salió mal' },
  unavailable: {
    status: 503,
    en: 'The service is not available right now. Please try again later.',
    es: 'El servicio no está disponible en este momento. Inténtelo más tarde.',
  },
  /** A form posted without scripts found every page render taken: its page asks to wait. */
  form_post_busy: {
    status: 503,
    en: 'The shop is very busy. Please try again in a few seconds.',
    es: 'La tienda está muy ocupada. Vuelva a intentarlo en unos segundos.',
  },
  /** A form posted without scripts whose answer page could not be drawn. */
  form_post_failed: {
    status: 500,
    en: 'Something went wrong. Please check the page and try again.',
    es: 'Algo salió mal. Revise la página y vuelva a intentarlo.',
  },

  // --- sign-in and accounts ---
  invalid_code: {
    status: 422,
    en: 'The code is not correct or has expired.',
    es: 'El código no es correcto o ha vencido.',
  },
  code_attempts_exceeded: {
    status: 429,
    en: 'Too many wrong codes. Please request a new code.',
    es: 'Demasiados códigos incorrectos. Solicite un código nuevo.',
  },
  resend_too_soon: {
    status: 429,
    en: 'Please wait {seconds} seconds before requesting another code.',
    es: 'Espere {seconds} segundos antes de solicitar otro código.',
  },
  code_requests_slowed: {
    status: 429,
    en: 'Many codes were asked for this e-mail or phone. You can ask for a new one in {minutes} min. A code already sent still works for 10 minutes.',
    es: 'Se pidieron muchos códigos para este correo o teléfono. Puede pedir uno nuevo en {minutes} min. Un código ya enviado sigue funcionando durante 10 minutos.',
  },
  recent_proof_required: {
    status: 403,
    en: 'For your security, please confirm it is you first.',
    es: 'Por su seguridad, primero confirme que es usted.',
  },
  code_request_failed: {
    status: 503,
    en: 'Failed to request authentication code',
    es: 'No se pudo solicitar el código de autenticación',
  },
  account_not_found: {
    status: 404,
    en: 'No account was found for this e-mail or phone.',
    es: 'No se encontró ninguna cuenta con este correo o teléfono.',
  },
  account_exists: {
    status: 409,
    en: 'An account with this e-mail or phone already exists. Please sign in.',
    es: 'Ya existe una cuenta con este correo o teléfono. Inicie sesión.',
  },
  plan_not_found: {
    status: 422,
    en: 'This health plan is not available.',
    es: 'Este plan de salud no está disponible.',
  },
  adding_contacts_disabled: {
    status: 403,
    en: 'E-mails and phones cannot be added here. Please contact the contact center at {phone}.',
    es: 'Aquí no se pueden agregar correos ni teléfonos. Comuníquese con el centro de contacto al {phone}.',
  },
  contact_taken: {
    status: 409,
    en: 'This e-mail or phone is already used by another account.',
    es: 'Este correo o teléfono ya lo usa otra cuenta.',
  },
  contact_already_added: {
    status: 409,
    en: 'This e-mail or phone is already in your account.',
    es: 'Este correo o teléfono ya está en su cuenta.',
  },
  contact_not_verified: {
    status: 409,
    en: 'Please verify this e-mail or phone first.',
    es: 'Primero verifique este correo o teléfono.',
  },
  contact_already_verified: {
    status: 409,
    en: 'This e-mail or phone is already verified.',
    es: 'Este correo o teléfono ya está verificado.',
  },
  primary_email_cannot_be_removed: {
    status: 409,
    en: 'Your primary email cannot be removed',
    es: 'No se puede eliminar su correo electrónico principal',
  },
  primary_phone_cannot_be_removed: {
    status: 409,
    en: 'Your primary phone cannot be removed',
    es: 'No se puede eliminar su teléfono principal',
  },
  /** Reminders by text need a confirmed phone that takes texts (field `reminders`). */
  reminders_need_phone: {
    status: 422,
    en: 'Add and confirm a phone that takes text messages first.',
    es: 'Primero agregue y confirme un teléfono que reciba mensajes de texto.',
  },
  /** A reminder's unsubscribe link that was changed or is not ours (field `token`). */
  unsubscribe_link_invalid: {
    status: 422,
    en: 'This unsubscribe link is not valid. Turn reminders off in your account instead.',
    es: 'Este enlace para darse de baja no es válido. Desactive los recordatorios en su cuenta.',
  },
  /** An account-change notice's "This was not me" link that was changed or is not ours. */
  undo_link_invalid: {
    status: 404,
    en: 'This link is not valid. If someone changed your account, call us or recover your account from the sign-in page.',
    es: 'Este enlace no es válido. Si alguien cambió su cuenta, llámenos o recupere su cuenta desde la página para iniciar sesión.',
  },
  /** That link was used already: the change was undone once. */
  undo_link_used: {
    status: 410,
    en: 'This link was already used: the change was undone. Recover your account from the sign-in page to set a new password.',
    es: 'Este enlace ya se usó: el cambio se deshizo. Recupere su cuenta desde la página para iniciar sesión y elija una contraseña nueva.',
  },
  /** That link is older than its days (ACCOUNT_UNDO_DAYS). */
  undo_link_expired: {
    status: 410,
    en: 'This link has expired. If someone changed your account, call us or recover your account from the sign-in page.',
    es: 'Este enlace venció. Si alguien cambió su cuenta, llámenos o recupere su cuenta desde la página para iniciar sesión.',
  },

  // --- cards and payments ---
  card_number_or_code_is_not_correct: {
    status: 422,
    en: 'Card number or code is not correct',
    es: 'El número de tarjeta o el código no son correctos',
  },
  card_code_locked: {
    status: 403,
    en: "This card's security code was entered wrong too many times, so it is locked to keep the card safe. Please call us at {phone} to unlock it. A card already on your account still pays.",
    es: 'El código de seguridad de esta tarjeta se ingresó mal demasiadas veces, por lo que está bloqueado para proteger la tarjeta. Llámenos al {phone} para desbloquearlo. Una tarjeta que ya está en su cuenta sigue pagando.',
  },
  card_already_in_system: {
    status: 409,
    en: "Card already in system (used by another account). Contact support if you think it's a mistake.",
    es: 'La tarjeta ya está en el sistema (la usa otra cuenta). Comuníquese con soporte si cree que es un error.',
  },
  card_already_added: {
    status: 409,
    en: 'This card is already in your account.',
    es: 'Esta tarjeta ya está en su cuenta.',
  },
  notEnoughBalance: {
    status: 422,
    en: "You don't have enough funds to pay for this order",
    es: 'No tiene fondos suficientes para pagar este pedido',
  },
  no_active_card: {
    status: 422,
    en: 'No active card found.',
    es: 'No se encontró ninguna tarjeta activa.',
  },
  payment_methods_unavailable: {
    status: 422,
    en: 'Payment methods are not available. Please try again later.',
    es: 'Los métodos de pago no están disponibles. Inténtelo más tarde.',
  },

  // --- orders ---
  order_not_draft: {
    status: 409,
    en: 'This order can no longer be changed.',
    es: 'Este pedido ya no se puede cambiar.',
  },
  order_not_waiting_for_payment: {
    status: 422,
    en: 'This order is not waiting for payment.',
    es: 'Este pedido no está esperando el pago.',
  },
  unpaid_order_exists: {
    status: 409,
    en: 'Order {number} is still waiting for payment. Pay for it or cancel it before placing another order.',
    es: 'El pedido {number} todavía espera el pago. Páguelo o cancélelo antes de hacer otro pedido.',
  },
  order_payment_time_over: {
    status: 409,
    en: 'The time to pay for this order is over. Its items are back in your cart.',
    es: 'Se acabó el tiempo para pagar este pedido. Sus productos volvieron a su carrito.',
  },
  order_not_cancellable: {
    status: 409,
    en: 'This order can no longer be cancelled.',
    es: 'Este pedido ya no se puede cancelar.',
  },
  order_has_issues: {
    status: 422,
    en: 'Please resolve issues in your order list before continue',
    es: 'Resuelva los problemas de su lista de pedido antes de continuar',
  },
  minimum_order: { status: 422, en: '{qty} Minimum Order.', es: 'Pedido mínimo de {qty}.' },
  delivery_address_required: {
    status: 422,
    en: 'Please choose a delivery address.',
    es: 'Elija una dirección de entrega.',
  },
  profile_incomplete: {
    status: 422,
    en: 'Please complete your profile before placing an order.',
    es: 'Complete su perfil antes de realizar un pedido.',
  },
  promo_code_invalid: {
    status: 422,
    en: 'The code you entered is not valid.',
    es: 'El código que ingresó no es válido.',
  },
  promo_code_used: {
    status: 422,
    en: 'You have already used this code.',
    es: 'Ya usó este código.',
  },
  promo_code_used_up: {
    status: 422,
    en: 'This code has been used as many times as it can be.',
    es: 'Este código ya se usó todas las veces permitidas.',
  },
  /** No longer sent (contract 1.1.0): a code not on offer yet answers `promo_code_invalid`. */
  promo_code_not_started: {
    status: 422,
    en: 'This code can be used from {date}.',
    es: 'Este código se puede usar a partir del {date}.',
  },
  promo_code_expired: {
    status: 422,
    en: 'This code has expired.',
    es: 'Este código ha vencido.',
  },
  cannot_add_more: { status: 422, en: 'You cannot add more', es: 'No puede añadir más' },
  /** More units of one item than one order may hold (`MAX_UNITS_PER_ITEM`); params `{ max }`. */
  max_units_per_item: {
    status: 422,
    en: 'You can order at most {max} of one item.',
    es: 'Puede pedir como máximo {max} unidades de un mismo producto.',
  },
  /**
   * Placing: the order is worth more than the customer can pay (what is left on their cards and
   * balance, plus a set amount for another card); params `{ total, limit }`.
   */
  hold_value_exceeded: {
    status: 422,
    en: 'This order ({total}) is more than you can pay now (up to {limit}). Remove some items.',
    es: 'Este pedido ({total}) supera lo que puede pagar ahora (hasta {limit}). Quite algunos productos.',
  },
  /**
   * Placing: items of an unpaid order of the customer that ended a short while ago cannot be held
   * again yet; params `{ minutes, until }` (until: ISO date and time).
   */
  hold_cooldown: {
    status: 422,
    en: 'Some items were held by an order you did not pay. You can order them again in {minutes} min.',
    es: 'Algunos productos estaban reservados en un pedido que no pagó. Podrá pedirlos de nuevo en {minutes} min.',
  },
  /**
   * The plan limits how many units of one item a member orders per benefit period (issue 31):
   * adding, placing or paying more than is left; params `{ limit, left }` (rules `periodLimitRefusal`).
   */
  period_limit_reached: {
    status: 422,
    en: 'Your plan allows {limit} of this item per period. You can order {left} more this period.',
    es: 'Su plan permite {limit} unidades de este producto por período. Puede pedir {left} más en este período.',
  },
  /**
   * Paying with a benefit card: its own plan does not cover some items (nothing was charged; the
   * order can be paid another way); params `{ plan, items }`.
   */
  card_plan_does_not_cover: {
    status: 422,
    en: "Your card's plan ({plan}) does not cover: {items}. Nothing was charged. Pay another way or remove them.",
    es: 'El plan de su tarjeta ({plan}) no cubre: {items}. No se cobró nada. Pague de otra forma o quítelos.',
  },
  product_not_found: {
    status: 422,
    en: 'This product does not exist.',
    es: 'Este producto no existe.',
  },

  // --- field checks (per-field lists of a 422) ---
  required: { status: 422, en: 'Required', es: 'Obligatorio' },
  not_blank: {
    status: 422,
    en: 'This value should not be blank.',
    es: 'Este valor no debe estar vacío.',
  },
  length_11: {
    status: 422,
    en: 'This value should have 11 characters',
    es: 'Este valor debe tener 11 caracteres',
    // Only storefront forms check 11 characters (validateLength11); no contract schema does.
    clientOnly: true,
  },
  wrong_format: {
    status: 422,
    en: 'This field has wrong format',
    es: 'Este campo tiene un formato incorrecto',
  },
  too_long: {
    status: 422,
    en: 'This value is too long (at most {max} characters).',
    es: 'Este valor es demasiado largo (como máximo {max} caracteres).',
  },
  too_many_items: {
    status: 422,
    en: 'Too many items (at most {max}).',
    es: 'Demasiados elementos (como máximo {max}).',
  },
  invalid_date: {
    status: 422,
    en: 'This date does not exist.',
    es: 'Esta fecha no existe.',
  },
  date_not_past: {
    status: 422,
    en: 'This date must be in the past.',
    es: 'Esta fecha debe ser anterior a hoy.',
  },
  // A birthdate (issue 21): a year before BIRTH_YEAR_MIN (1900) said as such (not "does not
  // exist"), and the terms' age (ADULT_AGE, 18 or older). Written out, not as {params}: a form
  // shows a check's code with its text, and these read the same for everyone.
  birth_year_too_early: {
    status: 422,
    en: 'Enter a year from 1900 on.',
    es: 'Ingrese un año a partir de 1900.',
  },
  must_be_adult: {
    status: 422,
    en: 'You must be 18 or older to shop here.',
    es: 'Debe tener 18 años o más para comprar aquí.',
  },
  // A security code of the wrong length for a network or national card (3 digits; issue 21).
  security_code_3_digits: {
    status: 422,
    en: 'Enter the 3 digit security code printed on the card.',
    es: 'Ingrese el código de seguridad de 3 dígitos impreso en la tarjeta.',
  },
  state_required: { status: 422, en: 'State is required', es: 'El estado es obligatorio' },
  state_not_delivered: {
    status: 422,
    en: "We don't deliver to this state",
    es: 'No hacemos entregas en este estado',
  },
  invalid_url: {
    status: 422,
    en: 'This link doesn’t look like a correct URL',
    es: 'Este enlace no parece una URL correcta',
  },
  card_length_16_or_19: {
    status: 422,
    en: 'Your card number should be of 16 or 19 digits',
    es: 'Su número de tarjeta debe tener 16 o 19 dígitos',
  },
  card_length_16_or_17: {
    status: 422,
    en: 'Your card number should be of 16 or 17 digits',
    es: 'Su número de tarjeta debe tener 16 o 17 dígitos',
  },
  // A number whose issuer range is another type's than the one chosen (the settings' cardRanges;
  // issue 33): the type is named, one code per type, so each reads whole in both languages.
  card_number_is_network: {
    status: 422,
    en: 'This is a Network benefit card number. Choose that card type.',
    es: 'Este es un número de tarjeta de beneficios de red. Elija ese tipo de tarjeta.',
  },
  card_number_is_national: {
    status: 422,
    en: 'This is a National benefit card number. Choose that card type.',
    es: 'Este es un número de tarjeta de beneficios nacional. Elija ese tipo de tarjeta.',
  },
  card_number_is_s3: {
    status: 422,
    en: 'This is an S3 benefit card number. Choose that card type.',
    es: 'Este es un número de tarjeta de beneficios S3. Elija ese tipo de tarjeta.',
  },
  enter_card_number: {
    status: 422,
    en: 'Enter the card number',
    es: 'Ingrese el número de tarjeta',
  },
  invalid_card_number: {
    status: 422,
    en: 'Your card number is not valid',
    es: 'El número de tarjeta no es válido',
  },
  password_not_complex: {
    status: 422,
    en: "Your password isn't complex enough",
    es: 'Su contraseña no es lo bastante segura',
  },
  passwords_dont_match: {
    status: 422,
    en: "Passwords don't match",
    es: 'Las contraseñas no coinciden',
  },
  current_password_incorrect: {
    status: 422,
    en: 'The current password is not correct.',
    es: 'La contraseña actual no es correcta.',
  },

  // --- raised by clients only ---
  network_error: {
    status: 0,
    en: 'We could not reach the shop. Check your internet connection and try again.',
    es: 'No pudimos conectarnos con la tienda. Revise su conexión a internet e inténtelo de nuevo.',
    clientOnly: true,
  },
  session_ended: {
    status: 401,
    en: 'Your session has ended. Please sign in again.',
    es: 'Su sesión ha terminado. Inicie sesión de nuevo.',
    clientOnly: true,
  },
  malformed_answer: {
    status: 0,
    en: 'Something went wrong. Please try again later.',
    es: 'Algo salió mal. Inténtelo de nuevo más tarde.',
    clientOnly: true,
  },
  timeout: {
    status: 0,
    en: 'The shop took too long to answer. Please try again.',
    es: 'La tienda tardó demasiado en responder. Inténtelo de nuevo.',
    clientOnly: true,
  },
  /** An error answer that is not the API's (a proxy's HTML page): the status only. */
  unexpected_answer: {
    status: 0,
    en: 'The shop could not answer right now (error {status}). Please try again later.',
    es: 'La tienda no pudo responder en este momento (error {status}). Inténtelo de nuevo más tarde.',
    clientOnly: true,
  },
  /** A code this SDK does not know (a newer API's) and no message with it. */
  unknown_error: {
    status: 0,
    en: 'Something went wrong. Please try again.',
    es: 'Algo salió mal. Inténtelo de nuevo.',
    clientOnly: true,
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Every code of the catalogue. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Whether `value` is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, value);
}

/** A code's text in `locale` (English for an unknown locale); undefined for an unknown code. */
const textOf: TextOf = (code, locale) => {
  if (!isErrorCode(code)) return undefined;
  const entry: CatalogueEntry = ERROR_CATALOGUE[code];
  return (
    (Object.prototype.hasOwnProperty.call(entry, locale) ? entry[locale] : undefined) ?? entry.en
  );
};

/**
 * Makes `texts` the texts of `locale` for `errorText`. This catalogue holds every language: it
 * has nothing to do. An app built with errors/catalogue-loadable.ts in its place registers each
 * language it loads (`registerErrorTexts('es', ERROR_TEXTS_ES)`) before drawing in it; calling it
 * here too keeps such an app's code the same under both.
 */
export function registerErrorTexts(locale: Locale, texts: ErrorTexts): void {
  void locale;
  void texts;
}

/** Whether `errorText` has the texts of `locale` (always, in this catalogue). */
export function hasErrorTexts(locale: Locale): boolean {
  return (LOCALES as readonly string[]).includes(locale);
}

/**
 * The text of a code in a language, with its params filled in. `code` may carry the spec's
 * `errors.` prefix (`errors.notEnoughBalance`). It never throws: a code this SDK does not know
 * (one a newer API sends) gives `fallback` (e.g. the answer's own message) when there is one,
 * else the catalogue's generic `unknown_error` text; an unknown locale reads English.
 */
export function errorText(
  code: ErrorCode | (string & {}),
  locale: Locale,
  params?: ErrorParams,
  fallback?: string,
): string {
  return readErrorText(textOf, code, locale, params, fallback);
}

/**
 * A message as it may arrive (spec section 8: "error strings starting with errors. are
 * translated"): `errors.<code>` becomes the catalogue's text in `locale` (the generic text for
 * a code this SDK does not know); any other text is answered as it is.
 */
export function translateErrorMessage(
  message: string,
  locale: Locale,
  params?: ErrorParams,
): string {
  return readErrorMessage(textOf, message, locale, params);
}

/** The HTTP status the API answers a code with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}
