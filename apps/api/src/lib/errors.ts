/**
 * HTTP errors of the API and their messages in English and Spanish. Handlers throw `HttpError`s
 * (or `validationError` for 422); the error handler in app.ts answers `{ message, code }` (and
 * `data` for 422) in the language of `Accept-Language`. English texts are the spec's.
 */
export type Lang = 'en' | 'es';

export const MESSAGES = {
  bad_request: { en: 'The request could not be read.', es: 'No se pudo leer la solicitud.' },
  validation_failed: {
    en: 'The given data was invalid.',
    es: 'Los datos enviados no son válidos.',
  },
  unauthorized: {
    en: 'Please sign in to continue.',
    es: 'Inicie sesión para continuar.',
  },
  invalid_credentials: {
    en: 'Invalid username or password.',
    es: 'Usuario o contraseña no válidos.',
  },
  invalid_refresh_token: {
    en: 'Your session has ended. Please sign in again.',
    es: 'Su sesión ha terminado. Inicie sesión de nuevo.',
  },
  invalid_code: {
    en: 'The code is not correct or has expired.',
    es: 'El código no es correcto o ha vencido.',
  },
  code_attempts_exceeded: {
    en: 'Too many wrong codes. Please request a new code.',
    es: 'Demasiados códigos incorrectos. Solicite un código nuevo.',
  },
  resend_too_soon: {
    en: 'Please wait {seconds} seconds before requesting another code.',
    es: 'Espere {seconds} segundos antes de solicitar otro código.',
  },
  limitReached: {
    en: 'Your daily request limit is reached',
    es: 'Ha alcanzado su límite diario de solicitudes',
  },
  too_many_requests: {
    en: 'Too many requests. Please try again in a moment.',
    es: 'Demasiadas solicitudes. Inténtelo de nuevo en un momento.',
  },
  account_not_found: {
    en: 'No account was found for this e-mail or phone.',
    es: 'No se encontró ninguna cuenta con este correo o teléfono.',
  },
  account_exists: {
    en: 'An account with this e-mail or phone already exists. Please sign in.',
    es: 'Ya existe una cuenta con este correo o teléfono. Inicie sesión.',
  },
  forbidden: {
    en: 'You are not allowed to do this.',
    es: 'No tiene permiso para hacer esto.',
  },
  not_found: { en: 'Page not found', es: 'Página no encontrada' },
  conflict: {
    en: 'This conflicts with the current state. Please reload and try again.',
    es: 'Esto entra en conflicto con el estado actual. Recargue e inténtelo de nuevo.',
  },
  plan_not_found: {
    en: 'This health plan is not available.',
    es: 'Este plan de salud no está disponible.',
  },
  code_request_failed: {
    en: 'Failed to request authentication code',
    es: 'No se pudo solicitar el código de autenticación',
  },
  server_error: {
    en: 'Something went wrong',
    es: 'Algo salió mal',
  },
  unavailable: {
    en: 'The service is not available right now. Please try again later.',
    es: 'El servicio no está disponible en este momento. Inténtelo más tarde.',
  },
  // --- orders and payments ---
  order_not_draft: {
    en: 'This order can no longer be changed.',
    es: 'Este pedido ya no se puede cambiar.',
  },
  order_not_waiting_for_payment: {
    en: 'This order is not waiting for payment.',
    es: 'Este pedido no está esperando el pago.',
  },
  order_has_issues: {
    en: 'Please resolve issues in your order list before continue',
    es: 'Resuelva los problemas de su lista de pedido antes de continuar',
  },
  minimum_order: { en: '{qty} Minimum Order.', es: 'Pedido mínimo de {qty}.' },
  delivery_address_required: {
    en: 'Please choose a delivery address.',
    es: 'Elija una dirección de entrega.',
  },
  profile_incomplete: {
    en: 'Please complete your profile before placing an order.',
    es: 'Complete su perfil antes de realizar un pedido.',
  },
  promo_code_invalid: {
    en: 'The code you entered is not valid.',
    es: 'El código que ingresó no es válido.',
  },
  cannot_add_more: { en: 'You cannot add more', es: 'No puede añadir más' },
  payment_methods_unavailable: {
    en: 'Payment methods are not available. Please try again later.',
    es: 'Los métodos de pago no están disponibles. Inténtelo más tarde.',
  },
  card_number_or_code_is_not_correct: {
    en: 'Card number or code is not correct',
    es: 'El número de tarjeta o el código no son correctos',
  },
  notEnoughBalance: {
    en: "You don't have enough funds to pay for this order",
    es: 'No tiene fondos suficientes para pagar este pedido',
  },
  no_active_card: { en: 'No active card found.', es: 'No se encontró ninguna tarjeta activa.' },
  // --- customer resources and support ---
  adding_contacts_disabled: {
    en: 'E-mails and phones cannot be added here. Please contact the contact center at {phone}.',
    es: 'Aquí no se pueden agregar correos ni teléfonos. Comuníquese con el centro de contacto al {phone}.',
  },
  contact_taken: {
    en: 'This e-mail or phone is already used by another account.',
    es: 'Este correo o teléfono ya lo usa otra cuenta.',
  },
  contact_already_added: {
    en: 'This e-mail or phone is already in your account.',
    es: 'Este correo o teléfono ya está en su cuenta.',
  },
  contact_not_verified: {
    en: 'Please verify this e-mail or phone first.',
    es: 'Primero verifique este correo o teléfono.',
  },
  contact_already_verified: {
    en: 'This e-mail or phone is already verified.',
    es: 'Este correo o teléfono ya está verificado.',
  },
  primaryEmailCannotBeRemoved: {
    en: 'Your primary email cannot be removed',
    es: 'No se puede eliminar su correo electrónico principal',
  },
  primaryPhoneCannotBeRemoved: {
    en: 'Your primary phone cannot be removed',
    es: 'No se puede eliminar su teléfono principal',
  },
  card_already_in_system: {
    en: "Card already in system (used by another account). Contact support if you think it's a mistake.",
    es: 'La tarjeta ya está en el sistema (la usa otra cuenta). Comuníquese con soporte si cree que es un error.',
  },
  card_already_added: {
    en: 'This card is already in your account.',
    es: 'Esta tarjeta ya está en su cuenta.',
  },
  low_rate: {
    en: 'Your request was rejected as automated activity. Please try again or use another contact method.',
    es: 'Su solicitud fue rechazada como actividad automatizada. Inténtelo de nuevo o use otro medio de contacto.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type ErrorCode = keyof typeof MESSAGES;

/** Field messages of 422 answers: the SDK's English texts, with their Spanish. */
export const FIELD_MESSAGES: Record<string, string> = {
  Required: 'Obligatorio',
  'This field has wrong format': 'Este campo tiene un formato incorrecto',
  'This value should not be blank.': 'Este valor no debe estar vacío.',
  "Passwords don't match": 'Las contraseñas no coinciden',
  "Your password isn't complex enough": 'Su contraseña no es lo bastante segura',
  'The current password is not correct.': 'La contraseña actual no es correcta.',
  'This value should have 11 characters': 'Este valor debe tener 11 caracteres',
  'State is required': 'El estado es obligatorio',
  'Your card number should be of 16 or 17 digits': 'Su número de tarjeta debe tener 16 o 17 dígitos',
  'This link doesn’t look like a correct URL': 'Este enlace no parece una URL correcta',
  // orders and payments
  'You cannot add more': 'No puede añadir más',
  'This product does not exist.': 'Este producto no existe.',
  'The code you entered is not valid.': 'El código que ingresó no es válido.',
  'Please resolve issues in your order list before continue':
    'Resuelva los problemas de su lista de pedido antes de continuar',
  'Please choose a delivery address.': 'Elija una dirección de entrega.',
  "We don't deliver to this state": 'No hacemos entregas en este estado',
  'Payment methods are not available. Please try again later.':
    'Los métodos de pago no están disponibles. Inténtelo más tarde.',
  'Card number or code is not correct': 'El número de tarjeta o el código no son correctos',
  "You don't have enough funds to pay for this order":
    'No tiene fondos suficientes para pagar este pedido',
  'No active card found.': 'No se encontró ninguna tarjeta activa.',
  'Enter the card number': 'Ingrese el número de tarjeta',
  'Your card number is not valid': 'El número de tarjeta no es válido',
  'Your card number should be of 16 or 19 digits': 'Su número de tarjeta debe tener 16 o 19 dígitos',
};

export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    params[key] === undefined ? whole : String(params[key]),
  );
}

