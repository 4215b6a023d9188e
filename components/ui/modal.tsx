"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { X } from "lucide-react";
import { cn } from "./cn";

/** What Dialog and Drawer share: open state, the header, the body and the buttons. */
export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned at the bottom. */
  footer?: ReactNode;
}

/**
 * Props for a native <dialog> shown as a modal while `open`: focus trapping, Escape and the top
 * layer come from the browser. Escape, and a press that starts and ends on the backdrop, ask to
 * close, except while `busy` (a request in flight).
 */
export function useModal(open: boolean, onOpenChange: (open: boolean) => void, busy = false) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    onCancel: (e: { preventDefault: () => void }) => {
      e.preventDefault();
      if (!busy) onOpenChange(false);
    },
    onClose: () => {
      if (open) onOpenChange(false);
    },
    onMouseDown: (e: { target: EventTarget }) => {
      pressedOnBackdrop.current = e.target === ref.current;
    },
    onClick: (e: { target: EventTarget }) => {
      // Only a press that started and ended outside the panel closes it (not a drag out of an input).
      if (e.target === ref.current && pressedOnBackdrop.current && !busy) onOpenChange(false);
    },
  };
}

/** The title (labelling the modal through `titleId`), the description under it, and the X. */
export function ModalHeader({
  titleId,
  title,
  description,
  onClose,
  busy,
  className,
}: {
  titleId: string;
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  busy?: boolean;
  /** For the title block. */
  className?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 pt-5 pb-4">
      <div className={cn("space-y-1", className)}>
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <div className="text-sm text-slate-500">{description}</div> : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        disabled={busy}
        onClick={onClose}
        className="-mr-2 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}
