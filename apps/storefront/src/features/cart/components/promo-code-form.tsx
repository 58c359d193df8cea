import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tag } from '@otc/ui/icons';
import { Button, LiveMessage, TextField } from '@otc/ui';
import { CartPostFields } from './cart-post-fields';
import { useLocalizePath } from '../../../lib/use-locale';
import { onServer } from '../../../lib/on-server';
import { focusFirstInvalid, useSpoken } from '../../../lib/shop-form';

export interface PromoCodeFormProps {
  /** The code on the order, or null. One code per order. */
  applied: string | null;
  /** Why the last code was refused (already in the page's language), or null. */
  error: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * One promo code per order: typed and applied, or shown with a button that removes it. A refused
 * code is said under the field, the focus goes back to it, and the Apply button stays level with
 * the field (beside it, under it only when the row is too narrow).
 */
export function PromoCodeForm({ applied, error, busy, onApply, onRemove }: PromoCodeFormProps) {
  const { t } = useLingui();
  const localize = useLocalizePath();
  const [code, setCode] = useState('');
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { spoken, say, hush } = useSpoken();
  // Set when this form sent a code: its refusal (the error that comes back) takes the focus, or is
  // said where the focus already is (Enter pressed in the field), as every form says its errors.
  const sent = useRef(false);
  useEffect(() => {
    if (!error || !sent.current) return;
    sent.current = false;
    focusFirstInvalid(formRef.current, () => inputRef.current?.focus(), say);
  }, [error, say]);

  if (applied) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          <Trans>Promo code</Trans>
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border-2 border-success bg-success-soft px-3 py-2">
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 font-semibold break-all">
            <Tag aria-hidden="true" className="size-5" />
            <Trans>
              Code <span className="font-mono">{applied}</span> applied
            </Trans>
          </p>
          <form method="post" action={localize('/cart')}>
            <CartPostFields intent="promo-remove" redirectTo={localize('/cart')} />
            <Button
              type="submit"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={(event) => {
                // With the scripts the cart removes it here; the form is posted only without them.
                event.preventDefault();
                onRemove();
              }}
            >
              <Trans>Remove code</Trans>
            </Button>
          </form>
        </div>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      inputRef.current?.focus();
      return;
    }
    sent.current = true;
    hush();
    onApply(code);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-bold">
        <Trans>Promo code</Trans>
      </h2>
      {/* Posted to the cart's action when the page's scripts do not run (the server draws the cart again). */}
      <form ref={formRef} method="post" action={localize('/cart')} onSubmit={submit} noValidate>
        <CartPostFields intent="promo" redirectTo={localize('/cart')} />
        <LiveMessage message={spoken} />
        <TextField
          ref={inputRef}
          label={t`Enter a promo code`}
          name="promoCode"
          value={code}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
          // The cart the server drew after a code refused without the scripts: read as it loads.
          {...(onServer && error ? { autoFocus: true } : {})}
          addon={
            <Button type="submit" variant="secondary" loading={busy} className="whitespace-nowrap">
              <Trans>Apply</Trans>
            </Button>
          }
        />
      </form>
    </section>
  );
}
