import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard, Plus } from 'lucide-react';
import { formatDate, formatPrice } from '@otc/sdk';
import { Badge, Button, Dialog, EmptyState, Notice, Select, VisuallyHidden } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { apiErrorText } from '../../../lib/form-messages';
import { useLocale } from '../../../lib/use-locale';
import { useGetMeQuery } from '../../../app/customer-api';
import {
  useAccountHealthPlansQuery,
  useCardsQuery,
  useChooseHealthPlanMutation,
  useMakeCardActiveMutation,
  type Card,
  type Customer,
} from '../account-api';
import { AccountLayout, AccountSection } from '../../../components/account-layout';
import { AccountLoading } from '../components/account-loading';
import { CardForm } from '../components/card-form';
import { useCardTypeLabels } from '../../../components/card-fields';
import { callError } from '../form-result';
import { useSuccessNotice } from '../use-saved-notice';

function CardItem({
  card,
  onMakeActive,
  busy,
}: {
  card: Card;
  onMakeActive: () => void;
  busy: boolean;
}) {
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
        <div>
          <Button
            variant="secondary"
            loading={busy}
            loadingLabel={t`Saving`}
            onClick={onMakeActive}
          >
            <Trans>Make active</Trans>
            <VisuallyHidden>
              {' '}
              <Trans>
                {name} ending in {last4}
              </Trans>
            </VisuallyHidden>
          </Button>
        </div>
      )}
    </li>
  );
}

function CardsSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const { currentData: cards, isError, refetch } = useCardsQuery();
  const [makeActive, activation] = useMakeCardActiveMutation();
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onMakeActive(card: Card) {
    setProblem(null);
    const error = callError(await makeActive({ locale, id: card.id }));
    if (error) setProblem(apiErrorText(locale, error));
    else notice(t`Changes are saved`, t`The active card is changed.`);
  }

  const addButton = (
    <Button
      startIcon={<Plus aria-hidden="true" className="size-5" />}
      onClick={() => setAdding(true)}
    >
      <Trans>Add a card</Trans>
    </Button>
  );

  return (
    <AccountSection
      id="payment-cards"
      title={<Trans>Benefit and insurance cards</Trans>}
      action={cards?.data.length ? addButton : null}
    >
      <p className="text-muted">
        <Trans>
          The active card pays for your orders. Its allowance must be spent before the period ends.
        </Trans>
      </p>
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {!cards ? (
        <AccountLoading failed={isError} onRetry={() => void refetch()} />
      ) : cards.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<CreditCard aria-hidden="true" className="size-10 text-primary" />}
          title={<Trans>You have no cards yet.</Trans>}
          description={<Trans>Add the benefit card your health plan sent you.</Trans>}
          action={addButton}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {cards.data.map((card) => (
            <CardItem
              key={card.id}
              card={card}
              busy={activation.isLoading && activation.originalArgs?.id === card.id}
              onMakeActive={() => void onMakeActive(card)}
            />
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
  const { data: plans } = useAccountHealthPlansQuery({ locale });
  const [choose, { isLoading }] = useChooseHealthPlanMutation();
  const current = customer.insurancePlan?.code ?? '';
  const [selected, setSelected] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const planName = customer.insurancePlan?.name ?? '';

  async function onSave() {
    setProblem(null);
    if (!selected) {
      setProblem(t`Choose your health plan.`);
      return;
    }
    const error = callError(await choose({ locale, code: selected }));
    if (error) setProblem(apiErrorText(locale, error));
    else notice(t`Changes are saved`);
  }

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
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t`Health plan`}
          placeholder={t`Choose a plan`}
          className="min-w-64 flex-1 sm:flex-none"
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
          options={(plans ?? []).map((plan) => ({
            value: plan.code,
            label: `${plan.name} (${plan.company})`,
          }))}
        />
        <Button
          loading={isLoading}
          loadingLabel={t`Saving`}
          disabled={selected === current}
          onClick={() => void onSave()}
        >
          <Trans>Save plan</Trans>
        </Button>
      </div>
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
