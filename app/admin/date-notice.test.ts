// @vitest-environment node
import { describe, expect, it } from "vitest";
import { dateNotice } from "./date-notice";

describe("beside a role's days, what the live site will do (app/admin/date-notice.ts)", () => {
  const today = "2026-12-08";

  it("says a role posted for tomorrow shows from that day, and nowhere before", () => {
    expect(dateNotice("roles", "datePosted", "2026-12-09", today)).toEqual({
      tone: "note",
      text: "A day ahead: the live site shows this role from December 9, 2026 (00:00 UTC), and nowhere before. This preview of the site shows it from that day too.",
    });
  });

  it("warns that a last day in the past means the role is closed", () => {
    expect(dateNotice("roles", "validThrough", "2026-12-07", today)?.tone).toBe("warning");
    expect(dateNotice("roles", "validThrough", "2026-12-07", today)?.text).toMatch(
      /^This day has passed: the role is closed\./,
    );
  });

  it("says nothing of today, of a day as meant, or of another file's days", () => {
    expect(dateNotice("roles", "datePosted", today, today)).toBeNull();
    expect(dateNotice("roles", "validThrough", today, today)).toBeNull();
    expect(dateNotice("roles", "datePosted", "2026-12-01", today)).toBeNull();
    expect(dateNotice("pages", "lastUpdated", "2026-12-01", today)).toBeNull();
    expect(dateNotice("roles", "validThrough", "", today)).toBeNull();
  });
});
