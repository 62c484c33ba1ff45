/**
 * One complete request of each mode, as a visitor fills the form: the fields the schema's,
 * the island's and the API's tests send (sampleRequest in store-contract.ts is the stored row).
 */
export const CANDIDATE_FIELDS = {
  firstname: "Ada",
  lastname: "Lovelace",
  email: "ada@example.com",
  jobtitle: "VP Talent Acquisition",
  company: "Analytical Engines",
};

export const EMPLOYER_FIELDS = { ...CANDIDATE_FIELDS, role_to_fill: "Head of Talent" };
