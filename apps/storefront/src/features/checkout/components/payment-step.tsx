import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CARD_CODE_LENGTHS,
  TYPED_CARD_TYPE,
  errorText,
  CARD_TYPE_PAYMENT_METHOD,
  cardTypeOfNumber,
  formatPrice,
  isCardCodeOfType,
  isPaymentInputValid,
  normalizeCardNumber,
  paymentMethodOptions,
  type Customer,
  type Locale,
  type PaymentMethodCode,
} from '@otc/sdk';
import { Button, Notice, RadioCardGroup, RadioGroup, TextField, type RadioCardOption } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { CsrfField } from '../../../kernel/page-form';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { CARD_METHODS, DRAWN_METHOD_FIELD, NEW_CARD, cardNumberProblemCode, type PAY_FIELDS } from '../checkout-action';

export { CARD_METHODS };
/** The benefit card type of a method paid with a typed card number (trnsx, nationsbenefits). */
function typedCardType(method: PaymentMethodCode) {
  return method === 'trnsx' || method === 'nationsbenefits' ? TYPED_CARD_TYPE[method] : null;
}

/**
 * A typed benefit card is checked with its security code, unless it is a card on the customer's
 * own account (same type, same last four digits): then the code may be left out.
 */
function onAccount(
  method: PaymentMethodCode,
  card: string,
  customer: Customer | undefined,
): boolean {
  const type = typedCardType(method);
  const digits = normalizeCardNumber(card);
  if (!type || digits.length < 4) return false;
  return (customer?.insuranceCards ?? []).some(
    (c) => c.type === type && c.last4 === digits.slice(-4),
  );
}

/** What the payment form posted, drawn again after a refusal (never the security code). */
export type PaymentTyped = Partial<Record<(typeof PAY_FIELDS)[number], string>>;

export interface PaymentStepProps {
  customer: Customer | undefined;
  /** The shop's payment methods (settings); none: "Payment methods are not available." */
  supported: readonly PaymentMethodCode[];
  /** The order's total, to judge the balance. */
  total: string;
  locale: Locale;
  placing: boolean;
  /**
   * `place`: the open draft is placed, then paid ("Place order and pay $30.00"); `pay`: an order
   * waiting for payment is paid ("Pay now: $30.00").
   */
  action?: 'place' | 'pay';
  /**
   * Why the last try failed (already in the page's language), shown above the button, with what
   * the shopper can do about it (`actions`). Not a live region: the page's notification
   * announces it, once.
   */
  failure: PaymentFailure | null;
  /** What the shopper can do about the failure (pay or cancel another order, back to cart). */
  failureActions?: ReactNode;
  /** What was typed before a refusal drawn by the server (the form is drawn with it). */
  typed?: PaymentTyped;
  /**
   * The checked form goes on: the page posts it to the checkout's action (`intent=pay`). Without
   * the scripts the browser posts it there itself.
   */
  onPlace: (form: HTMLFormElement) => void;
}

export interface PaymentFailure {
  title: string;
  lines: string[];
  advice?: string;
  cardRefused?: boolean;
  /** What is wrong with the card number (missing, too short): its field says it. */
  cardProblem?: string;
}

/**
 * Why an offered method cannot be chosen now (the balance is short of the total), or null. A
 * method without its card on the account is not offered at all (`paymentMethodOptions`).
 */
function blockedReason(
  code: PaymentMethodCode,
  customer: Customer | undefined,
  total: string,
  locale: Locale,
): string | null {
  if (code === 'balance') {
    const check = isPaymentInputValid('balance', {
      balance: customer?.balance,
      estimatedTotal: total,
    });
    return check.valid ? null : errorText('notEnoughBalance', locale);
  }
  return null;
}

/** The card number's message for a method, from the SDK's check (null when fine). */
export function cardNumberProblem(
  code: PaymentMethodCode,
  card: string,
  locale: Locale,
): string | null {
  const problem = cardNumberProblemCode(code, card);
  return problem ? errorText(problem, locale) : null;
}

/**
 * Checkout step 3: the shop's payment methods, the one recommended for the customer (their own
 * card's method among their plan's) first and alone tagged; a method whose card is not on the
 * account is left out, with where to add it; each checked as the spec says before the order is
 * placed.
 */
