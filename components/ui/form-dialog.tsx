"use client";

import type { FormEvent, ReactNode } from "react";
import { describeError, fieldErrors } from "../trpc/errors";
import { ErrorLinks } from "../trpc/error-notice";
import { Button } from "./button";
import { Dialog, type DialogProps } from "./dialog";

/**
 * What went wrong with the whole request, above the fields: the failed call's `error` (its message,
 * code and request-log link), else the form's own `message`. When the server's answer is about
 * fields, the fields show its messages and this only its code and request-log link.
 */
export function FormError({ error, message }: { error?: unknown; message?: string | null }) {
  if (!error) {
    if (!message) return null;
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
        {message}
      </p>
    );
  }
  const shown = describeError(error);
  if (Object.keys(fieldErrors(error)).length > 0) return <ErrorLinks shown={shown} className="text-slate-500" />;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {shown.message} <ErrorLinks shown={shown} className="ml-1" />
    </p>
  );
}

/**
 * A dialog holding one form, with Cancel and the submit button under it. While the request is
 * `pending` the dialog stays open and Cancel is disabled; closing it any way calls `onClose`.
 */
export function FormDialog({
  open,
  onClose,
  pending,
  title,
  description,
  size = "lg",
  formId,
  submitLabel,
  onSubmit,
  formError,
  formClassName = "space-y-5",
  children,
}: {
  open: boolean;
  onClose: () => void;
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  size?: DialogProps["size"];
  /** Ties the footer's submit button to the form. */
  formId: string;
  submitLabel: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The failed request (FormError shows it); null when none. */
  formError: unknown;
  /** The spacing between fields. */
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      busy={pending}
      size={size}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        <FormError error={formError} />
        {children}
      </form>
    </Dialog>
  );
}
