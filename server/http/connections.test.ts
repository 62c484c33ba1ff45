// @vitest-environment node
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { Connections } from "./connections";

/** A connection and an answer as Node's events show them. */
const socket = () => new EventEmitter() as Socket;
function answer() {
  const headers = new Map<string, string>();
  return Object.assign(new EventEmitter(), {
    headersSent: false,
    headers,
    setHeader: (name: string, value: string) => void headers.set(name, value),
  }) as unknown as ServerResponse & { headersSent: boolean; headers: Map<string, string> };
}

describe("Connections", () => {
  it("knows a connection idle from its opening, busy while an answer is in flight, idle again from its close", () => {
    let now = 0;
    const connections = new Connections(() => now);
    const kept = socket();
    connections.opened(kept);
    now = 100;
    expect(connections.idleFor(100)).toEqual([kept]);
    const first = answer();
    connections.answering(kept, first);
    now = 10_000;
    expect(connections.idleFor(0)).toEqual([]);
    first.emit("close");
    now = 10_050;
    expect(connections.idleFor(100)).toEqual([]);
    now = 10_100;
    expect(connections.idleFor(100)).toEqual([kept]);
  });

  it("says an answer has begun once its status line is written, and not after it closed", () => {
    const connections = new Connections();
    const kept = socket();
    connections.opened(kept);
    const pending = answer();
    connections.answering(kept, pending);
    expect(connections.answerBegun(kept)).toBe(false);
    pending.headersSent = true;
    expect(connections.answerBegun(kept)).toBe(true);
    pending.emit("close");
    expect(connections.answerBegun(kept)).toBe(false);
  });

  it("sends Connection: close on the answers in flight whose headers are not sent yet", () => {
    const connections = new Connections();
    const [one, other] = [socket(), socket()];
    connections.opened(one);
    connections.opened(other);
    const [waiting, streaming] = [answer(), answer()];
    streaming.headersSent = true;
    connections.answering(one, waiting);
    connections.answering(other, streaming);
    connections.closeAfterTheirAnswers();
    expect(waiting.headers.get("Connection")).toBe("close");
    expect(streaming.headers.size).toBe(0);
  });

  it("forgets a connection once it closes", () => {
    const connections = new Connections();
    const kept = socket();
    connections.opened(kept);
    expect(connections.size).toBe(1);
    kept.emit("close");
    expect(connections.size).toBe(0);
    expect(connections.idleFor(0)).toEqual([]);
  });
});
