import type { JobPosting, Organization, Service, WithContext } from "schema-dts";
import { namedEmployer, type Role } from "#shared/roles/schema.ts";
import { parseLocation } from "#shared/roles/location.ts";
import { rolePath } from "#shared/roles/page.ts";
import { validThroughTime } from "#shared/roles/timetable.ts";
import { ROUTES } from "#shared/routes.ts";
import type { SiteConfig } from "#shared/site-config.ts";
import { site } from "#app/config/site.ts";
import type { RoleDescriptionHtml } from "#app/features/roles/role-description.ts";
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
    "@id": organizationId(config),
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

/** The Organization record's `@id`: other records (the Service on How We Help) point to it rather than repeat it. */
export function organizationId(config: SiteConfig = site): string {
  return `${absoluteUrl("/", config.siteUrl)}#organization`;
}

export interface ServiceFacts {
  name: string;
  serviceType: string;
  description: string;
}

/**
 * What the network offers, on How We Help: a Service provided by the network's Organization
 * (by its `@id`), in the United States, at no cost. Not ProfessionalService: schema.org
 * deprecated it for businesses without premises (it is a LocalBusiness).
 */
export function serviceSchema(facts: ServiceFacts, config: SiteConfig = site): WithContext<Service> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: facts.name,
    serviceType: facts.serviceType,
    description: facts.description,
    url: absoluteUrl(ROUTES.howWeHelp.path, config.siteUrl),
    provider: { "@id": organizationId(config) },
    areaServed: { "@type": "Country", name: "United States" },
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
  };
}

/**
 * A role's JobPosting, as Google's job-posting guidelines ask for it, with only what its page
 * shows: the employer, or `confidential` where the role does not name one (never the network
 * itself: it does not employ the hire); a fully remote role as TELECOMMUTE open to its country;
 * the base pay as the employer gave it. `directApply` is false: a request for a role is the
 * start of a confidential conversation with the team, not an application to the employer.
 */
export function jobPostingSchema(
  role: Role,
  /** The description as the role's page has it (app/features/roles/role-description.ts): Markdown's elements, only the links a role may carry. */
  descriptionHtml: RoleDescriptionHtml,
  config: SiteConfig = site,
): WithContext<JobPosting> {
  const parsed = parseLocation(role.location);
  if ("problem" in parsed) throw new Error(`content/roles/${role.slug}.md: ${parsed.problem}`);
  const where = parsed.location;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: role.title,
    description: descriptionHtml,
    url: absoluteUrl(rolePath(role.slug), config.siteUrl),
    datePosted: role.datePosted,
    validThrough: validThroughTime(role.validThrough),
    employmentType: role.employmentType,
    hiringOrganization: { "@type": "Organization", name: namedEmployer(role) ?? "confidential" },
    identifier: { "@type": "PropertyValue", name: `The ${config.siteName}`, value: role.slug },
    directApply: false,
    ...(where.kind === "remote"
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: where.country.name },
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: where.locality,
              addressRegion: where.region,
              addressCountry: where.country.code,
            },
          },
        }),
    ...(role.salary
      ? {
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: role.salary.currency,
            value: {
              "@type": "QuantitativeValue",
              minValue: role.salary.min,
              maxValue: role.salary.max,
              unitText: "YEAR",
            },
          },
        }
      : {}),
    qualifications: role.qualifications.join("\n"),
    responsibilities: role.responsibilities.join("\n"),
  };
}
