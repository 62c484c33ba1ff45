// @vitest-environment node
import { describe, expect, it } from "vitest";
import { REQUEST_FIELDS } from "#shared/invitation/request-schema.ts";
import { CSV_COLUMNS, CSV_FIELD_COLUMNS, csvCell, exportCsv, exportJson } from "./export";
import type { StoredInvitationRequest } from "./store";

function stored(overrides: Partial<StoredInvitationRequest> = {}): StoredInvitationRequest {
  return {
    id: "7d3c1c8e-2f7a-4f51-9a0e-3c1d2b4a5e6f",
    receivedAt: Date.UTC(2026, 2, 14, 15, 9, 26, 535),
    mode: "candidate",
    fields: { firstname: "Ada", lastname: "Lovelace", email: "ada@example.com" },
    context: { pageUri: "https://network.example/request-invitation", pageName: "Request", hutk: "abc" },
    relay: "sent",
    relayAttempts: 1,
    relayError: null,
    sentAt: Date.UTC(2026, 2, 14, 15, 9, 27),
    noticeVersion: "2026-11-25",
    held: null,
    source: null,
    consent: null,
    role: null,
    acknowledgedAt: null,
    replyBy: null,
    answer: null,
    answeredAt: null,
    remindedAt: null,
    ...overrides,
  };
}

