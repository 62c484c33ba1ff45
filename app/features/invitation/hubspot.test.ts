import { describe, expect, it } from "vitest";
import { HUBSPOT_REGIONS } from "#shared/site-config.ts";
import { hubspotFormsOrigin } from "#shared/hubspot-hosts.ts";
import { currentEmbedSrc, embedSrc, legacyEmbedSrc } from "./hubspot";

// The embed code HubSpot shows per region: `js.hsforms.net` in na1, `js-<region>.hsforms.net` elsewhere.
const EXPECTED_HOSTS = {
  na1: "js.hsforms.net",
  na2: "js-na2.hsforms.net",
  eu1: "js-eu1.hsforms.net",
  ap1: "js-ap1.hsforms.net",
} as const;

describe("HubSpot's scripts per region", () => {
  it("knows a host for every region the configuration accepts", () => {
    expect(Object.keys(EXPECTED_HOSTS).sort()).toEqual([...HUBSPOT_REGIONS].sort());
  });

  it.each(HUBSPOT_REGIONS)("%s: both embeds load from the region's forms host", (region) => {
    const host = EXPECTED_HOSTS[region];
    expect(hubspotFormsOrigin(region)).toBe(`https://${host}`);
    expect(legacyEmbedSrc(region)).toBe(`https://${host}/forms/embed/v2.js`);
    expect(currentEmbedSrc(region, "123456")).toBe(`https://${host}/forms/embed/123456.js`);
    expect(embedSrc({ embed: "current", region, portalId: "42" })).toBe(`https://${host}/forms/embed/42.js`);
    expect(embedSrc({ embed: "legacy", region, portalId: "42" })).toBe(`https://${host}/forms/embed/v2.js`);
  });
});
