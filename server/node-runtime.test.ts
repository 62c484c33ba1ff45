import { describe, expect, it } from "vitest";
import { unsupportedNodeMessage } from "./node-runtime";

describe("the Node.js the server runs on", () => {
  it("accepts Node 24 and newer", () => {
    expect(unsupportedNodeMessage("v24.21.0", "/x/node")).toBeNull();
    expect(unsupportedNodeMessage("v26.1.0", "/x/node")).toBeNull();
  });

  it("refuses an older Node, naming it and saying how to run the site", () => {
    const message = unsupportedNodeMessage("v20.20.2", "/usr/bin/node");
    expect(message).toContain("Node.js v20.20.2 (/usr/bin/node)");
    expect(message).toContain("needs Node.js 24 LTS");
    expect(message).toContain("npm start");
  });
});
