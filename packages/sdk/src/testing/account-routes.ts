/**
 * The test shop's account routes (as the API answers them): the customer's profile, password and
 * health plan, their e-mails and phones (added, verified by a code, made primary, removed) and
 * their delivery addresses.
 */
import { loginKind } from '../validation/validate-login.js';
import { validateState } from '../validation/validate-state.js';
import { endSessions, requireProof, sendCode, useCode } from './auth-routes.js';
import { invalid, issue, TestShopError } from './errors.js';
import type { RouteImpls, ShopCore } from './routes.js';
import {
  addressView,
  customerView,
  loginTaken,
  newId,
  normalizeLogin,
  type CodePurpose,
  type TestCustomer,
} from './state.js';
import { noticeAccountChange } from './undo-routes.js';

function contactOf(customer: TestCustomer, kind: 'email' | 'phone', id: number) {
  const list = kind === 'email' ? customer.emails : customer.phones;
  const found = (list as Array<{ id: number; verified: boolean; reg: boolean }>).find((c) => c.id === id);
  if (!found) throw new TestShopError('not_found');
  return found;
}

function contactValue(contact: { address?: string; number?: string }): string {
  return contact.address ?? contact.number ?? '';
}

function addContact(shop: ShopCore, customer: TestCustomer, kind: 'email' | 'phone', value: string) {
  const { state } = shop;
  if (!state.settings.addingContactsEnabled) {
    throw new TestShopError('adding_contacts_disabled', { params: { phone: state.settings.supportPhone } });
  }
  if (loginKind(value) !== kind) throw invalid({ value: [issue('wrong_format')] });
  const normalized = normalizeLogin(value);
  if (loginTaken(state, normalized, customer.id)) throw new TestShopError('contact_taken');
  const list = (kind === 'email' ? customer.emails : customer.phones) as Array<{
    id: number;
    verified: boolean;
    address?: string;
    number?: string;
  }>;
  const mine = list.find((c) => contactValue(c) === normalized);
  if (mine?.verified) throw new TestShopError('contact_already_added');
  if (!mine) {
    if (kind === 'email') {
      customer.emails.push({
        id: newId(state),
        address: normalized,
        reg: false,
        verified: false,
        receiveMarketingMailing: false,
      });
    } else {
      customer.phones.push({
        id: newId(state),
        number: normalized,
        reg: false,
        verified: false,
        receiveSms: true,
        allowMarketingCalls: false,
      });
    }
  }
  sendCode(shop, normalized, kind === 'email' ? 'verify-email' : 'verify-phone');
}

function contactRoutes(kind: 'email' | 'phone') {
  const purpose: CodePurpose = kind === 'email' ? 'verify-email' : 'verify-phone';
  return {
    add: ({ shop, customer, body }: { shop: ShopCore; customer: TestCustomer; body: { value: string } }) => {
      addContact(shop, customer, kind, body.value);
      return customerView(shop.state, customer, shop.now());
    },
    verify: (shop: ShopCore, customer: TestCustomer, id: number, code: string) => {
      const contact = contactOf(customer, kind, id);
      if (contact.verified) throw new TestShopError('contact_already_verified');
      const value = contactValue(contact as { address?: string; number?: string });
      if (loginTaken(shop.state, value, customer.id)) throw new TestShopError('contact_taken');
      useCode(shop, value, purpose, code);
      contact.verified = true;
      return customerView(shop.state, customer, shop.now());
    },
    resend: (shop: ShopCore, customer: TestCustomer, id: number) => {
      const contact = contactOf(customer, kind, id);
      if (contact.verified) throw new TestShopError('contact_already_verified');
      return sendCode(shop, contactValue(contact as { address?: string; number?: string }), purpose);
    },
    makePrimary: (shop: ShopCore, customer: TestCustomer, id: number) => {
      const contact = contactOf(customer, kind, id);
      if (!contact.verified) throw new TestShopError('contact_not_verified');
      if (contact.reg) return customerView(shop.state, customer, shop.now());
      const list = (kind === 'email' ? customer.emails : customer.phones) as Array<{ id: number; reg: boolean }>;
      const previous = list.find((c) => c.reg);
      const valueOf = (c: object) => contactValue(c as { address?: string; number?: string });
      noticeAccountChange(shop, customer, 'contact_made_primary', {
        contact: { kind, id: contact.id, value: valueOf(contact) },
        previous: previous ? { id: previous.id, value: valueOf(previous) } : null,
      });
      for (const c of list) c.reg = false;
      contact.reg = true;
      // As the API: the login changed, so every device signs in again.
      endSessions(shop, customer.id);
      return customerView(shop.state, customer, shop.now());
    },
    remove: (shop: ShopCore, customer: TestCustomer, id: number) => {
      const contact = contactOf(customer, kind, id);
      if (contact.reg) {
        throw new TestShopError(
          kind === 'email' ? 'primary_email_cannot_be_removed' : 'primary_phone_cannot_be_removed',
        );
      }
      if (kind === 'email') customer.emails = customer.emails.filter((e) => e.id !== id);
      else customer.phones = customer.phones.filter((p) => p.id !== id);
      return customerView(shop.state, customer, shop.now());
    },
  };
}

