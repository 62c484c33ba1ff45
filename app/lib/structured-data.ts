import type { JobPosting, Organization, ProfessionalService, WithContext } from "schema-dts";
import type { SiteConfig } from "#shared/site-config";
import { site } from "~/config/site";
import { absoluteUrl } from "./seo";

export const FOUNDING_YEAR = "2024";
export const LOGO_PATH = "/brand/logo-512.png";

export interface OrganizationFacts {
  description: string;
}

/**
 * The Organization record the home page declares (docs/product.md#structured-data). The
 * supporter is its parentOrganization only: in sameAs it would say the two are one
 * organization. sameAs lists the network's own profiles (NETWORK_PROFILE_URLS), when set.
 */
export function organizationSchema(facts: OrganizationFacts, config: SiteConfig = site): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: `The ${config.siteName}`,
    description: facts.description,
    url: absoluteUrl("/", config.siteUrl),
    logo: absoluteUrl(LOGO_PATH, config.siteUrl),
    foundingDate: FOUNDING_YEAR,
    parentOrganization: { "@type": "Organization", name: config.supporter.name, url: config.supporter.url },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "general inquiry",
      email: config.contactEmail,
    },
    ...(config.networkProfiles.length > 0 ? { sameAs: [...config.networkProfiles] } : {}),
  };
}

export interface JobFacts {
  title: string;
  description: string;
  datePosted: string;
  qualifications: string;
  responsibilities: string;
}

/** A remote, full-time, US executive TA role (docs/product.md#structured-data). */
export function jobPostingSchema(job: JobFacts, config: SiteConfig = site): WithContext<JobPosting> {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: job.description,
    datePosted: job.datePosted,
    hiringOrganization: { "@type": "Organization", name: `The ${config.siteName}`, sameAs: config.siteUrl },
    employmentType: "FULL_TIME",
    jobLocationType: "TELECOMMUTE",
    applicantLocationRequirements: { "@type": "Country", name: "United States" },
    jobLocation: {
      "@type": "Place",
      address: { "@type": "PostalAddress", addressCountry: "US" },
    },
    qualifications: job.qualifications,
    responsibilities: job.responsibilities,
  };
}

/** The network's service to employers (docs/product.md#structured-data). */
export function professionalServiceSchema(
  description: string,
  config: SiteConfig = site,
): WithContext<ProfessionalService> {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: `The ${config.siteName}`,
    description,
    url: absoluteUrl("/", config.siteUrl),
    areaServed: { "@type": "Country", name: "United States" },
    email: config.contactEmail,
    makesOffer: {
      "@type": "Offer",
      price: "0",
      priceCurrency: "USD",
      itemOffered: {
        "@type": "Service",
        serviceType: "Executive search and talent acquisition",
        areaServed: { "@type": "Country", name: "United States" },
      },
    },
    parentOrganization: { "@type": "Organization", name: config.supporter.name, url: config.supporter.url },
  };
}
