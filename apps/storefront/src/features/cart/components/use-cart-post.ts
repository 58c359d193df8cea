import { useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { FormFailure } from '../../../kernel/page-form';
import { useLocalizePath } from '../../../lib/use-locale';

/**
 * A cart form's post with the scripts (a fetcher's, to the cart's action): `send` is its submit
 * handler, `busy` is told from the press on, and a second press while the first is on its way
 * posts nothing. `answer` is the action's, once the post is done.
 */
export function useCartPost<Done>() {
  const fetcher = useFetcher<Done | FormFailure>();
  const localize = useLocalizePath();
  // Set in the press itself: the fetcher's own state is drawn in a transition, which a slow
  // phone draws late, and a second tap before it would post again.
  const sending = useRef(false);
  const [pressed, setPressed] = useState(false);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setPressed(true);
    void fetcher.submit(event.currentTarget, { method: 'post', action: localize('/cart') }).finally(() => {
      sending.current = false;
      setPressed(false);
    });
  };
  return {
    Form: fetcher.Form,
    action: localize('/cart'),
    send,
    busy: pressed || fetcher.state !== 'idle',
    answer: fetcher.state === 'idle' ? fetcher.data : undefined,
  };
}
