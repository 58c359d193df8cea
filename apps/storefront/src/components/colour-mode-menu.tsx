import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';
import { useLingui } from '@lingui/react/macro';
import { Monitor, Moon, Sun } from '@otc/ui/icons';
import { cn } from '@otc/ui';
import type { ColourMode } from '../lib/colour-mode';

interface ColourModeMenuProps {
  value: ColourMode;
  onChange: (mode: ColourMode) => void;
  /** `inline` lists the choices directly (mobile menu); `popover` opens them from a button. */
  variant?: 'popover' | 'inline';
}

const icons = { system: Monitor, light: Sun, dark: Moon };

/** Color mode choice: system, light or dark. */
export function ColourModeMenu({ value, onChange, variant = 'popover' }: ColourModeMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const labels: Record<ColourMode, string> = {
    system: t`Same as device`,
    light: t`Light`,
    dark: t`Dark`,
  };

  useDismiss(open, closeMenu, rootRef, buttonRef);

  const choices = (
    <div role="group" aria-label={t`Color mode`} className="flex flex-col gap-1">
      {(Object.keys(labels) as ColourMode[]).map((mode) => {
        const Icon = icons[mode];
        return (
          <button
            key={mode}
            type="button"
            aria-pressed={value === mode}
            onClick={() => {
              onChange(mode);
              setOpen(false);
            }}
            className={cn(
              'flex min-h-11 items-center gap-3 rounded-lg px-3 text-left font-medium hover:bg-surface-3',
              value === mode && 'bg-primary-soft text-primary',
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
            {labels[mode]}
          </button>
        );
      })}
    </div>
  );

  if (variant === 'inline') {
    return (
      <div>
        <p className="mb-1 font-semibold">{t`Color mode`}</p>
        {choices}
      </div>
    );
  }

  const Current = icons[value];
  const current = labels[value];
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t`Color mode: ${current}`}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold whitespace-nowrap text-fg hover:bg-surface-3"
      >
        <Current aria-hidden="true" className="size-6 shrink-0" />
        {/* Said in words, not by an icon alone; the name starts with these words (2.5.3). */}
        <span>{t`Color mode`}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-56 rounded-xl border border-border bg-surface p-2 shadow-xl"
      >
        {choices}
      </div>
    </div>
  );
}
