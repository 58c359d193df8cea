// The health plan a guest chose to see what it covers (issue 19): one plan code kept in the
// SDK's storage port (localStorage), shared by every tab, carried into the account at sign-up
// (`useCarryGuestPlan`, mounted by the layout) and then forgotten.
import { useSyncExternalStore } from 'react';
import { storage } from './sdk';

/** The storage key of the guest's chosen plan code. */
export const GUEST_PLAN_KEY = 'guest-health-plan';

const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** The guest's chosen plan code, or null. */
export function readGuestPlan(): string | null {
  const value = storage.get(GUEST_PLAN_KEY)?.trim();
  return value ? value : null;
}

export function saveGuestPlan(code: string): void {
  storage.set(GUEST_PLAN_KEY, code.trim());
  emit();
}

export function clearGuestPlan(): void {
  if (storage.get(GUEST_PLAN_KEY) === null) return;
  storage.remove(GUEST_PLAN_KEY);
  emit();
}

/** Calls `listener` when the chosen plan changes, here or in another tab. */
export function subscribeGuestPlan(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_PLAN_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The guest's chosen plan code (null when none), following changes. */
export function useGuestPlan(): string | null {
  return useSyncExternalStore(subscribeGuestPlan, readGuestPlan, () => null);
}
