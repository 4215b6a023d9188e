"use client";

import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { ModalHeader, useModal, type ModalProps } from "./modal";

export interface DialogProps extends ModalProps {
  size?: "sm" | "md" | "lg";
  /** While true (a request in flight) Escape and outside clicks do not close the dialog. */
  busy?: boolean;
}

const WIDTHS = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * A modal on the native <dialog> element (see useModal). The body is only mounted while open, so
 * forms start empty every time.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = "md", busy }: DialogProps) {
  const modal = useModal(open, onOpenChange, busy);
  const titleId = useId();

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      className={cn(
        "m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-900/10",
        WIDTHS[size],
      )}
    >
      {open ? (
        <div className="flex max-h-[85vh] flex-col">
          <ModalHeader
            titleId={titleId}
            title={title}
            description={description}
            busy={busy}
            onClose={() => onOpenChange(false)}
          />
          {children ? <div className="overflow-y-auto px-6 py-5">{children}</div> : null}
          {footer ? (
            <div className="flex justify-end gap-2 rounded-b-xl border-t border-slate-100 bg-slate-50 px-6 py-3">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirmed action is running: the button spins and the dialog stays open. */
  pending?: boolean;
  tone?: "danger" | "primary";
}

/** "Are you sure?" for destructive actions; the caller closes it when the action succeeds. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  tone = "danger",
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      busy={pending}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant={tone === "danger" ? "danger" : "primary"} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-slate-600">{description}</div>
    </Dialog>
  );
}
