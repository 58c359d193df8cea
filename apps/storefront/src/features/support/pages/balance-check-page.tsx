import { useEffect, useMemo, useState } from 'react';
import { Form, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { WalletCards } from '@otc/ui/icons';
import {
  balanceCheckInputSchema,
  cardNumberInRanges,
  formatDate,
  formatPrice,
  type CardType,
  type RouteOutput,
} from '@otc/sdk';
import { Button, Container, LiveMessage } from '@otc/ui';
import { CardFields, useCardTypeLabels } from '../../../components/card-fields';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath } from '../../../lib/locale';
import {
  CsrfField,
  FailureNotice,
  formFailure,
  parsePosted,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import { storeOf } from '../../../kernel/route-context';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { supportApi, type BalanceCheckInput } from '../support-api';

const EMPTY = { type: 'network' as CardType, number: '', code: '' };
/** What a refusal draws again: the type and the number, never the security code. */
type Typed = { type: string; number: string };

type BalanceAnswer = { balance: RouteOutput<'checkBalance'> } | FormFailure<Typed>;

/**
 * The check's post (issue 29: a form that works without the scripts, a POST: the card's number
 * and code never in an address), on the server for a form sent without them and here with them.
 */
export async function action(args: ActionFunctionArgs) {
  const locale = localeOfPath(new URL(args.request.url).pathname);
  const posted = textFields(await args.request.formData(), ['type', 'number', 'code'] as const);
  const typed: Typed = { type: posted.type ?? EMPTY.type, number: posted.number ?? '' };
  const checked = parsePosted<BalanceCheckInput>(balanceCheckInputSchema, { ...EMPTY, ...posted });
  if ('error' in checked) return formFailure<Typed>(typed, checked.error);
  const result = await storeOf(args).dispatch(
    supportApi.endpoints.checkBalance.initiate({ body: checked.data, locale }),
  );
  if (result.error) return formFailure<Typed>(typed, result.error);
  return { balance: result.data } satisfies BalanceAnswer;
}

/**
 * The quick balance check (guests too): card type, number and security code, checked per type
 * with the SDK's `balanceCheckInputSchema` through `useShopForm`, then posted to the page's action;
 * the answer is the balance and the end of the allowance period. The daily limit and the
 * automated-activity rejection are the catalogue's texts; what was typed stays (never the code).
 *
 * The type comes from the number (issue 33): once its first digits are in one issuer range (the
 * settings' `cardRanges`) that type is chosen, and a type picked against the number is named
 * under it ("This is a Network benefit card number."), the number kept as typed.
 */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const answer = useActionData<BalanceAnswer>();
  const navigation = useNavigation();
  // A new card type puts the last answer away (the next post's answer is drawn).
  const [putAway, setPutAway] = useState<BalanceAnswer | undefined>(undefined);
  const current = answer && answer !== putAway ? answer : undefined;
  const data = current && 'balance' in current ? current.balance : undefined;
  const refused = current && 'error' in current ? current : undefined;
  const failure = refused ? apiErrorText(locale, refused.error) : null;
  const isLoading = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const ranges = useGetSettingsQuery().data?.cardRanges;
  const schema = useMemo(
    () => (ranges ? balanceCheckInputSchema.check(cardNumberInRanges(ranges)) : balanceCheckInputSchema),
    [ranges],
  );
  const typed = refused ? { ...EMPTY, ...refused.values, type: (refused.values.type ?? EMPTY.type) as CardType, code: '' } : EMPTY;
  const form = useShopForm(schema, { defaultValues: typed, serverError: refused?.error });
  const { applyServerErrors } = form;
  useEffect(() => {
    if (refused) applyServerErrors(refused.error);
  }, [refused, applyServerErrors]);
  const typeLabels = useCardTypeLabels();
  const resetAnswer = () => setPutAway(answer);

  // Checked here first; a form that passes goes to the action above.
  const onSubmit = useCheckedPost((post) => form.submit(post));

  const cardName = data ? typeLabels[data.type] : '';
  const last4 = data?.last4 ?? '';
  const periodEnd = data?.periodEndsAt
    ? formatDate(data.periodEndsAt, locale, { dateStyle: 'long' })
    : '';

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t`Check your balance`}</h1>
        <p className="mt-3 text-lg">
          <Trans>
            See how much allowance is left on your benefit card. You do not need to sign in. The
            numbers are printed on the card.
          </Trans>
        </p>

        <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
          <CsrfField />
          <LiveMessage message={form.spoken} />
          <CardFields form={form} onTypeChange={resetAnswer} />
          <div>
            <Button type="submit" size="lg" loading={isLoading} loadingLabel={t`Checking`}>
              <Trans>Check balance</Trans>
            </Button>
          </div>
        </Form>

        {/* The forms' one way to say a refusal (an alert of its own, not inside the answer's
            polite region, which would say it twice). */}
        {failure ? (
          <FailureNotice className="mt-6">
            <p className="font-semibold">{failure}</p>
          </FailureNotice>
        ) : null}
        <div aria-live="polite" className="mt-6">
          {data ? (
            <div className="flex gap-4 rounded-2xl border-2 border-success bg-success-soft p-5">
              <WalletCards aria-hidden="true" className="size-8 shrink-0 text-success" />
              <div className="text-lg">
                <p>
                  <Trans>
                    {cardName} ending in {last4}
                  </Trans>
                </p>
                <p className="text-3xl font-extrabold">{formatPrice(data.balance)}</p>
                <p>
                  {data.periodEndsAt ? (
                    <Trans>Available until {periodEnd}</Trans>
                  ) : (
                    <Trans>Your plan has not set an end date for this allowance period.</Trans>
                  )}
                </p>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </Container>
  );
}
