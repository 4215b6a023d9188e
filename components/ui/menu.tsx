"use client";

import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { Ellipsis } from "lucide-react";
import { cn } from "./cn";

export interface MenuProps {
  /** Renders the trigger; spread `props` onto a <button>. */
  trigger: (props: {
    id: string;
    "aria-haspopup": "menu";
    "aria-expanded": boolean;
    "aria-controls": string;
    onClick: (e: MouseEvent<HTMLElement>) => void;
  }) => ReactNode;
  children: (close: () => void) => ReactNode;
  align?: "start" | "end";
  className?: string;
}

/**
 * A dropdown menu: opens under its trigger, closes on Escape, outside clicks, scrolling and after an
 * item is chosen; arrow keys move between items. The list is portalled to <body> with fixed
 * positioning, so a scrolling table or a card's overflow never clips it.
 */
export function Menu({ trigger, children, align = "start", className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const menuId = `${id}-menu`;

  function toggle(trigger: HTMLElement) {
    if (open) {
      setOpen(false);
      return;
    }
    const rect = trigger.getBoundingClientRect();
    setPosition(
      align === "end"
        ? { position: "fixed", top: rect.bottom + 6, right: window.innerWidth - rect.right }
        : { position: "fixed", top: rect.bottom + 6, left: rect.left },
    );
    setOpen(true);
  }

  useEffect(() => {
    if (!open || !position) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!rootRef.current?.contains(target) && !menuRef.current?.contains(target)) setOpen(false);
    };
    // A fixed-position list would drift away from its trigger: close instead.
    const onMove = (e: Event) => {
      // A resize's target is the window, which is not a Node.
      if (!(e.target instanceof Node) || !menuRef.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    window.addEventListener("scroll", onMove, true);
    window.addEventListener("resize", onMove);
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      window.removeEventListener("scroll", onMove, true);
      window.removeEventListener("resize", onMove);
    };
  }, [open, position]);

  function close() {
    setOpen(false);
    document.getElementById(id)?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Tab") {
      setOpen(false);
      return;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      close();
      return;
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = e.key === "ArrowDown" ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next]?.focus();
  }

  return (
    <div ref={rootRef} className="relative inline-flex">
      {trigger({
        id,
        "aria-haspopup": "menu",
        "aria-expanded": open,
        "aria-controls": menuId,
        onClick: (e) => toggle(e.currentTarget),
      })}
      {open && position
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-labelledby={id}
              style={position}
              onKeyDown={onKeyDown}
              className={cn("z-50 min-w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-900/10", className)}
            >
              {children(close)}
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}

export function MenuItem({
  onSelect,
  children,
  tone = "default",
  disabled,
}: {
  onSelect: () => void;
  children: ReactNode;
  tone?: "default" | "danger";
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      disabled={disabled}
      onClick={onSelect}
      className={cn(
        "flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm outline-none focus-visible:outline-none disabled:opacity-50",
        tone === "danger"
          ? "text-red-600 hover:bg-red-50 focus:bg-red-50"
          : "text-slate-700 hover:bg-slate-100 focus:bg-slate-100",
      )}
    >
      {children}
    </button>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500">{children}</div>;
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-slate-100" />;
}

/** The "…" menu at the end of a table row; `label` names the row for screen readers. */
export function RowActionsMenu({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: MenuProps["children"];
}) {
  return (
    <Menu
      align="end"
      className={className}
      trigger={(props) => (
        <button
          type="button"
          {...props}
          aria-label={label}
          className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <Ellipsis aria-hidden className="size-4" />
        </button>
      )}
    >
      {children}
    </Menu>
  );
}
