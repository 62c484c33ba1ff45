import { describe, expect, it } from "vitest";
import { parseSiteConfig } from "#shared/site-config";
import { jobPostingSchema, organizationSchema, professionalServiceSchema } from "./structured-data";

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
  it("is a full-time remote role in the United States", () => {
    const job = jobPostingSchema(
      {
        title: "Vice President, Talent Acquisition",
        description: "Lead global TA.",
        datePosted: "2026-01-15",
        qualifications: "10+ years leading enterprise TA.",
        responsibilities: "Own the hiring strategy.",
      },
      config,
    );
    expect(job).toMatchObject({
      "@type": "JobPosting",
      title: "Vice President, Talent Acquisition",
      employmentType: "FULL_TIME",
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: { "@type": "Country", name: "United States" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressCountry: "US" } },
      hiringOrganization: { "@type": "Organization", name: "The Talent Leaders Circle" },
      qualifications: "10+ years leading enterprise TA.",
      responsibilities: "Own the hiring strategy.",
    });
  });
});

describe("professionalServiceSchema", () => {
  it("offers executive search and talent acquisition in the United States, free", () => {
    expect(professionalServiceSchema("Executive TA search.", config)).toMatchObject({
      "@type": "ProfessionalService",
      name: "The Talent Leaders Circle",
      areaServed: { "@type": "Country", name: "United States" },
      makesOffer: {
        "@type": "Offer",
        price: "0",
        itemOffered: {
          "@type": "Service",
          serviceType: "Executive search and talent acquisition",
          areaServed: { "@type": "Country", name: "United States" },
        },
      },
    });
  });
});
