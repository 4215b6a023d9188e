import { analyticsPaths } from "./analytics";
import { apiKeysPaths } from "./api-keys";
import { auditLogPaths } from "./audit-log";
import { authPaths } from "./auth";
import { billingPaths } from "./billing";
import { carriersPaths } from "./carriers";
import { contactsPaths } from "./contacts";
import { eventsPaths } from "./events";
import { fraudGuardPaths } from "./fraud-guard";
import { healthPaths } from "./health";
import { inboundPaths } from "./inbound";
import { numbersPaths } from "./numbers";
import { senderPoolsPaths } from "./sender-pools";
import { otpPaths, smsPaths } from "./messaging";
import { pricingPaths } from "./pricing";
import { rateLimitsPaths } from "./rate-limits";
import { schedulingPaths } from "./scheduling";
import type { PathModule } from "./types";
import { webhooksPaths } from "./webhooks";
import { alertsPaths } from "./alerts";
import { requestLogsPaths } from "./request-logs";
import { accountsPaths, membersPaths } from "./accounts";
import { campaignsPaths } from "./campaigns";
import { securitySettingsPaths } from "./security-settings";
import { shortLinksPaths } from "./short-links";

/**
 * Every area of the API, in the order the docs page shows them. To document a new route: add its
 * operation to the area's file under paths/ (or create `paths/<area>.ts` exporting a PathModule and
 * list it here). server/openapi/document.test.ts fails until every route.ts under app/api/v1 is here.
 */
export const PATH_MODULES: PathModule[] = [
  authPaths,
  smsPaths,
  otpPaths,
  schedulingPaths,
  inboundPaths,
  analyticsPaths,
  pricingPaths,
  contactsPaths,
  numbersPaths,
  senderPoolsPaths,
  apiKeysPaths,
  webhooksPaths,
  alertsPaths,
  requestLogsPaths,
  eventsPaths,
  rateLimitsPaths,
  billingPaths,
  fraudGuardPaths,
  carriersPaths,
  auditLogPaths,
  healthPaths,
  accountsPaths,
  membersPaths,
  campaignsPaths,
  securitySettingsPaths,
  shortLinksPaths,
];
