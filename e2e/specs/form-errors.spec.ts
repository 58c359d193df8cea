/**
 * Every form of the shop, sent empty or with bad input (WCAG 3.3.1 Error identification, 1.3.1
 * Info and relationships): each field with a problem is aria-invalid="true" and described
 * (aria-describedby) by an element whose text is the problem in the page's language (the SDK
 * catalogue's text for its code, or the storefront's own message); no error message on screen is
 * left tied to no field; and the focus goes to the first field with a problem, as react-hook-form
 * does for the shop's forms (`useShopForm`). One test per group of forms, in English, and the
 * sign-in, account and checkout groups in Spanish too.
 *
 * The promo code's Apply button stays level with its field, with and without the error under it,
 * at 375 px and 1280 px; the address forms list the states by name in the page's language
 * ("Carolina del Norte (NC)"), the value staying the code.
 */
import type { Locator, Page } from '@playwright/test';
import { errorText, type ErrorCode } from '@otc/sdk';
import { expect, test } from '../fixtures/test';
import { en, es, localized, type LocaleCode, type ShopLocale } from '../fixtures/locales';
import { authWords, registerByApi, uniqueEmail } from '../fixtures/auth';
import { accountWords, useSession } from '../fixtures/account';
import {
  fillCart,
  methodWords,
  newCustomer,
  orderableProducts,
  purchaseWords,
  signInBrowser,
  unitsFor,
} from '../fixtures/purchase';
import { mainHeading } from '../fixtures/shop';
import { announcements, clearAnnouncements, recordAnnouncements } from '../fixtures/announcements';

/** Words of the forms not in the other fixtures (the storefront's English source and es/messages.po). */
const formWords = {
  en: {
    withPassword: /^With a password/,
    firstName: /^First name/,
    lastName: /^Last name/,
    day: 'Day',
    saveChanges: 'Save changes',
    addAnAddress: 'Add an address',
    addAddress: 'Add address',
    addPhone: 'Add phone',
    phoneNumber: /^Phone number/,
    setPassword: 'Set password',
    addNewAddress: 'Add a new address',
    cancel: 'Cancel',
    message: /^Message/,
    sendMessage: 'Send message',
    codeDigits: (digits: string) => `Enter the ${digits} digit security code printed on the card.`,
    northCarolina: 'North Carolina (NC)',
  },
  es: {
    withPassword: /^Con una contraseña/,
    firstName: /^Nombre/,
    lastName: /^Apellido/,
    day: 'Día',
    saveChanges: 'Guardar cambios',
    addAnAddress: 'Agregar una dirección',
    addAddress: 'Agregar dirección',
    addPhone: 'Agregar teléfono',
    phoneNumber: /^Número de teléfono/,
    setPassword: 'Crear contraseña',
    addNewAddress: 'Agregar una dirección nueva',
    cancel: 'Cancelar',
    message: /^Mensaje/,
    sendMessage: 'Enviar mensaje',
    codeDigits: (digits: string) =>
      `Ingrese el código de seguridad de ${digits} dígitos impreso en la tarjeta.`,
    northCarolina: 'Carolina del Norte (NC)',
  },
} as const;

/** A field and the text its error must read: a catalogue code (in the page's language) or a text. */
type Expected = [field: Locator, error: ErrorCode | { text: string }];

/**
 * After a refused submit: each field is invalid and described by its error's text, the first one
 * has the focus, and every error message shown in `scope` is tied to some field.
 */
async function expectFieldErrors(
  page: Page,
  locale: LocaleCode,
  scope: Locator,
  fields: Expected[],
): Promise<void> {
  for (const [field, error] of fields) {
    const text = typeof error === 'string' ? errorText(error, locale) : error.text;
    await expect(field, `${field.toString()} is invalid`).toHaveAttribute('aria-invalid', 'true');
    await expect
      .poll(
        async () => {
          const ids = ((await field.getAttribute('aria-describedby')) ?? '')
            .split(/\s+/)
            .filter(Boolean);
          const texts: string[] = [];
          for (const id of ids) {
            const described = page.locator(`[id="${id}"]`);
            texts.push(
              (await described.count()) === 1
                ? ((await described.textContent()) ?? '').trim()
                : `(no element #${id})`,
            );
          }
          return texts;
        },
        { message: `${field.toString()} is described by "${text}"` },
      )
      .toContain(text);
  }
  await expect(fields[0]![0], 'the first invalid field has the focus').toBeFocused();
  // No error text left on its own: every message in the form's error colour describes a field.
  const untied = await scope.evaluate((root) => {
    const described = new Set(
      Array.from(root.querySelectorAll('[aria-describedby]')).flatMap((element) =>
        (element.getAttribute('aria-describedby') ?? '').split(/\s+/),
      ),
    );
    return Array.from(root.querySelectorAll('p.text-danger, span.text-danger, div.text-danger'))
      .filter(
        (element) => (element.textContent ?? '').trim().length > 1 && !described.has(element.id),
      )
      .map((element) => (element.textContent ?? '').trim());
  });
  expect(untied, 'error messages tied to no field').toEqual([]);
}