export function PaymentStep({
  customer,
  supported,
  total,
  locale,
  placing,
  action = 'place',
  failure,
  failureActions,
  typed,
  onPlace,
}: PaymentStepProps) {
  const { t } = useLingui();
  // The member's own cards (the active one first) decide which method is recommended, and which
  // cannot apply (prohealth without an active S3 card).
  const { options, withoutCard } = paymentMethodOptions(customer?.insurancePlan?.code, supported, customer);
  const firstUsable = options.find((option) => !blockedReason(option.code, customer, total, locale));
  // The shopper's pick; until there is one, the first usable method. Derived on every render, not
  // frozen at the first: the settings and the customer may answer after the step first draws.
  const [picked, setMethod] = useState<PaymentMethodCode | null>(
    () => options.find((option) => option.code === typed?.['payment-method'])?.code ?? null,
  );
  const method = picked ?? firstUsable?.code ?? null;
  const [card, setCard] = useState(typed?.card ?? '');
  const cardRanges = useGetSettingsQuery().data?.cardRanges;
  /** Which card pays a card method: a card on file (its id) or one typed (`NEW_CARD`). */
  const [cardChoice, setCardChoice] = useState<string>(typed?.['payment-card'] ?? '');
  const [code, setCode] = useState('');
  // A refused card drawn by the server (no scripts yet): its fields marked from the first render.
  const refusedText = failure?.cardRefused ? errorText('card_number_or_code_is_not_correct', locale) : null;
  const [cardError, setCardError] = useState<string | null>(
    () => failure?.cardProblem ?? (typed?.card ? refusedText : null),
  );
  const [codeError, setCodeError] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // A refused card (wrong number, wrong code or not accepted: one answer) marks the card's fields
  // and takes the focus there, so the shopper retypes or changes the card where the problem is
  // (and a phone's notification steps aside from the focused field).
  useEffect(() => {
    if (failure?.cardProblem) {
      setCardError(failure.cardProblem);
      requestAnimationFrame(() => cardRef.current?.focus());
      return;
    }
    if (!failure?.cardRefused) return;
    const text = errorText('card_number_or_code_is_not_correct', locale);
    const field = cardRef.current ?? codeRef.current;
    if (cardRef.current) setCardError(text);
    else if (codeRef.current) setCodeError(text);
    requestAnimationFrame(() => field?.focus());
  }, [failure, locale]);

  // Where the missing card goes, rather than a method that cannot be chosen.
  const missingCard = withoutCard.includes('prohealth') ? (
    <Trans>
      To pay with your health plan insurance card, add your S3 benefit card or make it active in{' '}
      <AppLink to="/account/payment-methods" className="font-semibold text-primary underline underline-offset-4">
        Payment methods
      </AppLink>
      .
    </Trans>
  ) : null;

  if (options.length === 0) {
    return missingCard ? (
      <Notice tone="warning">{missingCard}</Notice>
    ) : (
      <Notice tone="error">{errorText('payment_methods_unavailable', locale)}</Notice>
    );
  }

  const s3Card = customer?.activeInsuranceCard?.type === 's3' ? customer.activeInsuranceCard : null;
  const last4 = s3Card?.last4 ?? '';
  const balance = customer ? formatPrice(customer.balance) : '';
  const labels: Record<PaymentMethodCode, { label: ReactNode; description: ReactNode }> = {
    trnsx: {
      label: <Trans>Network benefit card</Trans>,
      description: <Trans>Pay with the benefit card from your health plan.</Trans>,
    },
    nationsbenefits: {
      label: <Trans>National benefit card</Trans>,
      description: <Trans>Pay with your national benefit card.</Trans>,
    },
    prohealth: {
      label: <Trans>Health plan insurance card</Trans>,
      description: s3Card ? (
        <Trans>Your active card ending in {last4} pays.</Trans>
      ) : (
        <Trans>Your active S3 benefit card pays.</Trans>
      ),
    },
    credit: {
      label: <Trans>Credit or debit card</Trans>,
      description: <Trans>Visa, Mastercard and other cards.</Trans>,
    },
    balance: {
      label: <Trans>Store balance</Trans>,
      description: <Trans>Your balance: {balance}</Trans>,
    },
  };

  const radioOptions: RadioCardOption[] = options.map((option) => {
    const reason = blockedReason(option.code, customer, total, locale);
    return {
      value: option.code,
      label: labels[option.code].label,
      description: labels[option.code].description,
      // Never balance (the only method that can be blocked), so a tag is never on a blocked one.
      tag: option.recommended ? (customer?.insurancePlan ? t`Recommended for your plan` : t`Recommended: your card`) : undefined,
      disabled: reason !== null,
      disabledReason: reason ?? undefined,
    };
  });

  const amount = formatPrice(total);
  const needsCard = method !== null && CARD_METHODS.includes(method);
  const cardType = method ? typedCardType(method) : null;
  const needsCode = cardType !== null;
  const codeOptional = method !== null && onAccount(method, card, customer);
  const codeLengths = cardType ? CARD_CODE_LENGTHS[cardType] : [];
  const codeDigits = codeLengths.join(` ${t`or`} `);
  const accountCards = (customer?.insuranceCards ?? []).filter((c) => c.type === cardType);
  const accountLast4 = accountCards.map((c) => c.last4).join(', ');
  // A benefit card of this method on the customer's account pays by its id: chosen from the list
  // (ending in, balance), the active one first, instead of typing 16 digits again (issue 21).
  const onFileCards = [...accountCards].sort((a, b) => Number(b.active) - Number(a.active));
  const chosenCard =
    onFileCards.length === 0
      ? NEW_CARD
      : onFileCards.some((c) => String(c.id) === cardChoice) || cardChoice === NEW_CARD
        ? cardChoice
        : String(onFileCards[0]!.id);
  const typing = needsCard && chosenCard === NEW_CARD;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMethodError(null);
    setCardError(null);
    setCodeError(null);
    // Every field's problem shows at once; the focus goes to the first field with one.
    const focus = (element: HTMLElement | null | undefined) =>
      requestAnimationFrame(() => element?.focus());
    if (!method) {
      setMethodError(t`Choose how to pay.`);
      focus(
        formRef.current?.querySelector<HTMLInputElement>(
          'input[name="payment-method"]:not(:disabled)',
        ),
      );
      return;
    }
    const blocked = blockedReason(method, customer, total, locale);
    if (blocked) {
      setMethodError(blocked);
      focus(
        formRef.current?.querySelector<HTMLInputElement>('input[name="payment-method"]:checked'),
      );
      return;
    }
    const problems: { field: HTMLInputElement | null; show: () => void }[] = [];
    if (needsCard && !typing) {
      if (formRef.current) onPlace(formRef.current);
      return;
    }
    // The form's own fields are posted (the action builds the method's input from them).
    if (needsCard) {
      const problem = cardNumberProblem(method, card, locale);
      if (problem) problems.push({ field: cardRef.current, show: () => setCardError(problem) });
    }
    if (needsCode) {
      const typedCode = code.trim();
      if (typedCode === '' && codeOptional) {
        // A card on the customer's account pays without its code.
      } else if (typedCode === '') {
        const problem = errorText('required', locale);
        problems.push({ field: codeRef.current, show: () => setCodeError(problem) });
      } else if (!isCardCodeOfType(typedCode, cardType)) {
        // A typed card is a network or national one: 3 digits.
        const problem = errorText('security_code_3_digits', locale);
        problems.push({ field: codeRef.current, show: () => setCodeError(problem) });
      }
    }
    if (problems.length > 0) {
      for (const problem of problems) problem.show();
      focus(problems[0]!.field);
      return;
    }
    if (formRef.current) onPlace(formRef.current);
  };

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name={DRAWN_METHOD_FIELD} value={method ?? ''} />
      <CsrfField />
      <RadioCardGroup
        legend={<Trans>Payment method</Trans>}
        name="payment-method"
        value={method}
        onChange={(value) => {
          setMethod(value as PaymentMethodCode);
          setMethodError(null);
          setCardError(null);
        }}
        options={radioOptions}
        error={methodError ?? undefined}
      />
      {missingCard ? <p className="text-muted">{missingCard}</p> : null}
      {needsCard && onFileCards.length > 0 ? (
        <RadioGroup
          legend={<Trans>Which card pays?</Trans>}
          name="payment-card"
          value={chosenCard}
          onChange={(value) => {
            setCardChoice(value);
            setCardError(null);
            setCodeError(null);
          }}
          options={[
            ...onFileCards.map((c) => {
              const last4 = c.last4;
              const balance = formatPrice(c.balance);
              return { value: String(c.id), label: t`Card ending in ${last4}, balance ${balance}` };
            }),
            { value: NEW_CARD, label: t`Another card: type its number` },
          ]}
        />
      ) : null}
      {typing ? (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            label={t`Card number`}
            hint={
              method === 'credit'
                ? t`The number on the front of the card`
                : accountLast4
                  ? t`16 or 19 digits, spaces are fine. Your card on file ends in ${accountLast4}.`
                  : t`16 or 19 digits, spaces are fine`
            }
            inputMode="numeric"
            autoComplete="cc-number"
            requiredMark="*"
            required
            ref={cardRef}
            name="card"
            value={card}
            onChange={(event) => {
              const next = event.target.value;
              setCard(next);
              // The number names its card (the issuers' ranges of the settings): a national card's
              // number typed under another card method moves the choice to its own method, kept
              // as typed (it was refused only after the order was placed).
              const type = cardRanges ? cardTypeOfNumber(next, cardRanges) : null;
              const byNumber = type ? CARD_TYPE_PAYMENT_METHOD[type] : null;
              if (byNumber && method !== 'credit' && byNumber !== method && options.some((option) => option.code === byNumber)) {
                setMethod(byNumber);
                setCardChoice(NEW_CARD);
                setMethodError(null);
              }
            }}
            error={cardError ?? undefined}
          />
          {needsCode ? (
            <TextField
              label={t`Security code`}
              hint={
                codeOptional
                  ? t`Not needed for a card on your account`
                  : t`${codeDigits} digits on the back`
              }
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              requiredMark={codeOptional ? undefined : '*'}
              required={!codeOptional}
              ref={codeRef}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={codeError ?? undefined}
            />
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <Notice tone="error" live={false} title={failure.title}>
          <ul className="flex flex-col gap-1">
            {failure.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {failure.advice ? <p className="mt-2">{failure.advice}</p> : null}
          {failureActions ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">{failureActions}</div>
          ) : null}
        </Notice>
      ) : null}
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={placing}
        loadingLabel={action === 'pay' ? t`Paying` : t`Placing your order`}
      >
        {action === 'pay' ? (
          <Trans>Pay now: {amount}</Trans>
        ) : (
          <Trans>Place order and pay {amount}</Trans>
        )}
      </Button>
    </Form>
  );
}
