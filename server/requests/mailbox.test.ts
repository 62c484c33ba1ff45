// @vitest-environment node
import { describe, expect, it } from "vitest";
import { mailboxKey } from "./mailbox";

describe("the mailbox an address reaches", () => {
  it("is one for every spelling of one inbox: case, spaces, a +tag, and Gmail's dots and second domain", () => {
    const gmail = [
      "name@gmail.com",
      " Name@Gmail.com",
      "name+1@gmail.com",
      "n.ame@gmail.com",
      "n.a.m.e+x@googlemail.com",
    ];
    expect(new Set(gmail.map(mailboxKey))).toEqual(new Set(["name@gmail.com"]));
    expect(mailboxKey("Ada+jobs@Example.com")).toBe("ada@example.com");
  });

  it("keeps apart what other providers deliver apart: dots elsewhere, other people's tags", () => {
    expect(mailboxKey("a.b@example.com")).not.toBe(mailboxKey("ab@example.com"));
    expect(mailboxKey("ada@example.com")).not.toBe(mailboxKey("ada@example.org"));
    // A local part that is only a tag is an address of its own.
    expect(mailboxKey("+team@example.com")).toBe("+team@example.com");
  });
});
