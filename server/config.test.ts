import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError } from "#shared/env.ts";
import { EXAMPLE_SITE_FACTS } from "#shared/site-config.ts";
import { DEPLOYMENT_SITE_FACTS } from "../tests/support/deployment-site-facts";
import { parseConfig } from "./config";

const FORM_A = "3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f";
const FORM_B = "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d";
const LINK_SECRET = randomBytes(32);

function rejection(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected parseConfig to reject");
}

describe("parseConfig", () => {
  it("lets a fresh checkout run with no setup", () => {
    expect(parseConfig({})).toEqual({
      site: {
        siteUrl: "http://localhost:4173",
        siteName: "TA Leadership Network",
        contactEmail: "invitations@example.com",
        privacyPolicyUrl: "https://example.com/privacy",
        supporter: { name: "Example Talent Technologies", url: "https://example.com" },
        networkProfiles: [],
        hubspot: null,
        requestApi: true,
        requestRetentionDays: 365,
        replyWithinHours: 48,
        legalBasis: null,
        analytics: null,
        editor: null,
        editorOrigin: null,
      },
      port: 4173,
      server: {
        dataDir: "./data",
        releasesDir: "data/releases",
        databaseUrl: null,
        hubspotApiOrigin: "https://api.hsforms.com",
        hubspotSourceFields: {},
        hubspotRoleField: null,
        rateLimit: { max: 10, windowMs: 600_000 },
        trustProxyHops: 0,
        extraOrigins: [],
        delivery: { retryMinMs: 2000, retryMaxMs: 600_000, timeoutMs: 10_000, leaseMs: 60_000 },
        relayMaxPer10Seconds: 40,
        apiUpstream: "127.0.0.1:4173",
        editors: null,
        answers: { linkSecret: null, reminders: true },
        search: { google: null, indexNow: null },
        notifications: { email: null, webhook: null, acknowledgements: null },
      },
    });
  });

  it("takes every variable from the environment", () => {
    const config = parseConfig({
      SITE_URL: "https://network.example.org/",
      SITE_NAME: "Talent Leaders Circle",
      CONTACT_EMAIL: "hello@network.example.org",
      PRIVACY_POLICY_URL: "https://parent.example.com/legal/privacy",
      SUPPORTER_NAME: "Parent Recruiting Tech",
      SUPPORTER_URL: "https://parent.example.com",
      NETWORK_PROFILE_URLS: "https://www.linkedin.com/company/talent-leaders-circle, https://x.com/tlcircle",
      HUBSPOT_PORTAL_ID: "1234567",
      HUBSPOT_FORM_ID_CANDIDATE: FORM_A,
      HUBSPOT_FORM_ID_EMPLOYER: FORM_B,
      HUBSPOT_REGION: "eu1",
      HUBSPOT_EMBED: "current",
      HUBSPOT_API_ORIGIN: "http://127.0.0.1:9999",
      HUBSPOT_LEGAL_BASIS: "consent",
      HUBSPOT_SUBSCRIPTION_TYPE_ID: "42",
      HUBSPOT_SOURCE_FIELDS: "utm_source=utm_source, landingPage=landing_page",
      HUBSPOT_ROLE_FIELD: "role_of_interest",
      ANALYTICS: "plausible",
      PLAUSIBLE_SCRIPT_URL: "https://stats.network.example.org/js/script.js",
      INVITATION_API: "off",
      PORT: "8080",
      DATA_DIR: "/var/lib/network",
      RELEASES_DIR: "/srv/network/releases",
      DATABASE_URL: "postgres://network@db.internal/requests",
      RATE_LIMIT_MAX: "50",
      RATE_LIMIT_WINDOW_SECONDS: "60",
      TRUST_PROXY: "1",
      ALLOWED_ORIGINS: "https://staging.network.example.org/, http://127.0.0.1:4310",
      DELIVERY_RETRY_MIN_SECONDS: "0.5",
      DELIVERY_RETRY_MAX_SECONDS: "30",
      DELIVERY_TIMEOUT_SECONDS: "5",
      DELIVERY_LEASE_SECONDS: "20",
      RELAY_MAX_PER_10_SECONDS: "50",
      API_UPSTREAM: "10.0.0.5:8080",
      SMTP_URL: "smtps://team:secret@smtp.example.org:465",
      NOTIFY_EMAIL_TO: "ops@network.example.org, lead@network.example.org",
      NOTIFY_EMAIL_FROM: "site@network.example.org",
      NOTIFY_WEBHOOK_URL: "https://hooks.example.org/T000/B000/XXXX",
      NOTIFY_WEBHOOK_SECRET: "a-long-shared-signing-secret",
      ACKNOWLEDGEMENT_SENDER: "site",
      REQUEST_RETENTION_DAYS: "180",
      REPLY_WITHIN_HOURS: "24",
      TEAM_LINK_SECRET: LINK_SECRET.toString("hex"),
      REPLY_REMINDERS: "off",
      EDITOR_ORIGIN: "https://edit.network.example.org/",
      EDITORS: "Ana@Network.example.org, @marketing.network.example.org",
      GOOGLE_INDEXING_KEY_FILE: "/etc/network/google-indexing.json",
      GOOGLE_INDEXING_API_ORIGIN: "http://127.0.0.1:9997",
      INDEXNOW_KEY: "0f8e1d2c-3b4a-5968",
      INDEXNOW_ENDPOINT: "http://127.0.0.1:9996/indexnow",
    });
    expect(config).toEqual({
      site: {
        siteUrl: "https://network.example.org",
        siteName: "Talent Leaders Circle",
        contactEmail: "hello@network.example.org",
        privacyPolicyUrl: "https://parent.example.com/legal/privacy",
        supporter: { name: "Parent Recruiting Tech", url: "https://parent.example.com" },
        networkProfiles: ["https://www.linkedin.com/company/talent-leaders-circle", "https://x.com/tlcircle"],
        hubspot: {
          portalId: "1234567",
          formIds: { candidate: FORM_A, employer: FORM_B },
          region: "eu1",
          embed: "current",
        },
        requestApi: false,
        requestRetentionDays: 180,
        replyWithinHours: 24,
        legalBasis: { basis: "consent", subscriptionTypeId: 42 },
        analytics: { kind: "plausible", scriptUrl: "https://stats.network.example.org/js/script.js" },
        editor: { backend: "server" },
        editorOrigin: "https://edit.network.example.org",
      },
      port: 8080,
      server: {
        dataDir: "/var/lib/network",
        releasesDir: "/srv/network/releases",
        databaseUrl: "postgres://network@db.internal/requests",
        hubspotApiOrigin: "http://127.0.0.1:9999",
        hubspotSourceFields: { utm_source: "utm_source", landingPage: "landing_page" },
        hubspotRoleField: "role_of_interest",
        rateLimit: { max: 50, windowMs: 60_000 },
        trustProxyHops: 1,
        extraOrigins: ["https://staging.network.example.org", "http://127.0.0.1:4310"],
        delivery: { retryMinMs: 500, retryMaxMs: 30_000, timeoutMs: 5000, leaseMs: 20_000 },
        relayMaxPer10Seconds: 50,
        apiUpstream: "10.0.0.5:8080",
        editors: { addresses: ["ana@network.example.org"], domains: ["marketing.network.example.org"] },
        answers: { linkSecret: LINK_SECRET, reminders: false },
        search: {
          google: { keyFile: "/etc/network/google-indexing.json", apiOrigin: "http://127.0.0.1:9997" },
          indexNow: { key: "0f8e1d2c-3b4a-5968", endpoint: "http://127.0.0.1:9996/indexnow" },
        },
        notifications: {
          email: {
            smtpUrl: "smtps://team:secret@smtp.example.org:465",
            to: ["ops@network.example.org", "lead@network.example.org"],
            from: "site@network.example.org",
          },
          webhook: { url: "https://hooks.example.org/T000/B000/XXXX", secret: "a-long-shared-signing-secret" },
          acknowledgements: { fromName: "Talent Leaders Circle", replyTo: "hello@network.example.org" },
        },
      },
    });
  });

  it("refuses analytics and a legal basis that cannot work, and source fields it cannot read", () => {
    expect(() => parseConfig({ ANALYTICS: "hubspot" })).toThrow(/ANALYTICS: hubspot needs HUBSPOT_PORTAL_ID/);
    expect(() => parseConfig({ HUBSPOT_LEGAL_BASIS: "legitimate-interest" })).toThrow(/HUBSPOT_SUBSCRIPTION_TYPE_ID/);
    expect(() => parseConfig({ HUBSPOT_SOURCE_FIELDS: "gclid=gclid" })).toThrow(/HUBSPOT_SOURCE_FIELDS/);
    expect(() => parseConfig({ HUBSPOT_ROLE_FIELD: "Role of interest" })).toThrow(
      /HUBSPOT_ROLE_FIELD: must be the internal name/,
    );
    expect(() => parseConfig({ PLAUSIBLE_SCRIPT_URL: "http://stats.example/js/script.js" })).toThrow(/https/);
  });

  it("embeds HubSpot's legacy form in region na1 (docs/product.md#the-request-page) unless told otherwise", () => {
    const { hubspot } = parseConfig({
      HUBSPOT_PORTAL_ID: "1234567",
      HUBSPOT_FORM_ID_CANDIDATE: FORM_A,
      HUBSPOT_FORM_ID_EMPLOYER: FORM_B,
    }).site;
    // The specification's region, written out: the default is checked against it, not against itself.
    expect(hubspot).toMatchObject({ region: "na1", embed: "legacy" });
  });

  it("treats an empty variable as unset", () => {
    expect(parseConfig({ SITE_URL: "", CONTACT_EMAIL: "", HUBSPOT_PORTAL_ID: "" }).site.siteUrl).toBe(
      "http://localhost:4173",
    );
  });

  it.each([
    ["not a URL", "network.example.org"],
    ["another scheme", "ftp://network.example.org"],
    ["a path", "https://network.example.org/site"],
    ["a query", "https://network.example.org/?a=1"],
  ])("rejects a SITE_URL with %s, naming the variable", (_case, value) => {
    const message = rejection({ SITE_URL: value });
    expect(message).toContain("SITE_URL");
    expect(message).toContain(value);
  });

  it.each([
    ["CONTACT_EMAIL", "not-an-address", "email address"],
    ["PRIVACY_POLICY_URL", "/privacy", "absolute http(s) URL"],
    ["SUPPORTER_URL", "javascript:alert(1)", "absolute http(s) URL"],
    ["SITE_NAME", "   ", "must not be blank"],
    ["SUPPORTER_NAME", " ", "must not be blank"],
    ["NETWORK_PROFILE_URLS", "https://www.linkedin.com/company/x, linkedin.com/company/y", "https:// URLs"],
    ["NETWORK_PROFILE_URLS", "http://www.linkedin.com/company/x", "https:// URLs"],
    ["NETWORK_PROFILE_URLS", "https://example.com/", "the parent organization's"],
    ["PORT", "eighty", "port number"],
    ["PORT", "70000", "between 1 and 65535"],
    ["HUBSPOT_REGION", "us1", "one of na1, na2, eu1, ap1"],
    ["HUBSPOT_EMBED", "v4", "one of legacy, current"],
    ["HUBSPOT_API_ORIGIN", "https://api.hsforms.com/submissions", "origin"],
    // The relay would post visitors' requests in clear.
    ["HUBSPOT_API_ORIGIN", "http://api.hsforms.com", "https:// origin (http:// only on 127.0.0.1"],
    ["INVITATION_API", "yes", "on or off"],
    ["RATE_LIMIT_MAX", "0", "at least 1"],
    ["RATE_LIMIT_WINDOW_SECONDS", "ten", "whole number of seconds"],
    ["TRUST_PROXY", "-1", "number of proxies"],
    ["DELIVERY_RETRY_MIN_SECONDS", "soon", "number of seconds"],
    ["DELIVERY_TIMEOUT_SECONDS", "0", "more than 0"],
    ["RELAY_MAX_PER_10_SECONDS", "0", "at least 1"],
    ["API_UPSTREAM", "http://127.0.0.1:4173", "host:port"],
    ["ALLOWED_ORIGINS", "https://staging.example.com/form", "http(s) origins"],
    ["NOTIFY_EMAIL_FROM", "team at example", "email address"],
    ["REQUEST_RETENTION_DAYS", "a year", "whole number of days"],
    ["REQUEST_RETENTION_DAYS", "0", "at least 1"],
    ["REPLY_WITHIN_HOURS", "two days", "whole number of hours"],
    ["REPLY_WITHIN_HOURS", "0", "between 1 and 720 hours"],
    ["REPLY_WITHIN_HOURS", "721", "between 1 and 720 hours"],
    ["REPLY_REMINDERS", "yes", "on or off"],
    // The token exchange would post the client secret in clear.
    ["EDITORS", "ana", "email addresses and @domain entries"],
    ["EDITORS", "ana@network.example, @localhost", "email addresses and @domain entries"],
    // The editor's token would travel in clear.
    ["EDITOR_ORIGIN", "http://edit.network.example.org", "https:// origin (http:// only on loopback"],
    ["EDITOR_ORIGIN", "https://network.example.org/admin", "without a path"],
    // The access token would travel in clear.
    ["GOOGLE_INDEXING_API_ORIGIN", "http://indexing.googleapis.com", "https:// origin (http:// only on 127.0.0.1"],
    ["INDEXNOW_KEY", "short", "8 to 128 characters"],
    ["INDEXNOW_KEY", "a key with spaces", "a letter (a-z, A-Z), a digit or -"],
    ["INDEXNOW_KEY", "x".repeat(129), "8 to 128 characters"],
    ["INDEXNOW_ENDPOINT", "http://api.indexnow.org/indexnow", "https:// URL (http:// only on 127.0.0.1"],
  ])("rejects a malformed %s", (variable, value, reason) => {
    const message = rejection({ [variable]: value });
    expect(message).toContain(`${variable}:`);
    expect(message).toContain(reason);
  });

  it.each([
    ["SMTP_URL", "https://smtp.example.org", "smtp:// or smtps://"],
    ["SMTP_URL", "smtps://ops:s3cr%zzet@smtp.example.org", "bad percent-escape"],
    ["SMTP_URL", "smtps://ops:s3cr#et@smtp.example.org:465", "has a #"],
    ["SMTP_URL", "smtp://ops:s3cr/et@smtp.example.org:587", "not a valid URL"],
    ["NOTIFY_EMAIL_TO", "ops@example.org, nobody", "email addresses"],
    ["NOTIFY_WEBHOOK_URL", "http://hooks.example.org/x", "https://"],
    ["NOTIFY_WEBHOOK_URL", "not a url", "https://"],
    ["NOTIFY_WEBHOOK_URL", "https://bot:s3cr3t-pass@hooks.example.org/x", "must not hold a user name or password"],
    ["NOTIFY_WEBHOOK_SECRET", "short", "at least 16 characters"],
    ["TEAM_LINK_SECRET", "s3cr3t-phrase of the team", "hex or base64"],
    ["TEAM_LINK_SECRET", "s3cr".padEnd(64, "a"), "does not look random"],
    ["TEAM_LINK_SECRET", Buffer.from("s3cr3t, sixteen bytes").toString("base64"), "at least 32 random bytes"],
    ["DATABASE_URL", "mysql://ops:s3cr3t-pass@db/requests", "postgres://"],
    ["DATABASE_URL", "postgres://ops:s3cr#et@db.example.org/network", "has a #"],
    ["DATABASE_URL", "postgres://ops:s3cr%zzet@db.example.org/network", "bad percent-escape"],
    ["DATABASE_URL", "postgres://ops:s3cr3t@db.example.org:port/network", "not a valid URL"],
  ])("rejects a malformed %s, naming it without quoting what may be a secret", (variable, value, reason) => {
    const env: Record<string, string> = {
      SMTP_URL: "smtp://127.0.0.1:2525",
      NOTIFY_EMAIL_TO: "ops@example.org",
      NOTIFY_WEBHOOK_URL: "https://hooks.example.org/x",
      [variable]: value,
    };
    const message = rejection(env);
    expect(message).toContain(`${variable}: `);
    expect(message).toContain(reason);
    if (variable !== "NOTIFY_EMAIL_TO") {
      expect(message).not.toContain(value);
      expect(message).not.toMatch(/s3cr/);
    }
  });

  it.each([
    ["DATABASE_URL", "postgres://ops:s3cr%23et@db-1.example.org,db-2.example.org:5433/network?sslmode=require"],
    ["DATABASE_URL", "postgresql://ops@%2Fvar%2Frun%2Fpostgresql/network"],
    ["SMTP_URL", "smtps://ops%40example.org:s3cr%25et@smtp.example.org"],
  ])("accepts a well-formed %s with escapes and several hosts", (variable, value) => {
    const env = { [variable]: value, ...(variable === "SMTP_URL" ? { NOTIFY_EMAIL_TO: "ops@example.org" } : {}) };
    expect(() => parseConfig(env)).not.toThrow();
  });

  it("gives the editor an origin of its own, on a host of its own: the build has the editor with it", () => {
    const deployment = { ...DEPLOYMENT_SITE_FACTS, SITE_URL: "https://network.example.org" };
    expect(parseConfig(deployment).site.editor).toBeNull();
    for (const sameHost of ["https://network.example.org", "https://network.example.org:8443"]) {
      expect(rejection({ ...deployment, EDITOR_ORIGIN: sameHost })).toContain(
        "EDITOR_ORIGIN: must have a host of its own, not SITE_URL's (network.example.org), such as edit.network.example.org",
      );
    }
    const site = parseConfig({ ...deployment, EDITOR_ORIGIN: "https://edit.network.example.org" }).site;
    expect(site.editorOrigin).toBe("https://edit.network.example.org");
    expect(site.editor).toEqual({ backend: "server" });
    expect(parseConfig({ ...deployment, CMS_LOCAL_BACKEND: "http://127.0.0.1:8081/api/v1" }).site.editor).toMatchObject(
      { backend: "local" },
    );
    // A browser keeps http://localhost and its subdomains on this machine.
    expect(
      parseConfig({ SITE_URL: "http://127.0.0.1:4310", EDITOR_ORIGIN: "http://localhost:4310" }).site.editorOrigin,
    ).toBe("http://localhost:4310");
  });

  it("sends email only with both a mail server and addresses, from CONTACT_EMAIL unless told otherwise", () => {
    expect(rejection({ SMTP_URL: "smtp://127.0.0.1:2525" })).toContain("NOTIFY_EMAIL_TO: must be set when SMTP_URL");
    expect(rejection({ NOTIFY_EMAIL_TO: "ops@example.org" })).toContain("SMTP_URL: must be set when NOTIFY_EMAIL_TO");
    expect(rejection({ NOTIFY_WEBHOOK_SECRET: "a-long-shared-signing-secret" })).toContain(
      "NOTIFY_WEBHOOK_URL: must be set when NOTIFY_WEBHOOK_SECRET",
    );
    const { notifications } = parseConfig({
      CONTACT_EMAIL: "hello@example.org",
      SMTP_URL: "smtp://127.0.0.1:2525",
      NOTIFY_EMAIL_TO: "ops@example.org",
      NOTIFY_WEBHOOK_URL: "http://127.0.0.1:9000/hook",
    }).server;
    expect(notifications).toEqual({
      email: { smtpUrl: "smtp://127.0.0.1:2525", to: ["ops@example.org"], from: "hello@example.org" },
      webhook: { url: "http://127.0.0.1:9000/hook", secret: null },
      // Every requester hears back once the site sends mail, with Reply-To the public address, not the team's inboxes.
      acknowledgements: { fromName: "TA Leadership Network", replyTo: "hello@example.org" },
    });
  });

  it("leaves the requester's acknowledgement to HubSpot's form when the forms are HubSpot's, unless told otherwise", () => {
    const mail = { SMTP_URL: "smtp://127.0.0.1:2525", NOTIFY_EMAIL_TO: "ops@example.org" };
    const hubspot = {
      HUBSPOT_PORTAL_ID: "1234567",
      HUBSPOT_FORM_ID_CANDIDATE: FORM_A,
      HUBSPOT_FORM_ID_EMPLOYER: FORM_B,
    };
    const acknowledgements = (env: Record<string, string>) => parseConfig(env).server.notifications.acknowledgements;
    expect(acknowledgements({ ...mail, ...hubspot })).toBeNull();
    expect(acknowledgements({ ...mail, ...hubspot, ACKNOWLEDGEMENT_SENDER: "site" })).not.toBeNull();
    expect(acknowledgements({ ...hubspot, ACKNOWLEDGEMENT_SENDER: "hubspot" })).toBeNull();
    expect(rejection({ ...mail, ACKNOWLEDGEMENT_SENDER: "hubspot" })).toContain(
      "ACKNOWLEDGEMENT_SENDER: can be hubspot only with HUBSPOT_PORTAL_ID",
    );
    expect(rejection({ ACKNOWLEDGEMENT_SENDER: "site" })).toContain(
      "SMTP_URL: must be set when ACKNOWLEDGEMENT_SENDER is site",
    );
    expect(rejection({ ...mail, ACKNOWLEDGEMENT_SENDER: "team" })).toContain("ACKNOWLEDGEMENT_SENDER: must be one of");
  });

  it("sends nginx's /api/ to the Node server on PORT unless told otherwise", () => {
    expect(parseConfig({ PORT: "8080" }).server.apiUpstream).toBe("127.0.0.1:8080");
  });

  it("still reads the delivery settings under their old names (RELAY_*), names them as set, and lets a new name win", () => {
    const timings = (env: Record<string, string>) => parseConfig(env).server.delivery;
    expect(
      timings({
        RELAY_RETRY_MIN_SECONDS: "0.5",
        RELAY_RETRY_MAX_SECONDS: "30",
        RELAY_TIMEOUT_SECONDS: "5",
        RELAY_LEASE_SECONDS: "20",
      }),
    ).toEqual({ retryMinMs: 500, retryMaxMs: 30_000, timeoutMs: 5000, leaseMs: 20_000 });
    expect(timings({ RELAY_TIMEOUT_SECONDS: "5", DELIVERY_TIMEOUT_SECONDS: "3" }).timeoutMs).toBe(3000);
    expect(rejection({ RELAY_TIMEOUT_SECONDS: "soon" })).toContain(
      "RELAY_TIMEOUT_SECONDS: must be a number of seconds",
    );
  });

  it("rejects relay timings that would retry backwards or let a claim expire mid-send", () => {
    expect(rejection({ DELIVERY_RETRY_MIN_SECONDS: "60", DELIVERY_RETRY_MAX_SECONDS: "30" })).toContain(
      "DELIVERY_RETRY_MAX_SECONDS: must not be less than DELIVERY_RETRY_MIN_SECONDS",
    );
    expect(rejection({ DELIVERY_TIMEOUT_SECONDS: "10", DELIVERY_LEASE_SECONDS: "20" })).toContain(
      "DELIVERY_LEASE_SECONDS: must be more than twice DELIVERY_TIMEOUT_SECONDS",
    );
  });

  it("rejects HubSpot ids that are not ids", () => {
    const message = rejection({
      HUBSPOT_PORTAL_ID: "portal-1",
      HUBSPOT_FORM_ID_CANDIDATE: "candidate-form",
      HUBSPOT_FORM_ID_EMPLOYER: FORM_B,
    });
    expect(message).toContain("HUBSPOT_PORTAL_ID: must be a numeric HubSpot portal id");
    expect(message).toContain("HUBSPOT_FORM_ID_CANDIDATE: must be a HubSpot form id");
    expect(message).not.toContain("HUBSPOT_FORM_ID_EMPLOYER");
  });

  it("rejects a partial HubSpot configuration, naming what is missing", () => {
    const message = rejection({ HUBSPOT_PORTAL_ID: "1234567", HUBSPOT_FORM_ID_CANDIDATE: FORM_A });
    expect(message).toContain("HUBSPOT_FORM_ID_EMPLOYER: must be set when");
    expect(message).not.toContain("HUBSPOT_PORTAL_ID:");
  });

  it("rejects a HubSpot portal id without its form ids, naming each missing one", () => {
    const message = rejection({ HUBSPOT_PORTAL_ID: "1234567" });
    expect(message).toContain("Invalid configuration");
    expect(message).toContain("HUBSPOT_FORM_ID_CANDIDATE: must be set when HUBSPOT_PORTAL_ID is set");
    expect(message).toContain("HUBSPOT_FORM_ID_EMPLOYER: must be set when HUBSPOT_PORTAL_ID is set");
  });

  it("refuses a deployment with neither HubSpot nor the request API", () => {
    expect(rejection({ INVITATION_API: "off" })).toContain("INVITATION_API: off needs the HubSpot ids");
  });

  it("refuses a public SITE_URL with the example site facts, naming each one still at its example", () => {
    const message = rejection({ SITE_URL: "https://tanetwork.org", SUPPORTER_NAME: "Northwind Talent Systems" });
    for (const variable of ["CONTACT_EMAIL", "PRIVACY_POLICY_URL", "SUPPORTER_URL"]) {
      expect(message).toContain(`${variable}: must be this deployment's own value: SITE_URL (tanetwork.org) is public`);
    }
    expect(message).not.toContain("SUPPORTER_NAME");
    // Set to the example on purpose is refused the same way, and the value is quoted.
    expect(
      rejection({
        SITE_URL: "https://tanetwork.org",
        ...DEPLOYMENT_SITE_FACTS,
        CONTACT_EMAIL: EXAMPLE_SITE_FACTS.CONTACT_EMAIL,
      }),
    ).toMatch(/^ {2}CONTACT_EMAIL: .*\(got "invitations@example.com"\)$/m);
  });

  it.each(["http://localhost:4173", "http://127.0.0.1:8080", "http://[::1]:4173", "http://site.localhost:4321"])(
    "keeps the example site facts on a loopback SITE_URL (%s): the README's path needs no setup",
    (siteUrl) => {
      expect(parseConfig({ SITE_URL: siteUrl }).site.contactEmail).toBe(EXAMPLE_SITE_FACTS.CONTACT_EMAIL);
    },
  );

  it("accepts a public SITE_URL with the deployment's own site facts", () => {
    const { site } = parseConfig({ SITE_URL: "https://tanetwork.org", ...DEPLOYMENT_SITE_FACTS });
    expect(site).toMatchObject({
      contactEmail: DEPLOYMENT_SITE_FACTS.CONTACT_EMAIL,
      privacyPolicyUrl: DEPLOYMENT_SITE_FACTS.PRIVACY_POLICY_URL,
      supporter: { name: DEPLOYMENT_SITE_FACTS.SUPPORTER_NAME, url: DEPLOYMENT_SITE_FACTS.SUPPORTER_URL },
    });
  });

  it("reports every bad variable at once", () => {
    const message = rejection({ SITE_URL: "nope", CONTACT_EMAIL: "nope" });
    expect(message).toMatch(/SITE_URL[\s\S]*CONTACT_EMAIL/);
  });
});
