import { createCallerFactory, router } from "./init";
import { analyticsRouter } from "./routers/analytics";
import { apiKeysRouter } from "./routers/api-keys";
import { billingRouter } from "./routers/billing";
import { carriersRouter } from "./routers/carriers";
import { contactsRouter } from "./routers/contacts";
import { fraudGuardRouter } from "./routers/fraud-guard";
import { twoFactorRouter } from "./routers/two-factor";
import { inboxRouter } from "./routers/inbox";
import { auditLogRouter } from "./routers/audit-log";
import { membersRouter } from "./routers/members";
import { messagesRouter } from "./routers/messages";
import { organizationsRouter } from "./routers/organizations";
import { otpRouter } from "./routers/otp";
import { rateLimitsRouter } from "./routers/rate-limits";
import { retentionRouter } from "./routers/retention";
import { viewerRouter } from "./routers/viewer";
import { webhooksRouter } from "./routers/webhooks";
import { alertsRouter } from "./routers/alerts";
import { requestLogsRouter } from "./routers/request-logs";
import { accountRouter } from "./routers/account";
import { eventsRouter } from "./routers/events";
import { campaignsRouter } from "./routers/campaigns";
import { campaignToolsRouter } from "./routers/campaign-tools";
import { onboardingRouter } from "./routers/onboarding";
import { senderPoolsRouter } from "./routers/sender-pools";

/**
 * One router per dashboard area. A new area adds `routers/<area>.ts` (procedures that call the
 * domain functions in server/<area>/ with ctx.db and ctx.organizationId) and one line here.
 */
export const appRouter = router({
  viewer: viewerRouter,
  organizations: organizationsRouter,
  members: membersRouter,
  apiKeys: apiKeysRouter,
  rateLimits: rateLimitsRouter,
  messages: messagesRouter,
  otp: otpRouter,
  webhooks: webhooksRouter,
  alerts: alertsRouter,
  requestLogs: requestLogsRouter,
  events: eventsRouter,
  carriers: carriersRouter,
  auditLog: auditLogRouter,
  retention: retentionRouter,
  analytics: analyticsRouter,
  billing: billingRouter,
  contacts: contactsRouter,
  inbox: inboxRouter,
  account: accountRouter,
  fraudGuard: fraudGuardRouter,
  twoFactor: twoFactorRouter,
  campaigns: campaignsRouter,
  campaignTools: campaignToolsRouter,
  onboarding: onboardingRouter,
  senderPools: senderPoolsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls without HTTP (tests, server components): `createCaller(createTRPCContext({...}))`. */
export const createCaller = createCallerFactory(appRouter);
