// "Confirm it is you", the dialog that recent-proof.tsx opens when a change asks for a recent
// proof: it loads how the member can prove it (proof status) and shows the choice or the code
// step. Its own file so the hooks in recent-proof.tsx read apart from the dialog they draw.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, Notice, Spinner } from '@otc/ui';
import { apiErrorText } from '../../lib/form-messages';
import { useLocale } from '../../lib/use-locale';
import { onServer } from '../../lib/on-server';
import { useProofStatusQuery, type WaitError } from './account-api';
import { ProofChoice } from './proof-choice';
import { ProofCodeStep } from './proof-code-step';

type View = { name: 'choose' } | { name: 'code'; resendAt: number };

/**
 * "Confirm it is you": the password (when the account has one) or a code sent to the primary
 * contact. Focus goes into it on open and back to what opened it on close (Dialog); Escape closes.
 */
export function ProofDialog({ onProven, onClose }: { onProven: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const status = useProofStatusQuery({ locale }, { refetchOnMountOrArgChange: !onServer });
  const [view, setView] = useState<View>({ name: 'choose' });

  return (
    <Dialog open onClose={onClose} title={t`Confirm it is you`} closeLabel={t`Close`} size="sm">
      {status.data ? (
        view.name === 'code' ? (
          <ProofCodeStep
            status={status.data}
            resendAt={view.resendAt}
            onResent={(resendAt) => setView({ name: 'code', resendAt })}
            onUsePassword={() => setView({ name: 'choose' })}
            onProven={onProven}
          />
        ) : (
          <ProofChoice
            status={status.data}
            onCodeSent={(resendAt) => setView({ name: 'code', resendAt })}
            onProven={onProven}
          />
        )
      ) : status.isError ? (
        <div className="flex flex-col gap-4">
          <Notice tone="error">{apiErrorText(locale, status.error as WaitError)}</Notice>
          <Button onClick={() => void status.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <p className="flex items-center gap-3">
          <Spinner size="sm" />
          <Trans>Loading…</Trans>
        </p>
      )}
    </Dialog>
  );
}
