/** The shop's mark, inline so it needs no request; the visible name comes from the caller. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false" className={className}>
      <rect width="40" height="40" rx="10" className="fill-primary" />
      <path d="M16 9h8v7h7v8h-7v7h-8v-7H9v-8h7z" className="fill-on-primary" />
      <circle cx="31" cy="31" r="5" className="fill-on-primary" opacity="0.35" />
    </svg>
  );
}