const emailRoutes = contactRoutes('email');
const phoneRoutes = contactRoutes('phone');

export function addressOf(customer: TestCustomer, id: number) {
  const address = customer.addresses.find((a) => a.id === id && !a.deleted);
  if (!address) throw new TestShopError('not_found');
  return address;
}

export function stateIssue(shop: ShopCore, state: string | undefined) {
  return validateState(state, shop.state.settings.deliveryStates);
}

export const ACCOUNT_ROUTES: RouteImpls = {
  me: ({ shop, customer }) => customerView(shop.state, customer, shop.now()),
  updateCustomer: ({ shop, customer, body }) => {
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) (customer as unknown as Record<string, unknown>)[key] = value;
    }
    return customerView(shop.state, customer, shop.now());
  },
  changePassword: ({ shop, customer, session, body }) => {
    if (customer.password !== null) {
      if (!body.currentPassword) throw invalid({ currentPassword: [issue('required')] });
      if (body.currentPassword !== customer.password) {
        throw invalid({ currentPassword: [issue('current_password_incorrect')] });
      }
    } else {
      requireProof(shop, session);
    }
    noticeAccountChange(shop, customer, customer.password === null ? 'password_set' : 'password_changed');
    customer.password = body.password;
    customer.passwordUpdatedAt = shop.now().toISOString();
    endSessions(shop, customer.id, session.id);
    return customerView(shop.state, customer, shop.now());
  },
  listHealthPlans: ({ shop }) => shop.state.plans.map((p) => ({ ...p })),
  // The API also sets (or clears) the otc_plan cookie; the kit answers the code and holds no cookie.
  chooseGuestPlan: ({ shop, body }) => {
    const code = body.code.trim().toLowerCase();
    if (!code) return { code: null };
    const plan = shop.state.plans.find((p) => p.code === code);
    if (!plan) throw new TestShopError('plan_not_found', { fields: { code: [issue('wrong_format')] } });
    return { code: plan.code };
  },
  chooseHealthPlan: ({ shop, customer, body }) => {
    if (!shop.state.plans.some((p) => p.code === body.code)) {
      throw new TestShopError('plan_not_found', { fields: { code: [issue('wrong_format')] } });
    }
    customer.plan = body.code;
    return customerView(shop.state, customer, shop.now());
  },
  addEmail: (ctx) => emailRoutes.add(ctx),
  verifyEmail: ({ shop, customer, params, body }) => emailRoutes.verify(shop, customer, params.id, body.code),
  resendEmailCode: ({ shop, customer, params }) => emailRoutes.resend(shop, customer, params.id),
  makeEmailPrimary: ({ shop, customer, params }) => emailRoutes.makePrimary(shop, customer, params.id),
  updateEmail: ({ shop, customer, params, body }) => {
    const email = customer.emails.find((e) => e.id === params.id);
    if (!email) throw new TestShopError('not_found');
    if (body.receiveMarketingMailing !== undefined) email.receiveMarketingMailing = body.receiveMarketingMailing;
    return customerView(shop.state, customer, shop.now());
  },
  removeEmail: ({ shop, customer, params }) => emailRoutes.remove(shop, customer, params.id),
  addPhone: (ctx) => phoneRoutes.add(ctx),
  verifyPhone: ({ shop, customer, params, body }) => phoneRoutes.verify(shop, customer, params.id, body.code),
  resendPhoneCode: ({ shop, customer, params }) => phoneRoutes.resend(shop, customer, params.id),
  makePhonePrimary: ({ shop, customer, params }) => phoneRoutes.makePrimary(shop, customer, params.id),
  updatePhone: ({ shop, customer, params, body }) => {
    const phone = customer.phones.find((p) => p.id === params.id);
    if (!phone) throw new TestShopError('not_found');
    if (body.receiveSms !== undefined) phone.receiveSms = body.receiveSms;
    if (body.allowMarketingCalls !== undefined) phone.allowMarketingCalls = body.allowMarketingCalls;
    return customerView(shop.state, customer, shop.now());
  },
  removePhone: ({ shop, customer, params }) => phoneRoutes.remove(shop, customer, params.id),
  listAddresses: ({ customer }) => customer.addresses.filter((a) => !a.deleted).map(addressView),
  addAddress: ({ shop, customer, body }) => {
    const found = stateIssue(shop, body.state);
    if (found) throw invalid({ state: [found] });
    const address = {
      id: newId(shop.state),
      address: body.address,
      address2: body.address2 ?? null,
      city: body.city,
      state: body.state.toUpperCase(),
      zip: body.zip,
      facilityAddress: body.facilityAddress ?? false,
      deleted: false,
    };
    customer.addresses.push(address);
    return addressView(address);
  },
  updateAddress: ({ shop, customer, params, body }) => {
    const address = addressOf(customer, params.id);
    if (body.state !== undefined) {
      const found = stateIssue(shop, body.state);
      if (found) throw invalid({ state: [found] });
    }
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) (address as unknown as Record<string, unknown>)[key] = value;
    }
    address.state = address.state.toUpperCase();
    return addressView(address);
  },
  removeAddress: ({ customer, params }) => {
    addressOf(customer, params.id).deleted = true;
    return { ok: true };
  },
};
