/**
 * The configuration a build's headers were made for (`PolicyConfig`: HubSpot's region,
 * whether the API receives violation reports, the analytics' hosts), recorded beside the build by postbuild.
 * The Node server reads it back, so it sends the policy of the build it serves whatever
 * the environment it was started with, exactly as the build's nginx.conf and _headers do.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { HUBSPOT_REGIONS, type HubSpotRegion } from "#shared/site-config.ts";
import type { AnalyticsPolicy, PolicyConfig } from "./csp";

/** Under BUILD_DIR, beside deploy/nginx.conf; never inside client/, so never served. */
export const POLICY_CONFIG_FILE = "deploy/policy-config.json";

export function writePolicyConfig(buildDir: string, config: PolicyConfig): void {
  const path = join(buildDir, POLICY_CONFIG_FILE);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
}

const isRegion = (region: unknown): region is HubSpotRegion => HUBSPOT_REGIONS.includes(region as HubSpotRegion);

function isAnalyticsPolicy(value: unknown): value is AnalyticsPolicy | null | undefined {
  if (value === null || value === undefined) return true;
  const { kind, region, origin } = (value ?? {}) as Record<string, unknown>;
  return (kind === "hubspot" && isRegion(region)) || (kind === "plausible" && typeof origin === "string");
}

function isPolicyConfig(value: unknown): value is PolicyConfig {
  if (typeof value !== "object" || value === null) return false;
  const { hubspot, reports, analytics } = value as Record<string, unknown>;
  if (typeof reports !== "boolean" || !isAnalyticsPolicy(analytics)) return false;
  if (hubspot === null) return true;
  return isRegion((hubspot as { region?: unknown } | undefined)?.region);
}

/** The recorded configuration of the build in `buildDir`; throws, saying what to do, when it is missing or malformed. */
export function readPolicyConfig(buildDir: string): PolicyConfig {
  const path = join(buildDir, POLICY_CONFIG_FILE);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path} is missing or unreadable: serve a complete build (run \`npm run build\`).`, {
      cause: error,
    });
  }
  if (!isPolicyConfig(value)) throw new Error(`${path} is not a policy configuration: rebuild with \`npm run build\`.`);
  return {
    hubspot: value.hubspot && { region: value.hubspot.region },
    reports: value.reports,
    analytics: value.analytics,
    editor: (value as { editor?: unknown }).editor === true,
  };
}
