"use client";

import { useState, type FormEvent } from "react";
import { z } from "zod";
import { fieldErrors } from "../trpc/errors";

export interface CheckedForm<I> {
  /** The request the form would send. */
  input: I;
  /** First message per field, from the API's own schema and the dialog's extra rules. */
  errors: Record<string, string>;
}

/** Checks a request with the API's own schema, so the form and the server agree on what is valid. */
export function checkInput<I>(schema: z.ZodType, input: I): CheckedForm<I> {
  const parsed = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
      const first = (messages as string[] | undefined)?.[0];
      if (first) errors[field] = first;
    }
  }
  return { input, errors };
}

export interface CheckedFormOptions {
  /**
   * Show the server's answer about a field (such as a refused URL) only until that field is
   * changed: it was about the value that was sent. Otherwise it stays until the next request.
   */
  serverErrorsUntilEdited?: boolean;
  /** On a refused submit, focus the first invalid field and scroll its error into view (long forms). */
  revealFirstError?: boolean;
}

/**
 * Form state for a dialog that checks its request before sending it. Errors appear after the
 * first submit, then follow the fields as they are corrected; before that only the server's
 * answer is shown.
 */
export function useCheckedForm<S extends object>(
  initial: S | (() => S),
  { serverErrorsUntilEdited = false, revealFirstError = false }: CheckedFormOptions = {},
) {
  const [state, setState] = useState<S>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState<S | null>(null);
  const update = (patch: Partial<S>) => setState((s) => ({ ...s, ...patch }));
  const edited = (field: string) => field in state && state[field as keyof S] !== sent?.[field as keyof S];

  /** What to show for `checked` given the mutation's error. */
  function feedback(checked: CheckedForm<unknown>, mutationError: unknown) {
    const local = submitted ? checked.errors : {};
    const server = fieldErrors(mutationError);
    return {
      errorFor: (field: string): string | undefined =>
        local[field] ?? (serverErrorsUntilEdited && edited(field) ? undefined : server[field]),
      // FormError shows the failure: in full, or only its code and log link when the fields show it.
      formError: mutationError ?? null,
    };
  }

  /** A submit handler: marks the form submitted and sends only a request that passed the checks. */
  function onSubmit<I>(checked: CheckedForm<I>, send: (input: I) => void) {
    return (e: FormEvent) => {
      e.preventDefault();
      setSubmitted(true);
      if (Object.keys(checked.errors).length > 0) {
        if (revealFirstError) revealInvalid(e.currentTarget as HTMLFormElement);
        return;
      }
      setSent(state);
      send(checked.input);
    };
  }

  /** Back to `next` with no errors shown, as when the dialog closes or opens on another record. */
  function reset(next?: S) {
    if (next) setState(next);
    setSubmitted(false);
  }

  return { state, update, feedback, onSubmit, reset };
}

/**
 * The form of an edit dialog, open while `record` is set: it starts from `stateFor(record)`, and
 * over again whenever another record is opened. After `reset` (on close), opening the same record
 * again starts from its current values too.
 */
export function useRecordForm<R extends { id: string }, S extends object>(
  record: R | null,
  stateFor: (record: R | null) => S,
  options?: CheckedFormOptions,
) {
  const form = useCheckedForm(() => stateFor(record), options);
  const [forId, setForId] = useState(record?.id);
  if (record && record.id !== forId) {
    setForId(record.id);
    form.reset(stateFor(record));
  }
  function reset() {
    form.reset();
    setForId(undefined);
  }
  return { ...form, reset };
}

/** The dialog scrolls: bring the first field to fix into view once its error has rendered. */
function revealInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    // The error sits under the field: showing it shows the field too.
    const error = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    (error ?? field).scrollIntoView({ block: "nearest" });
  });
}
