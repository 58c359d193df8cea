// Recent proof, asked in place. A change that could take the account (set a password without the
// current one, add, verify, make primary or remove an e-mail or phone) answers 403
// `recent_proof_required` unless this session signed in a few minutes ago or proved it is the
// owner. `useRecentProof` wraps such a call: on that answer it opens "Confirm it is you" (the
// password, or a code sent to the primary contact) and, once proven, runs the SAME call again,
// so what the member typed is sent as it was. Closed without proving, the first answer stands
// (the form shows why nothing changed). Errors are told by code, texts from the SDK catalogue.
// The dialog and its two steps stand beside this file: proof-dialog.tsx, proof-choice.tsx,
// proof-code-step.tsx (what they share: proof-calls.tsx).
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useSubmitToAction } from '../../kernel/page-form';
import type { SdkQueryError } from '../../lib/api';
import { callError, type CallResult } from './form-result';
import { ProofDialog } from './proof-dialog';

/** The code the API answers when a change needs a recent proof first. */
export const RECENT_PROOF_REQUIRED = 'recent_proof_required';

export interface RecentProof {
  /**
   * Runs `call`; when it answers `recent_proof_required`, asks the member to confirm it is them
   * and, once proven, runs `call` again (same values). Resolves with the answer to show: the
   * retry's, or the first one when the dialog was closed without proving.
   */
  withProof: <R extends CallResult<unknown>>(call: () => PromiseLike<R>) => Promise<R>;
  /** The dialog; render it once beside the form that uses `withProof`. */
  dialog: ReactNode;
}

/** One proof asked at a time per form: the call that waits for it and how it ends. */
interface Pending {
  settle: (proven: boolean) => void;
}

/** THE way an account form asks for recent proof (contacts, password): see `RecentProof`. */
export function useRecentProof(): RecentProof {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const withProof = useCallback(
    async <R extends CallResult<unknown>>(call: () => PromiseLike<R>) => {
      const first = await call();
      if (callError(first)?.code !== RECENT_PROOF_REQUIRED) return first;
      const proven = await new Promise<boolean>((resolve) => {
        // A proof still asked for (should not happen: the dialog is modal) ends unproven.
        pendingRef.current?.settle(false);
        const next: Pending = {
          settle: (value) => {
            if (pendingRef.current !== next) return;
            pendingRef.current = null;
            setPending(null);
            resolve(value);
          },
        };
        pendingRef.current = next;
        setPending(next);
      });
      // Asked once per change: a retry refused again shows its answer, it does not loop.
      return proven ? call() : first;
    },
    [],
  );

  const dialog = pending ? (
    <ProofDialog onProven={() => pending.settle(true)} onClose={() => pending.settle(false)} />
  ) : null;
  return { withProof, dialog };
}

/** `useRecentProof` for a form posted to its route's action: see `useProvenPost`. */
export interface ProvenPost {
  /** Call as the form is posted (the element the retry posts again). */
  sending: (form: HTMLFormElement | null) => void;
  /**
   * Call with a post's refusal: true when it asked for a recent proof and the dialog opens (once
   * proven, the same form is posted again); false when the refusal is the form's to show.
   */
  asks: (error: SdkQueryError | undefined) => boolean;
  /** The dialog; render it once beside the form. */
  dialog: ReactNode;
}

/**
 * A page form's recent proof (the form posts to its route's action): its refusal
 * `recent_proof_required` opens "Confirm it is you" and, once proven, the SAME form is posted
 * again, so what the member typed is sent as it was. Asked once per post; closed without proving,
 * `onUnproven` shows the first answer.
 */
export function useProvenPost(onUnproven: () => void): ProvenPost {
  const submitToAction = useSubmitToAction();
  const [proving, setProving] = useState(false);
  const sent = useRef<HTMLFormElement | null>(null);
  // Asked once per change: a retry refused again shows its answer, it does not loop.
  const retried = useRef(false);
  const sending = useCallback((form: HTMLFormElement | null) => {
    sent.current = form;
    retried.current = false;
  }, []);
  const asks = useCallback((error: SdkQueryError | undefined) => {
    if (error?.code !== RECENT_PROOF_REQUIRED || !sent.current || retried.current) return false;
    setProving(true);
    return true;
  }, []);
  const dialog = proving ? (
    <ProofDialog
      onProven={() => {
        setProving(false);
        retried.current = true;
        if (sent.current?.isConnected) void submitToAction(sent.current);
      }}
      onClose={() => {
        setProving(false);
        onUnproven();
      }}
    />
  ) : null;
  return { sending, asks, dialog };
}