/** The Apply button is level with the promo code field: same top and bottom (1 px of rounding). */
async function expectApplyLevel(page: Page, locale: ShopLocale, where: string): Promise<void> {
  const words = purchaseWords[locale.code];
  const field = await page.getByRole('textbox', { name: words.promoField }).boundingBox();
  const button = await page.getByRole('button', { name: words.apply, exact: true }).boundingBox();
  expect(field && button, where).toBeTruthy();
  const offsets = {
    top: Math.round(button!.y - field!.y),
    bottom: Math.round(button!.y + button!.height - (field!.y + field!.height)),
  };
  expect(offsets, `Apply against the field (${where})`).toEqual({ top: 0, bottom: 0 });
  expect(button!.x, `Apply beside the field (${where})`).toBeGreaterThan(field!.x + field!.width);
}

/** Sends the form with its button and checks the fields. */
async function submitAndExpect(
  page: Page,
  locale: LocaleCode,
  button: Locator,
  scope: Locator,
  fields: Expected[],
): Promise<void> {
  await button.click();
  await expectFieldErrors(page, locale, scope, fields);
}

/**
 * Enter pressed in `field` (the one with the problem, so the focus does not move): its error is
 * said once, by the form's live region that was there, empty, before; the focus stays.
 */
async function enterSaysOnce(page: Page, locale: LocaleCode, field: Locator, error: ErrorCode): Promise<void> {
  const text = errorText(error, locale);
  const region = field.locator('xpath=ancestor::form').locator('[data-live-message]');
  await expect(region, 'the live region is there before the error').toHaveCount(1);
  await expect(region).toBeEmpty();
  await clearAnnouncements(page);
  await field.press('Enter');
  await expect(region).toHaveText(text);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await announcements(page), `"${text}" said once`).toEqual([{ politeness: 'assertive', text }]);
}

