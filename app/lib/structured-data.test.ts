import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config.ts";
import type { Role } from "#shared/roles/schema.ts";
import { roleDescriptionHtml } from "#app/features/roles/role-description.ts";
import { jobPostingSchema, organizationSchema, serviceSchema } from "./structured-data";

const deployment = {
  SITE_URL: "https://network.example.org",
  SITE_NAME: "Talent Leaders Circle",
  CONTACT_EMAIL: "hello@network.example.org",
  SUPPORTER_NAME: "Parent Recruiting Tech",
  SUPPORTER_URL: "https://parent.example.com",
  PRIVACY_POLICY_URL: "https://network.example.org/privacy",
};
const config = parseSiteConfig(deployment);

describe("organizationSchema", () => {
  const profiles = ["https://www.linkedin.com/company/ta-leadership-network", "https://x.com/taleadersnet"];

  it("describes the network, its parent and how to reach it; sameAs is the network's own profiles, never the supporter", () => {
    expect(
      organizationSchema(
        { description: "A network." },
        parseSiteConfig({ ...deployment, NETWORK_PROFILE_URLS: profiles.join(", ") }),
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://network.example.org/#organization",
      name: "The Talent Leaders Circle",
      description: "A network.",
      url: "https://network.example.org/",
      logo: "https://network.example.org/brand/logo-512.png",
      foundingDate: "2024",
      parentOrganization: {
        "@type": "Organization",
        name: "Parent Recruiting Tech",
        url: "https://parent.example.com",
      },
      contactPoint: { "@type": "ContactPoint", contactType: "general inquiry", email: "hello@network.example.org" },
      sameAs: profiles,
    });
  });

  it("has no sameAs without NETWORK_PROFILE_URLS", () => {
    expect(organizationSchema({ description: "A network." }, config)).not.toHaveProperty("sameAs");
  });
});

describe("jobPostingSchema", () => {
  const role: Role = {
    slug: "head-of-global-talent",
    title: "Head of Global Talent",
    employer: "Northwind Logistics",
    location: "Chicago, IL, United States",
    employmentType: "FULL_TIME",
    datePosted: "2026-11-01",
    validThrough: "2026-12-31",
    salary: { min: 260000, max: 320000, currency: "USD" },
    qualifications: ["Fifteen years in TA", "Led leaders"],
    responsibilities: ["Lead the function"],
    body: "Northwind is hiring.",
  };

  it("names the employer, the place with its country code, the pay as given, and closes at the end of its last day", () => {
    expect(jobPostingSchema(role, roleDescriptionHtml("<p>Northwind is hiring.</p>"), config)).toEqual({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: "Head of Global Talent",
      description: "<p>Northwind is hiring.</p>",
      url: "https://network.example.org/roles/head-of-global-talent",
      datePosted: "2026-11-01",
      validThrough: "2026-12-31T23:59:59Z",
      employmentType: "FULL_TIME",
      hiringOrganization: { "@type": "Organization", name: "Northwind Logistics" },
      identifier: { "@type": "PropertyValue", name: "The Talent Leaders Circle", value: "head-of-global-talent" },
      directApply: false,
      jobLocation: {
        "@type": "Place",
        address: {
          "@type": "PostalAddress",
          addressLocality: "Chicago",
          addressRegion: "IL",
          addressCountry: "US",
        },
      },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "USD",
        value: { "@type": "QuantitativeValue", minValue: 260000, maxValue: 320000, unitText: "YEAR" },
      },
      qualifications: "Fifteen years in TA\nLed leaders",
      responsibilities: "Lead the function",
    });
  });

  it("says confidential where the employer is not named, never the network; a remote role is TELECOMMUTE in its country", () => {
    for (const employer of [undefined, "Confidential", "confidential"]) {
      const remote = jobPostingSchema(
        { ...role, employer, location: "Remote, United States", salary: undefined },
        roleDescriptionHtml("<p>x</p>"),
        config,
      );
      expect(remote.hiringOrganization).toEqual({ "@type": "Organization", name: "confidential" });
      expect(remote).toMatchObject({
        jobLocationType: "TELECOMMUTE",
        applicantLocationRequirements: { "@type": "Country", name: "United States" },
      });
      expect(remote).not.toHaveProperty("jobLocation");
      expect(remote).not.toHaveProperty("baseSalary");
    }
  });
});

describe("serviceSchema", () => {
  it("is a free Service in the United States, provided by the home page's Organization by its @id", () => {
    const service = serviceSchema(
      { name: "Executive TA search", serviceType: "Executive search and talent acquisition", description: "Free." },
      config,
    );
    expect(service).toMatchObject({
      "@type": "Service",
      serviceType: "Executive search and talent acquisition",
      provider: { "@id": "https://network.example.org/#organization" },
      areaServed: { "@type": "Country", name: "United States" },
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    });
    expect(organizationSchema({ description: "A network." }, config)).toHaveProperty(
      "@id",
      "https://network.example.org/#organization",
    );
  });
});
