"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that render; true in every render
 * after it, and at once for a component first rendered on the client. What depends on the viewer
 * (their time zone) renders a server-safe value first, so hydration never meets different text.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
