import { cn } from '../cn';

/** A message said to screen readers: a new `key` says the same text again. */
export interface SpokenMessage {
  text: string;
  key: number;
}

export interface LiveMessageProps {
  message: SpokenMessage | null;
  /** Default `assertive`: a refused form says why at once. */
  politeness?: 'assertive' | 'polite';
  className?: string;
}

/**
 * A visually hidden live region, drawn before anything is said in it: screen readers skip
 * regions inserted with their text already in them, so it stays in place and only its text
 * changes. Each message is a new node (its `key`), so the same words said twice are heard twice.
 */
export function LiveMessage({ message, politeness = 'assertive', className }: LiveMessageProps) {
  return (
    <p aria-live={politeness} aria-atomic="true" className={cn('sr-only', className)} data-live-message="">
      {message ? <span key={message.key}>{message.text}</span> : null}
    </p>
  );
}

/**
 * The error text that describes `control` (its own, or its radio group's): what a screen reader
 * reads with the field, for saying it again where the focus already is.
 */
export function describedErrorText(control: Element): string {
  const texts: string[] = [];
  for (const owner of [control, control.closest('fieldset')]) {
    const ids = (owner?.getAttribute('aria-describedby') ?? '').split(/\s+/);
    for (const id of ids) {
      // The fields of this package name their error `<control id>-error` (field.tsx).
      if (!id.endsWith('-error')) continue;
      const text = control.ownerDocument.getElementById(id)?.textContent?.trim();
      if (text) texts.push(text);
    }
  }
  return texts.join(' ');
}
