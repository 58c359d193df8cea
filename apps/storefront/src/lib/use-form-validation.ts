import { useCallback, useRef, useState } from 'react';
import { useDebouncedCallback } from 'use-debounce';
import { FORM_VALIDATION_DEBOUNCE_MS } from '@otc/sdk';
import { validateFields, type FieldErrors, type FieldValidator } from '@otc/sdk/validation';

type Rules<K extends string> = Readonly<Partial<Record<K, readonly FieldValidator[]>>>;

/**
 * Field validation with the SDK's validators (spec section 5): a field is checked when it loses
 * focus, and again while it is edited after that, 300 ms after the last event; `validateAll`
 * checks every field at once (submit). Server field errors (422) show until the field changes.
 * Values are the caller's: nothing here clears what the person typed.
 */
export function useFormValidation<K extends string>(values: Readonly<Record<K, string>>, rules: Rules<K>) {
  const [touched, setTouched] = useState<ReadonlySet<K>>(() => new Set());
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});
  const latest = useRef({ values, rules, touched });
  latest.current = { values, rules, touched };

  const run = useDebouncedCallback(() => {
    const { values: current, rules: allRules, touched: seen } = latest.current;
    const checked = Object.fromEntries(
      Object.entries(allRules).filter(([field]) => seen.has(field as K)),
    ) as Rules<K>;
    setErrors(validateFields(current, checked));
  }, FORM_VALIDATION_DEBOUNCE_MS);

  const onBlur = useCallback(
    (field: K) => {
      setTouched((previous) => {
        if (previous.has(field)) return previous;
        const next = new Set(previous);
        next.add(field);
        latest.current.touched = next;
        return next;
      });
      run();
    },
    [run],
  );

  const onChange = useCallback(
    (field: K) => {
      setServerErrors((previous) => {
        if (!(field in previous)) return previous;
        const next = { ...previous };
        delete next[field];
        return next;
      });
      if (latest.current.touched.has(field)) run();
    },
    [run],
  );

  /** Checks every field now; returns the errors found (empty when the form may be sent). */
  const validateAll = useCallback((): FieldErrors<K> => {
    run.cancel();
    const { values: current, rules: allRules } = latest.current;
    const found = validateFields(current, allRules);
    const all = new Set(Object.keys(allRules) as K[]);
    latest.current.touched = all;
    setTouched(all);
    setErrors(found);
    return found;
  }, [run]);

  const reset = useCallback(() => {
    run.cancel();
    const none = new Set<K>();
    latest.current.touched = none;
    setTouched(none);
    setErrors({});
    setServerErrors({});
  }, [run]);

  return { errors, serverErrors, setServerErrors, onBlur, onChange, validateAll, reset };
}
