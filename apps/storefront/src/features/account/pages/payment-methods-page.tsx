import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Form,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard, Plus } from '@otc/ui/icons';
import { formatDate, formatPrice } from '@otc/sdk';
import { Badge, Button, Dialog, EmptyState, Notice, Select, VisuallyHidden } from '@otc/ui';
import { storeOf } from '../../../kernel/route-context';
import { AppLink } from '../../../components/app-link';
import { apiErrorText } from '../../../lib/form-messages';
import { localeOfPath } from '../../../lib/locale';
import { onServer } from '../../../lib/on-server';
import { donePath, doneParam } from '../../../lib/page-params';
import { CsrfField, formFailure, textFields, type FormFailure } from '../../../kernel/page-form';
import { useLocale } from '../../../lib/use-locale';
import { useGetMeQuery } from '../../../kernel/customer-api';
import {
  accountApi,
  useAccountHealthPlansQuery,
  useCardsQuery,
  type Card,
  type Customer,
} from '../account-api';
import { AccountLayout, AccountSection } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { ADD_CARD_INTENT, CardForm, postedCard, type CardAnswer } from '../components/card-form';
import { useCardTypeLabels } from '../../../components/card-fields';
import { useSuccessNotice } from '../use-saved-notice';
export { paymentMethodsLoader as loader } from '../account-loaders';

/** The page's address, and the `step` that draws the card form in the page (lib/page-params.ts). */
const PAGE = '/account/payment-methods';
const ADD_CARD_STEP = 'add-card';

/** The page's other forms' intents: make a card the active one, choose the health plan. */
export const PAYMENT_INTENTS = { activate: 'make-card-active', plan: 'health-plan' } as const;

type ActivateAnswer =
  | { intent: typeof PAYMENT_INTENTS.activate; id: string; done: true }
  | (FormFailure & { intent: typeof PAYMENT_INTENTS.activate; id: string });
type PlanAnswer =
  | { intent: typeof PAYMENT_INTENTS.plan; done: true }
  | (FormFailure<{ code: string }> & { intent: typeof PAYMENT_INTENTS.plan });
type PageAnswer = CardAnswer | ActivateAnswer | PlanAnswer;

/**
 * The page's posts (add a card, make one active, choose the health plan, told by `intent`), on the
 * server for a form sent without the scripts and here with them: done, or the refusal with what
 * was typed (never a card's security code).
 */
export async function action(args: ActionFunctionArgs) {
  const store = storeOf(args);
  const url = new URL(args.request.url);
  const locale = localeOfPath(url.pathname);
  // Done without the scripts: the page saying it (`?done=<intent>`), so a reload posts nothing again
  // (a card added twice was refused as already on the account, after it was added).
  const done = (intent: string) => redirect(donePath(url.pathname, intent));
  const form = await args.request.formData();
  const { intent = '', id = '', code = '' } = textFields(form, ['intent', 'id', 'code']);
  if (intent === ADD_CARD_INTENT) {
    const { typed, checked } = postedCard(form);
    if ('error' in checked) return formFailure(typed, checked.error, { intent });
    const result = await store.dispatch(
      accountApi.endpoints.addCard.initiate({ locale, body: checked.data }),
    );
    if (result.error) return formFailure(typed, result.error, { intent });
    if (onServer) return done(intent);
    return { intent, done: checked.data.type } satisfies CardAnswer;
  }
  if (intent === PAYMENT_INTENTS.activate) {
    const result = await store.dispatch(
      accountApi.endpoints.makeCardActive.initiate({ locale, id: Number(id) }),
    );
    if (result.error) return formFailure({}, result.error, { intent, id });
    if (onServer) return done(intent);
    return { intent, id, done: true } satisfies ActivateAnswer;
  }
  if (intent === PAYMENT_INTENTS.plan) {
    if (!code) {
      return formFailure({ code }, {
        status: 422,
        code: 'validation_failed',
        message: 'validation_failed',
        fieldCodes: { code: { code: 'required' } },
      }, { intent });
    }
    const result = await store.dispatch(
      accountApi.endpoints.chooseHealthPlan.initiate({ locale, code }),
    );
    if (result.error) return formFailure({ code }, result.error, { intent });
    if (onServer) return done(intent);
    return { intent, done: true } satisfies PlanAnswer;
  }
  return new Response(null, { status: 400, statusText: 'Unknown form' });
}

/** The page's answer when it is `intent`'s. */
function answerOf<I extends PageAnswer['intent']>(
  answer: PageAnswer | undefined,
  intent: I,
): Extract<PageAnswer, { intent: I }> | undefined {
  return answer?.intent === intent ? (answer as Extract<PageAnswer, { intent: I }>) : undefined;
}

