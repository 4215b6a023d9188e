/**
 * The account emails (contract §14) as plain, accessible HTML with a text part: one column, real
 * text (no images), a visible link under every button, `lang` and a title, and colours that keep
 * WCAG AA contrast. Rendered when the email is queued, so the outbox row is exactly what is sent.
 */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export type EmailTemplate =
  | { template: "password-reset"; data: { url: string; expiresInMinutes: number } }
  | { template: "verify-email"; data: { url: string; expiresInHours: number } }
  | {
      template: "invitation";
      data: { url: string; organizationName: string; role: string; invitedBy: string | null; expiresInDays: number };
    }
  | { template: "password-changed"; data: { when: string } }
  | {
      template: "alert";
      data: { state: "triggered" | "resolved"; organizationName: string; what: string; detail: string; url: string };
    };

export type EmailTemplateName = EmailTemplate["template"];

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#374151">Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#111827">
<main role="main" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px">${escapeHtml(title)}</h1>
${body}
${button}
<p style="margin:32px 0 0;font-size:13px;color:#4b5563">SignalGate · You received this email because of an action on your SignalGate account.</p>
</main>
</body>
</html>`;
}

function text(paragraphs: string[], action?: { label: string; url: string }): string {
  return [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), "— SignalGate"].join("\n\n") + "\n";
}

function build(subject: string, paragraphs: string[], action?: { label: string; url: string }): RenderedEmail {
  return { subject, text: text(paragraphs, action), html: layout(subject, paragraphs, action) };
}

export function renderEmail(email: EmailTemplate): RenderedEmail {
  switch (email.template) {
    case "password-reset":
      return build(
        "Reset your SignalGate password",
        [
          "Someone asked to reset the password of your SignalGate account. If it was you, choose a new password with the link below.",
          `The link works once and expires in ${email.data.expiresInMinutes} minutes. If you did not ask for this, ignore this email: your password stays as it is.`,
        ],
        { label: "Choose a new password", url: email.data.url },
      );
    case "verify-email":
      return build(
        "Verify your email address",
        [
          "Confirm that this address belongs to your SignalGate account.",
          `The link expires in ${email.data.expiresInHours} hours.`,
        ],
        { label: "Verify email address", url: email.data.url },
      );
    case "invitation": {
      const who = email.data.invitedBy ? `${email.data.invitedBy} invited you` : "You are invited";
      return build(
        `Join ${email.data.organizationName} on SignalGate`,
        [
          `${who} to join ${email.data.organizationName} on SignalGate as ${email.data.role}.`,
          `The invitation expires in ${email.data.expiresInDays} days. If you did not expect it, ignore this email.`,
        ],
        { label: "Accept the invitation", url: email.data.url },
      );
    }
    case "password-changed":
      return build("Your SignalGate password was changed", [
        `The password of your SignalGate account was changed at ${email.data.when}, and your other sessions were signed out.`,
        "If this was not you, reset your password at once with “Forgot password?” on the sign-in page.",
      ]);
    case "alert":
      return build(
        `${email.data.state === "triggered" ? "Alert" : "Resolved"}: ${email.data.what} (${email.data.organizationName})`,
        [email.data.detail],
        { label: "Open the alerts", url: email.data.url },
      );
  }
}