for (const locale of [en, es]) {
  const code = locale.code;
  const w = authWords[code];
  const f = formWords[code];
  const main = (page: Page) => page.getByRole('main');

  // Each form walked in one language (fixtures/locales.ts, walkedIn), by turns.
  if (code === 'es')
  test(`sign-in forms tie their errors to the fields (${code})`, async ({ page, request }) => {
    // E-mail: empty, then not an e-mail.
    await page.goto(localized(locale, '/login'));
    const email = page.getByRole('textbox', { name: w.email });
    const sendByEmail = page.getByRole('button', { name: w.sendByEmail });
    await submitAndExpect(page, code, sendByEmail, main(page), [[email, 'required']]);
    await email.fill('name.example.com');
    await submitAndExpect(page, code, sendByEmail, main(page), [[email, 'wrong_format']]);
    // Phone: too short.
    await page.getByRole('tab', { name: w.phoneTab }).click();
    const phone = page.getByRole('textbox', { name: w.phone });
    await phone.fill('123');
    await submitAndExpect(
      page,
      code,
      page.getByRole('button', { name: w.sendBySms }),
      page.getByRole('tabpanel'),
      [[phone, 'wrong_format']],
    );

    // Password sign-in, empty.
    await page.goto(localized(locale, '/login/password'));
    await submitAndExpect(
      page,
      code,
      main(page).getByRole('button', { name: w.signIn, exact: true }),
      main(page),
      [
        [page.getByRole('textbox', { name: w.usernameLabel }), 'not_blank'],
        [page.getByLabel(w.passwordLabel), 'not_blank'],
      ],
    );

    // The code step: sent without the code.
    const login = uniqueEmail(`form-code-${code}`);
    await registerByApi(request, login, undefined, code);
    await page.goto(localized(locale, '/login'));
    await page.getByRole('textbox', { name: w.email }).fill(login);
    await page.getByRole('button', { name: w.sendByEmail }).click();
    const codeBox = page.getByRole('textbox', { name: w.code });
    await expect(codeBox).toBeVisible();
    await submitAndExpect(
      page,
      code,
      main(page).getByRole('button', { name: w.signIn, exact: true }),
      main(page),
      [[codeBox, 'required']],
    );
  });

  // Issue 33, item 18: forms sent with Enter say their error once, where the focus is.
  if (code === 'es')
  test(`forms sent with Enter say their error once (${code})`, async ({ page }) => {
    const a = accountWords[code];
    await recordAnnouncements(page);
    // Sign-in by e-mail: not an e-mail.
    await page.goto(localized(locale, '/login'));
    const email = page.getByRole('textbox', { name: w.email });
    await email.fill('name.example.com');
    await enterSaysOnce(page, code, email, 'wrong_format');
    // Sign-up: empty.
    await page.goto(localized(locale, '/sign-up'));
    const signUpEmail = page.getByRole('textbox', { name: w.email });
    await signUpEmail.focus();
    await enterSaysOnce(page, code, signUpEmail, 'required');
    // Balance check: the security code empty.
    await page.goto(localized(locale, '/balance-check'));
    await page.getByRole('textbox', { name: a.cardNumber }).fill('6035 0000 0000 0101');
    const security = page.getByRole('textbox', { name: a.securityCode });
    await security.focus();
    await enterSaysOnce(page, code, security, 'required');
    // Contacts: a short phone number.
    await page.goto(localized(locale, '/contacts'));
    await page.getByRole('textbox', { name: f.firstName }).fill('Rosa');
    await page.getByRole('textbox', { name: f.lastName }).fill('Martínez');
    await page.getByRole('textbox', { name: f.message }).fill('Hello');
    const phone = page.getByRole('textbox', { name: f.phoneNumber });
    await phone.fill('123');
    await enterSaysOnce(page, code, phone, 'wrong_format');
    // Password sign-in: Enter in the password with the login empty moves the focus to the login,
    // which says its error; the live region says nothing (said once).
    await page.goto(localized(locale, '/login/password'));
    const password = page.getByLabel(w.passwordLabel);
    await password.fill('Wrong1234');
    await clearAnnouncements(page);
    await password.press('Enter');
    await expect(page.getByRole('textbox', { name: w.usernameLabel })).toBeFocused();
    expect(await announcements(page)).toEqual([]);
  });

  if (code === 'en')
  test(`account forms tie their errors to the fields (${code})`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const customer = await newCustomer(request, {
      tag: `form-account-${code}`,
      language: code,
      address: false,
    });
    const a = accountWords[code];

    // Profile: the first name emptied, a day that does not exist.
    await signInBrowser(page, customer, localized(locale, '/account'));
    await expect(mainHeading(page)).toBeVisible();
    const firstName = page.getByRole('textbox', { name: f.firstName }).first();
    await expect(firstName).toHaveValue('Ana');
    await firstName.fill('');
    await page.getByRole('textbox', { name: f.day, exact: true }).fill('40');
    await submitAndExpect(
      page,
      code,
      page.getByRole('button', { name: f.saveChanges }),
      main(page),
      [
        [firstName, 'not_blank'],
        [page.getByRole('textbox', { name: f.day, exact: true }), 'invalid_date'],
      ],
    );

    // E-mails: the add dialog, empty then not an e-mail; phones: a short number.
    await page.getByRole('button', { name: a.addEmail }).click();
    let dialog = page.getByRole('dialog', { name: a.addEmailTitle });
    const emailBox = dialog.getByRole('textbox', { name: a.emailLabel });
    await submitAndExpect(page, code, dialog.getByRole('button', { name: a.sendCode }), dialog, [
      [emailBox, 'required'],
    ]);
    await emailBox.fill('name.example.com');
    await submitAndExpect(page, code, dialog.getByRole('button', { name: a.sendCode }), dialog, [
      [emailBox, 'wrong_format'],
    ]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: f.addPhone }).click();
    dialog = page.getByRole('dialog');
    const phoneBox = dialog.getByRole('textbox', { name: f.phoneNumber });
    await phoneBox.fill('123');
    await submitAndExpect(page, code, dialog.getByRole('button', { name: a.sendCode }), dialog, [
      [phoneBox, 'wrong_format'],
    ]);
    await page.keyboard.press('Escape');

    // Addresses: a new one, empty.
    const m = methodWords[code];
    await page.goto(localized(locale, '/account/addresses'));
    await page.getByRole('button', { name: f.addAnAddress }).first().click();
    dialog = page.getByRole('dialog');
    await submitAndExpect(page, code, dialog.getByRole('button', { name: f.addAddress }), dialog, [
      [dialog.getByRole('textbox', { name: m.street }), 'not_blank'],
      [dialog.getByRole('textbox', { name: m.city }), 'not_blank'],
      [dialog.getByRole('combobox', { name: m.state }), 'state_required'],
      [dialog.getByRole('textbox', { name: m.zip }), 'required'],
    ]);
    // The states by name in the page's language; the address keeps the code.
    const accountState = dialog.getByRole('combobox', { name: m.state });
    await expect(accountState.locator('option[value="NC"]')).toHaveText(f.northCarolina);
    await accountState.selectOption({ label: f.northCarolina });
    await expect(accountState).toHaveValue('NC');
    await page.keyboard.press('Escape');

    // Security: a first password, empty.
    await page.goto(localized(locale, '/account/security'));
    await submitAndExpect(
      page,
      code,
      page.getByRole('button', { name: f.setPassword }),
      main(page),
      [[page.getByLabel(w.newPassword), 'required']],
    );

    // Payment methods: a card, empty, then too short.
    await page.goto(localized(locale, '/account/payment-methods'));
    await page.getByRole('button', { name: a.addCard }).first().click();
    dialog = page.getByRole('dialog', { name: a.addCardTitle });
    const number = dialog.getByRole('textbox', { name: a.cardNumber });
    const security = dialog.getByRole('textbox', { name: a.securityCode });
    await submitAndExpect(
      page,
      code,
      dialog.getByRole('button', { name: a.addCardButton, exact: true }),
      dialog,
      [
        [number, 'not_blank'],
        [security, 'required'],
      ],
    );
    await number.fill('6035 0000');
    await submitAndExpect(
      page,
      code,
      dialog.getByRole('button', { name: a.addCardButton, exact: true }),
      dialog,
      [
        [number, 'card_length_16_or_19'],
        [security, 'required'],
      ],
    );
  });

  if (code === 'es')
  test(`cart and checkout forms tie their errors to the fields, Apply stays level (${code})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const words = purchaseWords[code];
    const m = methodWords[code];
    const customer = await newCustomer(request, { tag: `form-checkout-${code}`, language: code });
    const [product] = await orderableProducts(request, code, { minStock: 20 });
    await fillCart(request, customer, [{ sku_id: product!.id, amount: unitsFor(product!, 30) }]);

    // The promo code: a code the shop does not know; Apply level with the field before and after,
    // on a phone and on a desktop.
    await page.setViewportSize({ width: 375, height: 800 });
    await signInBrowser(page, customer, localized(locale, '/cart'));
    const promo = page.getByRole('textbox', { name: words.promoField });
    await promo.fill('NOSUCHCODE');
    await expectApplyLevel(page, locale, '375 px, no error');
    await submitAndExpect(
      page,
      code,
      page.getByRole('button', { name: words.apply, exact: true }),
      main(page),
      [[promo, 'promo_code_invalid']],
    );
    await expectApplyLevel(page, locale, '375 px, with the error');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectApplyLevel(page, locale, '1280 px, with the error');
    await page.reload();
    await promo.fill('NOSUCHCODE');
    await expectApplyLevel(page, locale, '1280 px, no error');

    // Delivery: a new address, empty.
    await page.getByRole('button', { name: words.checkout, exact: true }).click();
    await page.getByRole('button', { name: words.continueToDelivery }).click();
    await page.getByRole('button', { name: f.addNewAddress }).click();
    const form = page.getByRole('form', { name: m.newAddress });
    await submitAndExpect(page, code, form.getByRole('button', { name: m.saveAndDeliver }), form, [
      [form.getByRole('textbox', { name: m.street }), 'not_blank'],
      [form.getByRole('textbox', { name: m.city }), 'not_blank'],
      [form.getByRole('combobox', { name: m.state }), 'state_required'],
      [form.getByRole('textbox', { name: m.zip }), 'required'],
    ]);
    const checkoutState = form.getByRole('combobox', { name: m.state });
    await expect(checkoutState.locator('option[value="NC"]')).toHaveText(f.northCarolina);
    await checkoutState.selectOption({ label: f.northCarolina });
    await expect(checkoutState).toHaveValue('NC');
    await form.getByRole('button', { name: f.cancel }).click();

    // Payment: no card number, no security code; then the code alone missing, then too short.
    const toPayment = page.getByRole('button', { name: words.continueToPayment });
    await expect(toPayment).toBeEnabled();
    await toPayment.click();
    const card = page.getByRole('textbox', { name: words.cardNumber });
    const security = page.getByRole('textbox', { name: words.securityCode });
    const place = page.getByRole('button', { name: words.placeOrder });
    await submitAndExpect(page, code, place, main(page), [
      [card, 'enter_card_number'],
      [security, 'required'],
    ]);
    await card.fill('6035 0000 0000 0101');
    await submitAndExpect(page, code, place, main(page), [[security, 'required']]);
    // Typed short: the card's own length is said.
    await security.fill('12');
    await submitAndExpect(page, code, place, main(page), [[security, { text: f.codeDigits('3') }]]);
    await expect(card).not.toHaveAttribute('aria-invalid');
  });
}

test('sign-up, recovery and profile completion tie their errors to the fields (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const w = authWords.en;
  const f = formWords.en;
  const main = page.getByRole('main');

  // Sign-up with a password: step 2 with no code, a weak password and another confirmation.
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: f.withPassword }).check();
  await page.getByRole('textbox', { name: w.email }).fill(uniqueEmail('form-signup'));
  await page.getByRole('button', { name: w.sendByEmail }).click();
  const codeBox = page.getByRole('textbox', { name: w.code });
  await expect(codeBox).toBeVisible();
  await page.getByLabel(w.newPassword).fill('abc');
  await page.getByLabel(w.newPasswordAgain).fill('abd');
  await submitAndExpect(page, 'en', page.getByRole('button', { name: w.createAccount }), main, [
    [codeBox, 'required'],
    [page.getByLabel(w.newPassword), 'password_not_complex'],
    [page.getByLabel(w.newPasswordAgain), 'passwords_dont_match'],
  ]);

  // Recovery: step 2 empty.
  const login = uniqueEmail('form-recovery');
  await registerByApi(request, login);
  await page.goto('/login-recovery');
  await page.getByRole('textbox', { name: w.email }).fill(login);
  await page.getByRole('button', { name: w.sendByEmail }).click();
  await expect(codeBox).toBeVisible();
  await submitAndExpect(page, 'en', page.getByRole('button', { name: w.saveNewPassword }), main, [
    [codeBox, 'required'],
    [page.getByLabel(w.newPassword), 'required'],
  ]);

  // Profile completion (an account with no name nor date of birth), sent empty.
  const bare = uniqueEmail('form-complete');
  await registerByApi(request, bare);
  await useSession(page, { login: bare });
  await page.goto('/account/complete');
  await expect(mainHeading(page)).toHaveText(w.completeTitle);
  await submitAndExpect(page, 'en', page.getByRole('button', { name: w.saveAndContinue }), main, [
    [page.getByRole('textbox', { name: w.firstName }), 'not_blank'],
    [page.getByRole('textbox', { name: w.lastName }), 'not_blank'],
    [page.getByRole('combobox', { name: w.month, exact: true }), 'required'],
    [page.getByRole('textbox', { name: w.day, exact: true }), 'required'],
    [page.getByRole('textbox', { name: w.year, exact: true }), 'required'],
  ]);
});

test('support forms tie their errors to the fields (en)', async ({ page, request }) => {
  const a = accountWords.en;
  const f = formWords.en;
  const main = page.getByRole('main');

  // Contact: empty.
  await page.goto('/contacts');
  await submitAndExpect(page, 'en', page.getByRole('button', { name: f.sendMessage }), main, [
    [page.getByRole('textbox', { name: f.firstName }), 'not_blank'],
    [page.getByRole('textbox', { name: f.lastName }), 'not_blank'],
    [page.getByRole('textbox', { name: f.phoneNumber }), 'required'],
    [page.getByRole('textbox', { name: f.message }), 'not_blank'],
  ]);

  // Balance check: empty.
  await page.goto('/balance-check');
  await submitAndExpect(page, 'en', page.getByRole('button', { name: a.checkBalance }), main, [
    [page.getByRole('textbox', { name: a.cardNumber }), 'not_blank'],
    [page.getByRole('textbox', { name: a.securityCode }), 'required'],
  ]);

  // Request a product (signed in): no name, a link that is not one.
  const customer = await newCustomer(request, { tag: 'form-request', address: false });
  await signInBrowser(page, customer, '/request-new-product');
  await page.getByRole('textbox', { name: a.link }).fill('not a link');
  await submitAndExpect(page, 'en', page.getByRole('button', { name: a.sendRequest }), main, [
    [page.getByRole('textbox', { name: a.productName }), 'not_blank'],
    [page.getByRole('textbox', { name: a.link }), 'invalid_url'],
  ]);
});
