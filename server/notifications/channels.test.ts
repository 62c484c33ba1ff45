// @vitest-environment node
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { acknowledgementSender } from "./channels";

const MAIL = { SMTP_URL: "smtp://127.0.0.1:2525", NOTIFY_EMAIL_TO: "ops@example.org" };
const HUBSPOT = {
  HUBSPOT_PORTAL_ID: "1234567",
  HUBSPOT_FORM_ID_CANDIDATE: "3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f",
  HUBSPOT_FORM_ID_EMPLOYER: "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d",
};

describe("who tells the requester their request arrived", () => {
  it.each([
    ["the site, with email and no HubSpot", MAIL, "site"],
    ["the site, with HubSpot when told so", { ...MAIL, ...HUBSPOT, ACKNOWLEDGEMENT_SENDER: "site" }, "site"],
    ["HubSpot's form by default with the HubSpot ids, without email", HUBSPOT, "hubspot"],
    ["HubSpot's form by default with the HubSpot ids, with email", { ...MAIL, ...HUBSPOT }, "hubspot"],
    ["no one, without email or HubSpot", {}, null],
  ] as const)("%s", (_case, env, sender) => {
    const config = parseConfig(env);
    expect(acknowledgementSender(config.server.notifications, config.site.hubspot)).toBe(sender);
  });
});
