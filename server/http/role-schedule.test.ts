// @vitest-environment node
import { describe, expect, it } from "vitest";
import { RoleSchedule } from "./role-schedule";

const role = (slug: string, closesAt: number, opensAt = 0) => ({
  slug,
  title: slug,
  opensAt,
  closesAt,
  lastModified: "2026-11-20",
  version: "v1",
  summary: slug,
});

describe("RoleSchedule", () => {
  it("closes each role once its closing time has passed, and counts a new version only when the set changes", () => {
    let now = 1000;
    const schedule = new RoleSchedule({ roles: [role("a", 2000), role("b", 3000), role("old", 500)] }, () => now);
    const first = schedule.now();
    expect([...first.open].sort()).toEqual(["a", "b"]);
    expect([first.isOpen("a"), first.isOpen("b"), first.isOpen("old"), first.isOpen("nope")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([first.isClosed("old"), first.isClosed("nope")]).toEqual([true, false]);
    expect(first.anyOpen).toBe(true);

    // Open up to and including its closing millisecond (the end of its validThrough day).
    now = 2000;
    expect(schedule.now()).toBe(first);
    now = 2001;
    const second = schedule.now();
    expect(second.isClosed("a")).toBe(true);
    expect(second.version).toBe(first.version + 1);
    now = 2500;
    expect(schedule.now()).toBe(second);

    now = 3001;
    const last = schedule.now();
    expect([...last.open]).toEqual([]);
    expect(last.anyOpen).toBe(false);
    expect(last.version).toBe(second.version + 1);
    now = 10_000_000;
    expect(schedule.now().version).toBe(last.version);
  });

  it("opens a role posted ahead at its opening millisecond, under a new version: before it, it is neither open nor closed", () => {
    let now = 1000;
    const schedule = new RoleSchedule({ roles: [role("now", 9000), role("ahead", 9000, 2000)] }, () => now);
    const before = schedule.now();
    expect([before.isOpen("ahead"), before.isUpcoming("ahead"), before.isClosed("ahead")]).toEqual([
      false,
      true,
      false,
    ]);
    now = 1999;
    expect(schedule.now()).toBe(before);
    now = 2000;
    const opened = schedule.now();
    expect([opened.isOpen("ahead"), opened.isUpcoming("ahead")]).toEqual([true, false]);
    expect(opened.version).toBe(before.version + 1);
    expect([...opened.open].sort()).toEqual(["ahead", "now"]);
  });

  it("follows a clock set back: a role closed by mistake opens again, under a new version", () => {
    let now = 2500;
    const schedule = new RoleSchedule({ roles: [role("a", 2000)] }, () => now);
    const closed = schedule.now();
    expect(closed.isClosed("a")).toBe(true);
    now = 1500;
    const reopened = schedule.now();
    expect(reopened.isOpen("a")).toBe(true);
    expect(reopened.version).not.toBe(closed.version);
  });

  it("has nothing to close in a build without roles", () => {
    const state = new RoleSchedule({ roles: [] }).now();
    expect(state.open.size).toBe(0);
    expect(state.anyOpen).toBe(false);
    expect(state.isClosed("anything")).toBe(false);
  });
});