export function message(code: ErrorCode, lang: Lang, params?: Record<string, string | number>) {
  return interpolate(MESSAGES[code][lang], params);
}

export function translateField(text: string, lang: Lang): string {
  return lang === 'es' ? (FIELD_MESSAGES[text] ?? text) : text;
}

/** The first supported language of an Accept-Language header (English by default). */
export function pickLanguage(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    /** 422: per-field English messages (translated when answering). */
    readonly data?: Record<string, string[]>,
    /** Extra fields of the answer, e.g. `{ retryAfter: 42 }`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(MESSAGES[code].en);
    this.name = 'HttpError';
  }
}

export const errors = {
  unauthorized: () => new HttpError(401, 'unauthorized'),
  invalidCredentials: () => new HttpError(401, 'invalid_credentials'),
  forbidden: () => new HttpError(403, 'forbidden'),
  notFound: (code: ErrorCode = 'not_found') => new HttpError(404, code),
  conflict: (code: ErrorCode = 'conflict') => new HttpError(409, code),
  tooManyRequests: (code: ErrorCode, params?: Record<string, number>) =>
    new HttpError(429, code, params, undefined, params),
};

/** A 422 with per-field lists, e.g. `validationError({ password: ["Passwords don't match"] })`. */
export function validationError(data: Record<string, string[]>): HttpError {
  return new HttpError(422, 'validation_failed', undefined, data);
}
