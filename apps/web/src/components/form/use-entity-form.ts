import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { ZodError } from 'zod';
import { serverErrors, zodErrors, type FormErrors } from './form-errors';
import { normalizeMoneyInput } from '@ginhawa/contract';

/** Fields of `V` that hold text: what a text field or a select binds to. */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** Fields of `V` that hold a yes/no: what a switch binds to. */
type BooleanKeys<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/** A text field's props for one field (MUI TextField, select or the light TextField). */
export type BoundField = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: boolean;
  helperText: string | undefined;
  disabled: boolean;
};

/** What a zod schema's `safeParse` returns. */
export type ParseResult<D> = { success: true; data: D } | { success: false; error: ZodError };

type EntityFormOptions<V, F extends string, D, S> = {
  /** The form's starting values; called once, and again by `reset`. */
  initialValues: () => V;
  /** The fields that show their own message; anything else goes on top of the form. */
  fields: readonly F[];
  /** Checks the values with the shared contract schema before anything is sent. */
  parse: (values: V) => ParseResult<D>;
  /**
   * Creates or updates with the parsed data: what the contract schema made of the values (trimmed,
   * phones in +63 form, defaults filled) is what is sent, never the raw values (docs/architecture.md).
   */
  save: (data: D) => Promise<S>;
  /** After a save: revalidate, tell the user, close. A failure here is shown like a failed save. */
  onSaved: (saved: S) => Promise<void> | void;
  /** The error key of a value's messages when it differs from the value's name (`username` → `account.username`). */
  errorKey?: (field: keyof V & string) => string;
  /**
   * Money values typed as people write them ("₱1,800.50", "1,800"): the peso sign and thousands
   * separators are taken off before `parse`, so the contract's strict decimal schema accepts them.
   */
  money?: readonly (keyof V & string)[];
  /** Values that follow a change (a suggested username following the name); gets the changed values and the previous ones. */
  derive?: (next: V, field: keyof V, prev: V) => V;
  /**
   * A sessionStorage key: what was typed is kept there and comes back after a reload (the tab's
   * session only); it is dropped once saved or when the form goes away (Cancel, Back, leaving the
   * screen). docs/decisions/0643.
   */
  draft?: string;
};

const DRAFT_PREFIX = 'ginhawa:draft:';

/** The starting values with a kept draft's values over them (only the form's own keys, of the same type). */
const withDraft = <V extends object>(start: V, key: string | undefined): V => {
  if (!key) return start;
  try {
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(DRAFT_PREFIX + key) ?? 'null');
    if (!kept || typeof kept !== 'object') return start;
    const merged = { ...start } as Record<string, unknown>;
    for (const [field, value] of Object.entries(kept))
      if (field in merged && typeof value === typeof merged[field]) merged[field] = value;
    return merged as V;
  } catch {
    return start;
  }
};
const keepDraft = (key: string, values: unknown) => {
  try {
    window.sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(values));
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
};
const dropDraft = (key: string) => {
  try {
    window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // As above.
  }
};

/**
 * The one form path: the state every form shares (admin and staff, dialogs and pages): values, messages per field, and whether
 * a save is under way. Changing a field clears its message and the form's; `submit` checks the
 * values, saves, and on failure shows the server's messages and lets the user try again.
 */
export const useEntityForm = <V extends object, F extends string, D, S>({
  initialValues,
  fields,
  parse,
  save,
  onSaved,
  errorKey = (field) => field,
  money = [],
  derive,
  draft,
}: EntityFormOptions<V, F, D, S>) => {
  const [values, setValues] = useState<V>(() => withDraft(initialValues(), draft));
  const edited = useRef(false);
  // What the person typed is kept as they type; a reload does not unmount, so only leaving drops it.
  useEffect(() => {
    if (draft && edited.current) keepDraft(draft, values);
  }, [draft, values]);
  useEffect(() => (draft ? () => dropDraft(draft) : undefined), [draft]);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [submitting, setSubmitting] = useState(false);

  /** Forget the message under `key` (a field, or an error key a field's value maps to) and the form's. */
  const clearError = (key: string) => setErrors((prev) => ({ ...prev, [key]: undefined, form: undefined }));

  const set = <K extends keyof V & string>(field: K, value: V[K]) => {
    edited.current = true;
    setValues((prev) => {
      const next = { ...prev, [field]: value };
      return derive ? derive(next, field, prev) : next;
    });
    clearError(errorKey(field));
  };

  /**
   * `{...form.bind('name', 'a hint')}` on a text field: its value, a change that clears its message,
   * the message (else the hint) under it, and disabled while saving.
   */
  const bind = <K extends TextKeys<V>>(field: K, hint?: string): BoundField => {
    const message = (errors as Partial<Record<string, string>>)[errorKey(field)];
    return {
      name: field,
      value: values[field] as string,
      // A select's options and a text field's text are the field's own strings.
      onChange: (event) => set(field, event.target.value as V[K]),
      error: Boolean(message),
      helperText: message ?? hint,
      disabled: submitting,
    };
  };

  /** `{...form.bindSwitch('is_active')}` on a switch (ActiveSwitch): checked, a change, disabled while saving. */
  const bindSwitch = <K extends BooleanKeys<V>>(field: K) => ({
    checked: values[field] as boolean,
    onChange: (on: boolean) => set(field, on as V[K]),
    disabled: submitting,
  });

  const submit = async () => {
    const typed = { ...values };
    for (const field of money)
      if (typeof typed[field] === 'string') typed[field] = normalizeMoneyInput(typed[field]) as V[typeof field];
    const parsed = parse(typed);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error, fields));
      return;
    }
    setSubmitting(true);
    try {
      const saved = await save(parsed.data);
      if (draft) {
        edited.current = false;
        dropDraft(draft);
      }
      await onSaved(saved);
      // A form that stays on screen (a password on the profile) can be used again; a closed one is gone.
      setSubmitting(false);
    } catch (err) {
      setErrors(serverErrors(err, fields));
      setSubmitting(false);
    }
  };

  /** Back to the starting values with no messages (a form that stays on screen after saving). */
  const reset = () => {
    edited.current = false;
    if (draft) dropDraft(draft);
    setValues(initialValues());
    setErrors({});
  };

  /** `<FormDialog {...form.dialog} title=… submitLabel=… onClose=…>`: open, the form's message on top, and submit. */
  const dialog = { open: true, submitting, error: errors.form, onSubmit: () => void submit() };

  /** Sets every value at once (a form filling itself from a choice); counts as typed for the draft. */
  const setAll: typeof setValues = (next) => {
    edited.current = true;
    setValues(next);
  };

  return { values, errors, submitting, set, setValues: setAll, clearError, bind, bindSwitch, submit, reset, dialog };
};
