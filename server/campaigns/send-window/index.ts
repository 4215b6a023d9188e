// Quiet hours in each recipient's local time (contract §11). Server-only: the zones come from the
// package's data file.
export * from "./send-window";
export * from "./time-zones";
export * from "./send-window-for-number";
