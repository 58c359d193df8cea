import { useEffect, useRef, useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CARD_TYPES, cardInputSchema, type CardType } from '@otc/sdk';
import { Button, Notice, buttonClasses } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { CardFields, useCardTypeLabels } from '../../../components/card-fields';
import type { SdkQueryError } from '../../../lib/api';
import {
  CsrfField,
  parsePosted,
  textFields,
  useCheckedPost,
  type FormFailure,
} from '../../../kernel/page-form';
import { useShopForm } from '../../../lib/shop-form';
import { useLocale } from '../../../lib/use-locale';
import type { CardInput } from '../account-api';
import { formFailureText } from '../form-result';
import { useSuccessNotice } from '../use-saved-notice';

/** The card form's intent on the payment methods page's action. */
export const ADD_CARD_INTENT = 'add-card';

const EMPTY = { type: 'network' as CardType, number: '', code: '' };

/** A card form's fields as posted and drawn back: never its security code. */
export type CardTyped = Partial<Record<'type' | 'number', string>>;

/** What the page's action answers to the card form: added (its type), or refused with what was typed. */
export type CardAnswer =
  | { intent: typeof ADD_CARD_INTENT; done: CardType }
  | (FormFailure<CardTyped> & { intent: typeof ADD_CARD_INTENT });

/** A card form's post as typed (without the code) and checked by the contract's schema. */
export function postedCard(form: FormData): {
  typed: CardTyped;
  checked: { data: CardInput } | { error: SdkQueryError };
} {
  const posted = textFields(form, ['type', 'number', 'code']);
  const typed: CardTyped = { type: posted.type, number: posted.number };
  return {
    typed,
    checked: parsePosted<CardInput>(cardInputSchema, {
      type: posted.type ?? '',
      number: posted.number ?? '',
      code: posted.code ?? '',
    }),
  };
}

function isCardType(value: string | undefined): value is CardType {
  return (CARD_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * Adds a benefit or insurance card: its type, number and security code, checked per type by the
 * SDK's `cardInputSchema` (16 or 19 digits, 16 or 17 for S3). Posted to the payment methods
 * page's action (intent add-card), so it works without the scripts too. The issuer's answers
 * (`card_number_or_code_is_not_correct`, `card_already_in_system`) are shown above the form;
 * what was typed stays (the security code is typed again). `cancelTo` (a form drawn in the page,
 * not in a dialog): Cancel is a link back to it.
 */
export function CardForm({
  onDone,
  onCancel,
  cancelTo,
}: {
  onDone: () => void;
  onCancel?: () => void;
  cancelTo?: string;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const notice = useSuccessNotice();
  const labels = useCardTypeLabels();
  const navigation = useNavigation();
  const answer = useActionData<CardAnswer | { intent?: string } | undefined>();
  const mine = answer?.intent === ADD_CARD_INTENT ? (answer as CardAnswer) : undefined;
  const refused = mine && 'error' in mine ? mine : undefined;
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === ADD_CARD_INTENT;
  // Drawn by the server after a refused post: what was typed (not the code).
  const [defaults] = useState(() => ({
    ...EMPTY,
    type: isCardType(refused?.values.type) ? refused.values.type : EMPTY.type,
    number: refused?.values.number ?? '',
  }));
  const form = useShopForm(cardInputSchema, { defaultValues: defaults, serverError: refused?.error });
  const [failure, setFailure] = useState<string | null>(() =>
    refused && !Object.keys(refused.error.fieldCodes ?? {}).length
      ? formFailureText(locale, refused.error, () => false)
      : null,
  );

  // The answer of a post made here: added (the notification, the form closes), or refused.
  const seen = useRef(answer);
  useEffect(() => {
    if (seen.current === answer) return;
    seen.current = answer;
    if (!mine) return;
    if ('done' in mine) {
      notice(t`Card is added`, labels[mine.done]);
      form.reset(EMPTY);
      onDone();
    } else {
      setFailure(formFailureText(locale, mine.error, form.applyServerErrors));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new answer only
  }, [answer]);

  // Checked here first; a form that passes goes to the page's action.
  const onSubmit = useCheckedPost((post) => {
    setFailure(null);
    return form.submit(post);
  });

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <CsrfField />
      <input type="hidden" name="intent" value={ADD_CARD_INTENT} />
      {failure ? (
        <Notice tone="error" title={t`The card was not added`}>
          {failure}
        </Notice>
      ) : null}
      <CardFields form={form} numberDefault={defaults.number} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy} loadingLabel={t`Adding`}>
          <Trans>Add card</Trans>
        </Button>
        {cancelTo ? (
          <AppLink to={cancelTo} className={buttonClasses({ variant: 'secondary' })}>
            <Trans>Cancel</Trans>
          </AppLink>
        ) : onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