/** A minimal RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted && character === '"' && text[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (character === '"') {
      quoted = !quoted;
    } else if (!quoted && character === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && character === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index += 1;
    } else {
      cell += character;
    }
  }
  return rows;
}

describe("exportJson", () => {
  it("lists id, receivedAt, mode, fields and relay state for each request, and nothing the relay keeps", () => {
    const failed = stored({ id: "b", relay: "failed", relayError: "HubSpot answered 400: Invalid email" });
    const parsed = JSON.parse(exportJson([stored(), failed]));
    expect(parsed).toEqual([
      {
        id: "7d3c1c8e-2f7a-4f51-9a0e-3c1d2b4a5e6f",
        receivedAt: "2026-03-14T15:09:26.535Z",
        mode: "candidate",
        fields: { firstname: "Ada", lastname: "Lovelace", email: "ada@example.com" },
        relay: "sent",
        relayError: null,
        held: null,
        previousRequests: 0,
        source: null,
        consent: null,
        role: null,
        replyBy: null,
        answer: null,
        answeredAt: null,
      },
      expect.objectContaining({ id: "b", relay: "failed", relayError: "HubSpot answered 400: Invalid email" }),
    ]);
  });

  it("marks a request whose address sent before, whatever its case, without merging it", () => {
    const requests = [
      stored({ id: "1", fields: { email: "Ada@Example.com" } }),
      stored({ id: "2", fields: { email: "grace@example.com" } }),
      stored({ id: "3", fields: { email: "ada@example.com" } }),
      stored({ id: "4", fields: { email: " ADA@example.com" } }),
    ];
    const parsed = JSON.parse(exportJson(requests)) as { id: string; previousRequests: number }[];
    expect(parsed.map(({ id, previousRequests }) => [id, previousRequests])).toEqual([
      ["1", 0],
      ["2", 0],
      ["3", 1],
      ["4", 2],
    ]);
    const rows = parseCsv(exportCsv(requests).slice(1)).slice(1);
    expect(rows.map((row) => row[CSV_COLUMNS.indexOf("previousRequests")])).toEqual(["0", "0", "1", "2"]);
  });

  it("is an empty array when nothing is stored", () => {
    expect(JSON.parse(exportJson([]))).toEqual([]);
  });
});

describe("exportCsv", () => {
  it("has a header row and one column per field of either form, each once", () => {
    const [header] = parseCsv(exportCsv([]).slice(1));
    expect(header).toEqual([...CSV_COLUMNS]);
    const allFields = new Set([...REQUEST_FIELDS.candidate, ...REQUEST_FIELDS.employer].map((rule) => rule.name));
    expect(new Set(CSV_FIELD_COLUMNS)).toEqual(allFields);
    expect(CSV_FIELD_COLUMNS).toHaveLength(allFields.size);
  });

  it("starts with a byte-order mark and ends lines with CRLF, so spreadsheets read UTF-8", () => {
    const csv = exportCsv([stored({ fields: { firstname: "Zoë", lastname: "Nguyễn" } })]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(3);
    const [, row] = parseCsv(csv.slice(1));
    expect(row?.[CSV_COLUMNS.indexOf("firstname")]).toBe("Zoë");
  });

  it("keeps commas, quotes and line breaks inside their cell", () => {
    const message = 'Hello, "team"\nSecond line';
    const [, row] = parseCsv(exportCsv([stored({ fields: { message } })]).slice(1));
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(row?.[CSV_COLUMNS.indexOf("message")]).toBe(message);
  });

  it.each(['=HYPERLINK("http://evil.example","x")', "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "  =1+1"])(
    "neutralises a cell a spreadsheet would run as a formula: %j",
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
      const [, row] = parseCsv(exportCsv([stored({ fields: { company: value } })]).slice(1));
      expect(row?.[CSV_COLUMNS.indexOf("company")]).toBe(`'${value}`);
    },
  );

  it("leaves ordinary text as it is", () => {
    for (const value of ["Acme", "a=b", "name@example.com", "2026-03-14T15:09:26.535Z", ""]) {
      expect(csvCell(value)).toBe(`"${value}"`);
    }
  });

  it("gives where a request came from every source key in JSON, null where unknown, and a neutralised column each in CSV", () => {
    const source = { landingPage: "/mission?utm_source=linkedin", utm_source: "=linkedin" };
    const [exported] = JSON.parse(exportJson([stored({ source })]));
    expect(exported.source).toEqual({
      landingPage: "/mission?utm_source=linkedin",
      referrer: null,
      utm_source: "=linkedin",
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    });
    const [, row] = parseCsv(exportCsv([stored({ source })]).slice(1));
    expect(row?.[CSV_COLUMNS.indexOf("landingPage")]).toBe("/mission?utm_source=linkedin");
    expect(row?.[CSV_COLUMNS.indexOf("utm_source")]).toBe("'=linkedin");
    expect(row?.[CSV_COLUMNS.indexOf("referrer")]).toBe("");
  });

  it("gives the consent's basis, its text and whether updates were accepted", () => {
    const consent = {
      basis: "consent" as const,
      text: "I agree.",
      consentToProcess: true as const,
      communications: [{ value: false, subscriptionTypeId: 42, text: "Updates?" }],
    };
    expect(JSON.parse(exportJson([stored({ consent })]))[0].consent).toEqual(consent);
    const [, row] = parseCsv(exportCsv([stored({ consent })]).slice(1));
    expect(
      ["consent", "consentText", "communicationsConsent"].map((column) => row?.[CSV_COLUMNS.indexOf(column as never)]),
    ).toEqual(["consent", "I agree.", "no"]);
  });

  it("gives the role a request is about, its slug and title in JSON and in their columns", () => {
    const role = { slug: "svp-talent-acquisition", title: "SVP, Talent Acquisition" };
    expect(JSON.parse(exportJson([stored({ role }), stored()])).map((row: { role: unknown }) => row.role)).toEqual([
      role,
      null,
    ]);
    const columns = ["roleTitle", "roleSlug"].map((name) => CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number]));
    const [, withRole, without] = parseCsv(exportCsv([stored({ role }), stored()]).slice(1));
    expect(columns.map((column) => withRole?.[column])).toEqual([role.title, role.slug]);
    expect(columns.map((column) => without?.[column])).toEqual(["", ""]);
  });

  it("gives each request's reply-by time, and the team's answer and when it came, in JSON and in the last three columns", () => {
    const replyBy = Date.UTC(2026, 2, 16, 15, 9, 26, 535);
    const answered = stored({ replyBy, answer: "decline", answeredAt: replyBy - 3_600_000 });
    const [json] = JSON.parse(exportJson([answered])) as Record<string, unknown>[];
    expect(json).toMatchObject({
      replyBy: "2026-03-16T15:09:26.535Z",
      answer: "decline",
      answeredAt: "2026-03-16T14:09:26.535Z",
    });
    expect(CSV_COLUMNS.slice(-3)).toEqual(["replyBy", "answer", "answeredAt"]);
    const [, row, unanswered] = parseCsv(exportCsv([answered, stored({ replyBy })]).slice(1));
    expect(row?.slice(-3)).toEqual(["2026-03-16T15:09:26.535Z", "decline", "2026-03-16T14:09:26.535Z"]);
    expect(unanswered?.slice(-3)).toEqual(["2026-03-16T15:09:26.535Z", "", ""]);
  });

  it("puts the relay state and HubSpot's reason in their columns", () => {
    const [, row] = parseCsv(exportCsv([stored({ relay: "failed", relayError: "HubSpot answered 400" })]).slice(1));
    expect(row?.[CSV_COLUMNS.indexOf("relay")]).toBe("failed");
    expect(row?.[CSV_COLUMNS.indexOf("relayError")]).toBe("HubSpot answered 400");
    expect(row?.[CSV_COLUMNS.indexOf("receivedAt")]).toBe("2026-03-14T15:09:26.535Z");
  });
});
