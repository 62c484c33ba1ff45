/**
 * What the browser tests' servers stored: the team's export (`npm run requests -- export`)
 * of a server's throw-away database, and what the fake HubSpot submission API received.
 * Both are read from outside the browser, as the team and HubSpot would see them.
 */
import { expect, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "#shared/invitation/request-schema.ts";
import { e2eDataDir, FAKE_HUBSPOT_API_ORIGIN } from "../e2e-env";
import type { ExportedRequest } from "../../../server/requests/export";
import { RECEIVED_PATH, type FakeSubmission } from "../fake-hubspot-api";
import { runRequestsCommand } from "../site-process";

/** Every request the server on `port` stored, as the export command lists them. */
export async function exportedRequests(port: number): Promise<ExportedRequest[]> {
  const { stdout, stderr, code } = await runRequestsCommand(["export", "--format", "json"], {
    DATA_DIR: e2eDataDir(port),
  });
  if (code !== 0) throw new Error(`requests export failed (${code}): ${stderr}`);
  return JSON.parse(stdout) as ExportedRequest[];
}

/** The stored requests sent with this email (unique per test), in the order received. */
export async function requestsFrom(port: number, email: string): Promise<ExportedRequest[]> {
  return (await exportedRequests(port)).filter((request) => request.fields.email === email);
}

/** The submissions with this email the fake HubSpot API accepted. */
export async function acceptedByHubSpot(email: string): Promise<FakeSubmission[]> {
  const response = await fetch(`${FAKE_HUBSPOT_API_ORIGIN}${RECEIVED_PATH}`);
  const { accepted } = (await response.json()) as { accepted: FakeSubmission[] };
  return accepted.filter((submission) => submission.values.email === email);
}

/** An email address no other test uses, so each test finds its own rows. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Waits until the export holds exactly one request from `email`, and returns it. */
export async function theStoredRequest(port: number, email: string): Promise<ExportedRequest> {
  await expect.poll(async () => (await requestsFrom(port, email)).length, { timeout: 10_000 }).toBe(1);
  return (await requestsFrom(port, email))[0]!;
}

/**
 * The API answers a form sent sooner than MIN_FILL_MS after it was shown like a success
 * but stores nothing (a bot's speed). A person filling the form takes longer; a test
 * that fills it by script waits out the rest before sending.
 */
export async function asLongAsAPerson(page: Page): Promise<void> {
  await page.waitForTimeout(MIN_FILL_MS + 100);
}
