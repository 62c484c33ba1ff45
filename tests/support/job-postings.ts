/**
 * A page's JobPosting records as Google for Jobs reads them: extracted from the HTML and checked
 * by Adobe's validator of Google's rich-result rules (offline: without schema.org's vocabulary,
 * which tsc checks through schema-dts), plus the value rules it leaves out (Google's job-posting
 * guidelines): the employment type, pay, dates, places, and a confidential employer never the network.
 */
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";

/** Warnings the validator gives every correct record of one kind (an on-site role has no remote fields). */
const EXPECTED_WARNINGS = [
  /Missing field "applicantLocationRequirements"/,
  /Missing field "jobLocationType"/,
  /Missing field "baseSalary"/,
];
const EMPLOYMENT_TYPES = new Set([
  "FULL_TIME",
  "PART_TIME",
  "CONTRACTOR",
  "TEMPORARY",
  "INTERN",
  "VOLUNTEER",
  "PER_DIEM",
  "OTHER",
]);

export interface JobPostingReport {
  postings: Record<string, unknown>[];
  problems: string[];
}

export async function checkJobPostings(
  html: string,
  { now = Date.now(), networkName = "" } = {},
): Promise<JobPostingReport> {
  const extracted = new WebAutoExtractor({ addLocation: true }).parse(html);
  const postings = extracted.jsonld.JobPosting ?? [];
  const issues = await new Validator().validate(extracted);
  const problems = issues
    .filter(
      (issue) => issue.severity === "ERROR" || !EXPECTED_WARNINGS.some((expected) => expected.test(issue.issueMessage)),
    )
    .map((issue) => `${issue.severity} ${issue.rootType}: ${issue.issueMessage}`);
  for (const posting of postings) problems.push(...valueProblems(posting as PostingJson, now, networkName));
  return { postings, problems };
}

/** A JobPosting as the extractor gives it: JSON, any field possibly absent or of another type. */
interface PostingJson {
  title?: unknown;
  employmentType?: unknown;
  directApply?: unknown;
  datePosted?: unknown;
  validThrough?: unknown;
  identifier?: { "@type"?: unknown };
  hiringOrganization?: { name?: unknown };
  jobLocationType?: unknown;
  applicantLocationRequirements?: unknown;
  jobLocation?: { address?: { addressCountry?: unknown } };
  baseSalary?: {
    "@type"?: unknown;
    currency?: unknown;
    value?: { "@type"?: unknown; unitText?: unknown; minValue?: unknown; maxValue?: unknown };
  };
  description?: unknown;
}

function valueProblems(posting: PostingJson, now: number, networkName: string): string[] {
  const problems: string[] = [];
  const problem = (text: string) => problems.push(`JobPosting "${String(posting.title)}": ${text}`);
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  if (!EMPLOYMENT_TYPES.has(text(posting.employmentType))) {
    problem(`employmentType ${text(posting.employmentType)} is not Google's`);
  }
  if (typeof posting.directApply !== "boolean") problem("directApply is not a boolean");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text(posting.datePosted)))
    problem(`datePosted ${text(posting.datePosted)} is not a date`);
  const validThrough = text(posting.validThrough);
  if (!/T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(validThrough)) problem("validThrough has no time and zone");
  else if (Date.parse(validThrough) < now) problem("validThrough is past: a closed role is still marked up");
  if (posting.identifier?.["@type"] !== "PropertyValue") problem("identifier is not a PropertyValue");
  const employer = posting.hiringOrganization?.name;
  if (typeof employer !== "string" || employer.length === 0) problem("hiringOrganization has no name");
  if (networkName && employer === networkName) problem("the network is named as the employer of a client's role");
  if (posting.jobLocationType === "TELECOMMUTE" && !posting.applicantLocationRequirements) {
    problem("a remote role without applicantLocationRequirements");
  }
  const country = text(posting.jobLocation?.address?.addressCountry);
  if (posting.jobLocation && !/^[A-Z]{2}$/.test(country)) problem(`addressCountry ${country} is not ISO 3166 alpha-2`);
  if (posting.baseSalary) {
    const value = posting.baseSalary.value ?? {};
    if (posting.baseSalary["@type"] !== "MonetaryAmount" || !/^[A-Z]{3}$/.test(text(posting.baseSalary.currency))) {
      problem("baseSalary is not a MonetaryAmount in a currency");
    }
    if (
      value["@type"] !== "QuantitativeValue" ||
      !["HOUR", "DAY", "WEEK", "MONTH", "YEAR"].includes(text(value.unitText))
    ) {
      problem("baseSalary's value is not a QuantitativeValue per HOUR, DAY, WEEK, MONTH or YEAR");
    }
    if (!(Number(value.minValue) <= Number(value.maxValue))) problem("baseSalary's minimum is above its maximum");
  }
  if (typeof posting.description !== "string" || posting.description.length < 80) problem("description too short");
  return problems;
}
