// Campaign templates (contract §11): parse and validate at save, render per recipient, the opt-out
// footer, the preview. Everything but preview-message is client-safe.
export * from "./parse-template";
export * from "./validate-template";
export * from "./render-template";
export * from "./opt-out-footer";
export * from "./compose-message";
export * from "./preview-message";
