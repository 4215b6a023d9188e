import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import { formatMoney, parseMoney } from "@/schemas/money";
import type { AlertView, CreateAlertInput, UpdateAlertInput } from "@/schemas/alerts";
import type { Alert } from "../db/generated/client";

/** An organization may keep this many alerts. */
export const MAX_ALERTS_PER_ORGANIZATION = 50;

export function toAlertView(a: Alert): AlertView {
  return {
    id: a.id,
    metric: a.metric,
    threshold: a.metric === "spend" ? formatMoney(Number(a.thresholdUnits ?? 0)) : (a.threshold ?? 0),
    windowMinutes: a.windowMinutes,
    environment: a.environment,
    state: a.state,
    lastValue: a.lastValue,
    lastEvaluatedAt: a.lastEvaluatedAt?.toISOString() ?? null,
    triggeredAt: a.triggeredAt?.toISOString() ?? null,
    resolvedAt: a.resolvedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
  };
}

function thresholdColumns(metric: Alert["metric"], threshold: number | string) {
  if (metric === "spend") {
    if (typeof threshold !== "string") throw thresholdError('spend takes an amount such as "25.0000".');
    return { threshold: null, thresholdUnits: BigInt(parseMoney(threshold) ?? 0) };
  }
  if (typeof threshold !== "number") throw thresholdError("A rate is a number from 0 to 1.");
  return { threshold, thresholdUnits: null };
}

function thresholdError(message: string): AppError {
  return new AppError("invalid_request", "The request body is not valid.", {
    details: [{ path: "threshold", message }],
  });
}

export async function createAlert(db: DbOrTx, organizationId: string, input: CreateAlertInput): Promise<AlertView> {
  const count = await db.alert.count({ where: { organizationId } });
  if (count >= MAX_ALERTS_PER_ORGANIZATION) {
    throw new AppError("limit_reached", `An organization can have at most ${MAX_ALERTS_PER_ORGANIZATION} alerts.`);
  }
  const row = await db.alert.create({
    data: {
      id: newId("alr"),
      organizationId,
      metric: input.metric,
      ...thresholdColumns(input.metric, input.threshold),
      windowMinutes: input.windowMinutes,
      environment: input.environment,
    },
  });
  return toAlertView(row);
}

export async function listAlerts(db: DbOrTx, organizationId: string): Promise<AlertView[]> {
  const rows = await db.alert.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
  return rows.map(toAlertView);
}

async function alertOrThrow(db: DbOrTx, organizationId: string, id: string): Promise<Alert> {
  const row = await db.alert.findFirst({ where: { id, organizationId } });
  if (!row) throw new AppError("not_found", "No alert with that id.");
  return row;
}

export async function getAlert(db: DbOrTx, organizationId: string, id: string): Promise<AlertView> {
  return toAlertView(await alertOrThrow(db, organizationId, id));
}

/** A changed condition starts over: the state is `ok` again and the next evaluation decides. */
export async function updateAlert(
  db: DbOrTx,
  organizationId: string,
  id: string,
  input: UpdateAlertInput,
): Promise<AlertView> {
  const current = await alertOrThrow(db, organizationId, id);
  const row = await db.alert.update({
    where: { organizationId_id: { organizationId, id: current.id } },
    data: {
      ...(input.threshold !== undefined && thresholdColumns(current.metric, input.threshold)),
      ...(input.windowMinutes !== undefined && { windowMinutes: input.windowMinutes }),
      ...(input.environment !== undefined && { environment: input.environment }),
      state: "ok",
      updatedAt: new Date(),
    },
  });
  return toAlertView(row);
}

export async function deleteAlert(db: DbOrTx, organizationId: string, id: string): Promise<void> {
  const { count } = await db.alert.deleteMany({ where: { id, organizationId } });
  if (count === 0) throw new AppError("not_found", "No alert with that id.");
}
