/**
 * How a contact is shown to someone who may not own it (a notice, an undo page, a proof step):
 * enough for the owner to recognise it, not enough to learn it. Apart from the notices so that
 * every service that shows a contact imports it without importing the notices.
 */

/** An e-mail (normalized, lower case) or a phone (ten digits). */
export interface Contact {
  kind: 'email' | 'phone';
  value: string;
}

/** `j•••@example.com` (first character of the name, the whole domain). */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

/** `(•••) •••-1234` (the last four digits only). */
export function maskPhone(number: string): string {
  return `(•••) •••-${number.replace(/\D/g, '').slice(-4)}`;
}

export function maskContact(contact: Contact): string {
  return contact.kind === 'email' ? maskEmail(contact.value) : maskPhone(contact.value);
}
