import { z } from "zod";

/** Cloud Run's two ways to bill CPU and memory: per request handled, or for the instance's whole life. */
export const BillingMode = z.enum(["request", "instance"]);
export type BillingMode = z.infer<typeof BillingMode>;

/** cloudRun.billing: auto prices both and recommends the cheaper; request or instance pins one. */
export const BillingSetting = z.enum(["auto", ...BillingMode.options]);
export type BillingSetting = z.infer<typeof BillingSetting>;

/** Below 1 vCPU Cloud Run takes request-based billing only (cloud.google.com/run/docs/configuring/billing-settings). */
export function allowedBillings(cpus: number, setting: BillingSetting): BillingMode[] {
  if (setting !== "auto") return [setting];
  return cpus < 1 ? ["request"] : ["request", "instance"];
}

/** The gcloud flag of a billing mode: --cpu-throttling is request-based, --no-cpu-throttling instance-based. */
export const throttlingFlag = (billing: BillingMode) =>
  billing === "request" ? "--cpu-throttling" : "--no-cpu-throttling";
