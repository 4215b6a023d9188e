"use client";

import { useId } from "react";
import { ModalHeader, useModal, type ModalProps } from "./modal";

/**
 * A panel sliding in from the right over the page, for the details of a table row. Like Dialog it
 * sits on the native <dialog> (see useModal), and mounts its body only while open.
 */
export function Drawer({ open, onOpenChange, title, description, children, footer }: ModalProps) {
  const modal = useModal(open, onOpenChange);
  const titleId = useId();

  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-lg bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-900/10"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <ModalHeader
            titleId={titleId}
            title={title}
            description={description}
            onClose={() => onOpenChange(false)}
            className="min-w-0"
          />
          <div className="flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer ? (
            <div className="flex justify-end gap-2 border-t border-slate-100 bg-slate-50 px-6 py-3">{footer}</div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
