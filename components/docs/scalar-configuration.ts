import type { ApiReferenceReact } from "@scalar/api-reference-react";
import type { ComponentProps } from "react";

type Configuration = NonNullable<ComponentProps<typeof ApiReferenceReact>["configuration"]>;

/**
 * Scalar's options for /docs. Everything that would reach another host is off: its web fonts
 * (the dashboard's system fonts instead), telemetry, the AI agent, the hosted proxy for "Test
 * request" (requests go straight to this origin, which the CSP allows). Scalar 0.8 (issue 37 §6:
 * 0.9 needs Node 22) has no MCP button to turn off.
 */
export const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  theme: "none",
  layout: "modern",
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  hideClientButton: true,
  showDeveloperTools: "never",
  documentDownloadType: "json",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  // The languages our users write; the rest only lengthen the picker.
  hiddenClients: {
    c: true,
    clojure: true,
    csharp: true,
    dart: true,
    fsharp: true,
    java: true,
    julia: true,
    kotlin: true,
    objc: true,
    ocaml: true,
    powershell: true,
    r: true,
    rust: true,
    swift: true,
  },
  defaultOpenFirstTag: true,
  orderRequiredPropertiesFirst: true,
  metaData: { title: "API reference · SignalGate" },
} satisfies Partial<Configuration>;

/**
 * The dashboard's look (Tailwind's slate and indigo, its fonts and radii) as Scalar's theme
 * variables; `--scalar-custom-header-height` keeps the sidebar under the page's sticky header.
 */
export const SCALAR_CSS = `
.sg-api-reference .light-mode,
.sg-api-reference .scalar-app {
  --scalar-custom-header-height: 57px; /* the header: h-14 and its border */
  --scalar-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
  --scalar-color-1: #0f172a;
  --scalar-color-2: #475569;
  --scalar-color-3: #64748b;
  --scalar-color-accent: #4f46e5;
  --scalar-background-1: #ffffff;
  --scalar-background-2: #f8fafc;
  --scalar-background-3: #f1f5f9;
  --scalar-background-accent: #eef2ff;
  --scalar-border-color: #e2e8f0;
  --scalar-link-color: #4338ca;
  --scalar-button-1: #4f46e5;
  --scalar-button-1-color: #ffffff;
  --scalar-button-1-hover: #4338ca;
  --scalar-color-green: #047857;
  --scalar-color-red: #b91c1c;
  --scalar-color-yellow: #b45309;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-orange: #c2410c;
  --scalar-color-purple: #6d28d9;
  --scalar-radius: 6px;
  --scalar-radius-lg: 8px;
  --scalar-radius-xl: 12px;
  --scalar-sidebar-background-1: #f8fafc;
  --scalar-sidebar-color-1: #0f172a;
  --scalar-sidebar-color-2: #475569;
  --scalar-sidebar-color-active: #4338ca;
  --scalar-sidebar-item-hover-background: #f1f5f9;
  --scalar-sidebar-item-active-background: #eef2ff;
  --scalar-sidebar-border-color: #e2e8f0;
  --scalar-sidebar-search-background: #ffffff;
  --scalar-sidebar-search-border-color: #cbd5e1;
}
/* A section focused by a link (#tag/…) is not being typed into: no focus frame around it. */
.sg-api-reference section[tabindex="-1"]:focus {
  outline: none;
}
`;
