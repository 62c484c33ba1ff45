// The two packages that check pages as Google's rich results read them ship no types: what the tests use of them.
declare module "@marbec/web-auto-extractor" {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean });
    parse(html: string): { jsonld: Record<string, Record<string, unknown>[]> } & Record<string, unknown>;
  }
}

declare module "@adobe/structured-data-validator" {
  export interface ValidationIssue {
    rootType: string;
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    fieldNames?: string[];
  }
  export default class Validator {
    constructor(schemaOrgVocabulary?: unknown);
    validate(extracted: unknown): Promise<ValidationIssue[]>;
  }
}