/** True once the scripts run (a button disabled only then: without them it must still post). */
function useScriptsRun(): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running;
}

function CardItem({ card, busy }: { card: Card; busy: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  const labels = useCardTypeLabels();
  const name = labels[card.type];
  const last4 = card.last4;
  const balance = formatPrice(card.balance);
  const periodEnd = card.periodEndsAt
    ? formatDate(card.periodEndsAt, locale, { dateStyle: 'long' })
    : '';
  return (
    <li
      className={
        'flex flex-col gap-3 rounded-2xl border-2 bg-surface p-4 sm:p-5 ' +
        (card.active ? 'border-primary' : 'border-border')
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CreditCard aria-hidden="true" className="size-6 shrink-0 text-primary" />
          <Trans>
            {name} ending in {last4}
          </Trans>
        </p>
        {card.active ? (
          <Badge tone="success">
            <Trans>Active</Trans>
          </Badge>
        ) : null}
      </div>
      <div>
        <p className="text-muted">
          <Trans>Balance</Trans>
        </p>
        <p className="text-3xl font-extrabold">{balance}</p>
        <p>
          {periodEnd ? (
            <Trans>Available until {periodEnd}</Trans>
          ) : (
            <Trans>Your plan has not set an end date for this allowance period.</Trans>
          )}
        </p>
      </div>
      {card.active ? (
        <p className="text-muted">
          <Trans>This card pays for your orders.</Trans>
        </p>
      ) : (
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value={PAYMENT_INTENTS.activate} />
          <input type="hidden" name="id" value={card.id} />
          <Button type="submit" variant="secondary" loading={busy} loadingLabel={t`Saving`}>
            <Trans>Make active</Trans>
            <VisuallyHidden>
              {' '}
              <Trans>
                {name} ending in {last4}
              </Trans>
            </VisuallyHidden>
          </Button>
        </Form>
      )}
    </li>
  );
}

function CardsSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { currentData: cards, isError, refetch } = useCardsQuery();
  const [adding, setAdding] = useState(false);
  const answer = useActionData<PageAnswer | undefined>();
  // The answer the page was first drawn with (by the server, after a post sent without the
  // scripts) is said in the page; one of a post made here is a notification.
  const [drawnWith] = useState(answer);
  const activation = answerOf(answer, PAYMENT_INTENTS.activate);
  const added = answerOf(answer, ADD_CARD_INTENT);
  const [problem, setProblem] = useState<string | null>(() =>
    activation && 'error' in activation ? apiErrorText(locale, activation.error) : null,
  );
  const activating =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === PAYMENT_INTENTS.activate
      ? String(navigation.formData.get('id'))
      : null;

  // A card made active here: the notification, or why it failed.
  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (!activation) return;
    if ('error' in activation) setProblem(apiErrorText(locale, activation.error));
    else {
      setProblem(null);
      notice(t`Changes are saved`, t`The active card is changed.`);
    }
  }, [answer, activation, locale, notice, t]);

  // What a post sent without the scripts did, said in the page its redirect led to (`?done=`).
  const doneHere = answer ? null : doneParam(search, [ADD_CARD_INTENT, PAYMENT_INTENTS.activate]);
  const drawnDone =
    doneHere?.intent === ADD_CARD_INTENT
      ? { title: t`Card is added`, text: null }
      : doneHere
        ? { title: t`Changes are saved`, text: t`The active card is changed.` }
        : null;
  // The card form asked in the address (`?step=add-card`), drawn in the page: how a page without
  // the scripts opens it; drawn again after a refused post. Not once the card is added.
  const inPage =
    (search.get('step') === ADD_CARD_STEP && !(added && 'done' in added)) ||
    (added && 'error' in added && added === drawnWith);

  // The button that opens the form: a GET form to `?step=add-card` (without the scripts), the
  // dialog with them.
  const addButton = (
    <form
      method="get"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setAdding(true);
      }}
    >
      <input type="hidden" name="step" value={ADD_CARD_STEP} />
      <Button type="submit" startIcon={<Plus aria-hidden="true" className="size-5" />}>
        <Trans>Add a card</Trans>
      </Button>
    </form>
  );

  return (
    <AccountSection
      id="payment-cards"
      title={<Trans>Benefit and insurance cards</Trans>}
      action={cards?.data.length && !inPage ? addButton : null}
    >
      <p className="text-muted">
        <Trans>
          The active card pays for your orders. Its allowance must be spent before the period ends.
        </Trans>
      </p>
      {drawnDone ? (
        <Notice tone="success" title={drawnDone.title}>
          {drawnDone.text}
        </Notice>
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {inPage ? (
        <section
          aria-labelledby="payment-add-card"
          className="flex flex-col gap-4 rounded-2xl border-2 border-border bg-surface p-4 sm:p-5"
        >
          <h3 id="payment-add-card" className="text-xl font-bold">
            <Trans>Add a card</Trans>
          </h3>
          <CardForm onDone={() => void navigate(PAGE, { replace: true })} cancelTo={PAGE} />
        </section>
      ) : null}
      {!cards ? (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      ) : cards.data.length === 0 ? (
        inPage ? null : (
          <EmptyState
            headingLevel={3}
            icon={<CreditCard aria-hidden="true" className="size-10 text-primary" />}
            title={<Trans>You have no cards yet.</Trans>}
            description={<Trans>Add the benefit card your health plan sent you.</Trans>}
            action={addButton}
          />
        )
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {cards.data.map((card) => (
            <CardItem key={card.id} card={card} busy={activating === String(card.id)} />
          ))}
        </ul>
      )}
      {adding ? (
        <Dialog
          open
          onClose={() => setAdding(false)}
          title={t`Add a card`}
          closeLabel={t`Close`}
          size="sm"
        >
          <CardForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
        </Dialog>
      ) : null}
    </AccountSection>
  );
}

/** The customer's health plan: it decides which items are covered and filters the catalog. */
function HealthPlanSection({ customer }: { customer: Customer }) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const navigation = useNavigation();
  const scriptsRun = useScriptsRun();
  const [search] = useSearchParams();
  const { data: plans } = useAccountHealthPlansQuery({ locale });
  const answer = useActionData<PageAnswer | undefined>();
  const mine = answerOf(answer, PAYMENT_INTENTS.plan);
  const refused = mine && 'error' in mine ? mine : undefined;
  const current = customer.insurancePlan?.code ?? '';
  const [selected, setSelected] = useState(refused?.values.code ?? current);
  const problemOf = (error: NonNullable<typeof refused>['error']) =>
    error.fieldCodes?.code ? t`Choose your health plan.` : apiErrorText(locale, error);
  const [problem, setProblem] = useState<string | null>(() =>
    refused ? problemOf(refused.error) : null,
  );
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === PAYMENT_INTENTS.plan;
  const planName = customer.insurancePlan?.name ?? '';

  // The answer of a post made here: saved (the notification), or refused.
  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (!mine) return;
    if ('error' in mine) setProblem(problemOf(mine.error));
    else {
      setProblem(null);
      notice(t`Changes are saved`);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new answer only
  }, [answer]);

  return (
    <AccountSection id="payment-plan" title={<Trans>Health plan</Trans>}>
      <p className="text-lg">
        {customer.insurancePlan ? (
          <Trans>
            Your health plan: <strong>{planName}</strong>. The catalog shows what it covers.
          </Trans>
        ) : (
          <Trans>Choose your health plan to see the items it covers.</Trans>
        )}
      </p>
      {!answer && doneParam(search, [PAYMENT_INTENTS.plan]) ? (
        <Notice tone="success" title={t`Changes are saved`} />
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <Form
        method="post"
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          setProblem(null);
          if (!selected) {
            event.preventDefault();
            setProblem(t`Choose your health plan.`);
          }
        }}
      >
        <CsrfField />
        <input type="hidden" name="intent" value={PAYMENT_INTENTS.plan} />
        <Select
          label={t`Health plan`}
          placeholder={t`Choose a plan`}
          // As wide as the row allows on a 320 px phone (a 16 rem minimum cut the list off there).
          className="w-full sm:w-auto sm:min-w-64"
          name="code"
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          options={(plans ?? []).map((plan) => ({
            value: plan.code,
            label: `${plan.name} (${plan.company})`,
          }))}
        />
        <Button
          type="submit"
          loading={busy}
          loadingLabel={t`Saving`}
          disabled={scriptsRun && selected === current}
        >
          <Trans>Save plan</Trans>
        </Button>
      </Form>
      {current ? (
        <AppLink
          to={`/catalog?plan=${encodeURIComponent(current)}`}
          className="self-start font-semibold text-primary underline underline-offset-4"
        >
          <Trans>See the items your plan covers</Trans>
        </AppLink>
      ) : null}
    </AccountSection>
  );
}
export function Component() {
  const { t } = useLingui();
  const { currentData: customer, isError, refetch } = useGetMeQuery();
  return (
    <AccountLayout
      title={t`Payment methods`}
      intro={<Trans>Your benefit cards, their balance, and your health plan.</Trans>}
    >
      {customer ? (
        <>
          <CardsSection />
          <HealthPlanSection
            key={`${customer.id}:${customer.insurancePlan?.code ?? ''}`}
            customer={customer}
          />
        </>
      ) : (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      )}
    </AccountLayout>
  );
}
