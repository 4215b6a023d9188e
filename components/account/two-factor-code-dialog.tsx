"use client";

import { useState, type FormEvent } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/input";

/** Asks for a current code (authenticator or recovery code) before a sensitive change. */
export function CodeDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  failure,
  onSubmit,
  tone = "primary",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  /** The last attempt's failure (a wrong code). */
  failure: unknown;
  onSubmit: (code: string) => void;
  tone?: "primary" | "danger";
}) {
  const [code, setCode] = useState("");
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit(code.trim());
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setCode("");
        onOpenChange(o);
      }}
      title={title}
      description={description}
      size="sm"
      busy={pending}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant={tone === "danger" ? "danger" : "primary"}
            loading={pending}
            type="submit"
            form="mfa-code-form"
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id="mfa-code-form" onSubmit={submit}>
        <Field
          label="Current code"
          hint="From your authenticator app, or one of your recovery codes."
          failure={failure}
        >
          {(p) => (
            <Input
              {...p}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              autoFocus
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}
