/**
 * A deployment's own site facts, for tests that build or start with a public SITE_URL:
 * the example defaults are refused there (docs/configuration.md).
 */
export const DEPLOYMENT_SITE_FACTS = {
  CONTACT_EMAIL: "invitations@network.example",
  PRIVACY_POLICY_URL: "https://network.example/privacy",
  SUPPORTER_NAME: "Northwind Talent Systems",
  SUPPORTER_URL: "https://northwind.example",
} as const;
