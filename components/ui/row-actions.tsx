"use client";

import { Fragment, type ComponentType, type ReactNode } from "react";
import { Power, PowerOff } from "lucide-react";
import { MenuItem, MenuSeparator, RowActionsMenu } from "./menu";
import { TD, TH } from "./table";

/*
 * A table's actions column stays at the right edge of its card: a table that scrolls sideways on a
 * phone keeps every row's menu in view (issue 39). Opaque, so the columns scrolled under it are hidden.
 */
const STICKY = "sticky right-0 bg-white";

export interface RowAction {
  label: ReactNode;
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  onSelect: () => void;
  tone?: "default" | "danger";
  /** Set apart by a line above it: destructive actions go last, away from the everyday ones. */
  separated?: boolean;
}

/** The header over a table's "…" menus: empty to the eye, named for screen readers. */
export function ActionsHeader({ label }: { label?: string }) {
  return (
    <TH className={`w-12 text-right ${STICKY} bg-slate-50`}>{label ?? <span className="sr-only">Actions</span>}</TH>
  );
}

/** The cell of a row's actions, under ActionsHeader. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return <TD className={`text-right ${STICKY}`}>{children}</TD>;
}

/** A row's "…" menu; choosing an action closes the menu (focus back on "…") before it runs. */
export function RowActions({
  label,
  actions,
  width = "min-w-52",
}: {
  /** Names the row for screen readers: "Actions for Checkout server". */
  label: string;
  actions: RowAction[];
  /** Tailwind min-width of the open menu, to fit the longest action. */
  width?: string;
}) {
  return (
    <RowActionsMenu label={label} className={width}>
      {(close) =>
        actions.map(({ label: text, icon: Icon, onSelect, tone, separated }, i) => (
          <Fragment key={i}>
            {separated ? <MenuSeparator /> : null}
            <MenuItem
              tone={tone}
              onSelect={() => {
                close();
                onSelect();
              }}
            >
              {Icon ? <Icon aria-hidden className={tone === "danger" ? "size-4" : "size-4 text-slate-400"} /> : null}
              {text}
            </MenuItem>
          </Fragment>
        ))
      }
    </RowActionsMenu>
  );
}

/** Enable or Disable, whichever the row is not. */
export function toggleActiveAction(isActive: boolean, setActive: (isActive: boolean) => void): RowAction {
  return isActive
    ? { label: "Disable", icon: PowerOff, onSelect: () => setActive(false) }
    : { label: "Enable", icon: Power, onSelect: () => setActive(true) };
}
