import { afterEach, describe, expect, it } from "vitest";
import { analyticsLoaderScript, hubspotTrackingScriptUrl, trackRequestSent } from "./analytics";

const site = { siteUrl: "https://network.example" };
const hubspot = { kind: "hubspot", portalId: "1234567", region: "na1" } as const;
const plausible = { kind: "plausible", scriptUrl: "https://plausible.io/js/script.js" } as const;

afterEach(() => {
  const w = window as unknown as Record<string, unknown>;
  delete w._hsq;
  delete w.plausible;
});

describe("analytics", () => {
  it("loads nothing unless chosen", () => {
    expect(analyticsLoaderScript({ ...site, analytics: null })).toBeNull();
  });

  it("loads HubSpot's tracking code from the portal's region", () => {
    expect(hubspotTrackingScriptUrl("1234567", "na1")).toBe("https://js.hs-scripts.com/1234567.js");
    expect(hubspotTrackingScriptUrl("1234567", "eu1")).toBe("https://js-eu1.hs-scripts.com/1234567.js");
  });

  it("queues one conversion event with the mode, before or after the script arrived", () => {
    new Function(analyticsLoaderScript({ ...site, analytics: plausible })!)();
    trackRequestSent(plausible, "employer");
    const queued = (window as unknown as { plausible: { q: unknown[][] } }).plausible.q;
    expect(queued.map((args) => [...args])).toEqual([["Request sent", { props: { mode: "employer" } }]]);

    new Function(analyticsLoaderScript({ ...site, analytics: hubspot })!)();
    trackRequestSent(hubspot, "candidate");
    expect((window as unknown as { _hsq: unknown[] })._hsq).toEqual([
      ["trackCustomBehavioralEvent", { name: "pe1234567_request_sent", properties: { mode: "candidate" } }],
    ]);
  });

  it("sends nothing without analytics", () => {
    trackRequestSent(null, "candidate");
    expect(window).not.toHaveProperty("_hsq");
    expect(window).not.toHaveProperty("plausible");
  });
});
