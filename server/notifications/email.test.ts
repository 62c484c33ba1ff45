// @vitest-environment node
import nodemailer from "nodemailer";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { SafeError } from "../safe-errors";
import { createEmailSender, isBadAddressReply, RecipientRefusedError, smtpOptions } from "./email";

const CONTENT = { subject: "New invitation request", text: "Hello\n", html: "<p>Hello</p>\n" };
const TEAM = { to: ["team@network.example"], from: "site@network.example" };

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((done) => server.close(() => done()))));
});

/** An SMTP server on loopback that counts the messages it accepted. */
async function startServer(options: SMTPServerOptions) {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of 127.0.0.1: these tests touch no network but loopback.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        accepted.push("message");
        callback();
      });
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((listening, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => listening());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, accepted };
}

describe("the SMTP transport's options", () => {
  it("requires STARTTLS to a mail server on another machine", () => {
    expect(smtpOptions("smtp://user:p%40ss@smtp.example.com", 10_000)).toMatchObject({
      host: "smtp.example.com",
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: "user", pass: "p@ss" },
    });
    expect(smtpOptions("smtp://10.0.0.5:25", 10_000)).toMatchObject({ requireTLS: true });
    // A name under .localhost is resolved by DNS, which may send it off this machine.
    expect(smtpOptions("smtp://mail.localhost:25", 10_000)).toMatchObject({ requireTLS: true });
  });

  it.each(["smtp://127.0.0.1:2525", "smtp://localhost", "smtp://[::1]:25"])(
    "takes STARTTLS only when offered on loopback (%s)",
    (url) => {
      expect(smtpOptions(url, 10_000).requireTLS).toBe(false);
    },
  );

  it("speaks TLS from the first byte with smtps://", () => {
    expect(smtpOptions("smtps://smtp.example.com", 10_000)).toMatchObject({ secure: true, port: 465 });
    expect(smtpOptions("smtp://[::1]:25", 10_000).host).toBe("::1");
  });
});

describe("the team's email sender", () => {
  it("sends nothing to a server that offers no STARTTLS when TLS is required", async () => {
    // A man in the middle strips STARTTLS from the server's answer and refuses the command.
    const server = await startServer({ hideSTARTTLS: true, disabledCommands: ["STARTTLS"] });
    const remote = nodemailer.createTransport({
      ...smtpOptions(`smtp://smtp.example.com:${server.port}`, 2000),
      host: "127.0.0.1",
    });
    try {
      await expect(remote.sendMail({ ...TEAM, ...CONTENT })).rejects.toMatchObject({ code: "ETLS" });
    } finally {
      remote.close();
    }
    expect(server.accepted).toEqual([]);

    // The same server, as a mail server on this machine, takes the message in plaintext.
    const local = createEmailSender({ ...TEAM, smtpUrl: `smtp://127.0.0.1:${server.port}` }, 2000);
    try {
      await local.send(CONTENT);
    } finally {
      local.close();
    }
    expect(server.accepted).toEqual(["message"]);
  });

  it("gives up at once when its deadline passes while the mail server stalls, and sends the next one", async () => {
    const cutOff = new AbortController();
    let stalled = false;
    const server = await startServer({
      disabledCommands: ["STARTTLS"],
      // The first message is read and never answered (a mail server stuck mid-message).
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => {
          if (stalled) {
            server.accepted.push("message");
            callback();
            return;
          }
          stalled = true;
          cutOff.abort();
        });
      },
    });
    const sender = createEmailSender({ ...TEAM, smtpUrl: `smtp://127.0.0.1:${server.port}` }, 10_000);
    try {
      const sending = sender.send(CONTENT, cutOff.signal);
      // Measured from the abort: the socket timeout (10 s) is far away.
      await new Promise<void>((aborted) => cutOff.signal.addEventListener("abort", () => aborted()));
      const abortedAt = Date.now();
      const error = await sending.then(
        () => null,
        (rejected: unknown) => rejected,
      );
      expect(Date.now() - abortedAt).toBeLessThan(1000);
      expect(error).toBeInstanceOf(SafeError);
      expect((error as Error).message).toBe("the send was cut off at its deadline");

      await sender.send(CONTENT, AbortSignal.timeout(5000));
      expect(server.accepted).toEqual(["message"]);
    } finally {
      sender.close();
    }
  });

  it("sends nothing when its deadline has already passed", async () => {
    const server = await startServer({ disabledCommands: ["STARTTLS"] });
    const sender = createEmailSender({ ...TEAM, smtpUrl: `smtp://127.0.0.1:${server.port}` }, 2000);
    try {
      await expect(sender.send(CONTENT, AbortSignal.abort())).rejects.toBeInstanceOf(SafeError);
    } finally {
      sender.close();
    }
    expect(server.accepted).toEqual([]);
  });
});

describe("a recipient refused for good", () => {
  it.each([
    "550 5.1.1 No such mailbox",
    "550-5.1.1 The email account does not exist",
    "553 5.1.2 Bad domain",
    "550 5.1.10 Null MX",
  ])("is a bad address when the enhanced status is 5.1.x: %s", (reply) => {
    expect(isBadAddressReply(reply)).toBe(true);
  });

  it.each([
    "554 5.7.1 Relay access denied",
    "550 5.7.1 Client host rejected",
    "550 No such user here",
    "450 4.1.1 Try again later",
    "550 5.11.1 Unknown",
    "550 5.1.1000 Unknown",
  ])("is not a bad address otherwise: %s", (reply) => {
    expect(isBadAddressReply(reply)).toBe(false);
  });

  it.each([
    ["550 5.1.1 No such mailbox", 550, true],
    ["554 5.7.1 Relay access denied", 554, false],
  ] as const)("is told apart by the sender at RCPT TO: %s", async (reply, responseCode, badAddress) => {
    const server = await startServer({
      disabledCommands: ["STARTTLS"],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error(reply.slice(4)), { responseCode }));
      },
    });
    const sender = createEmailSender({ ...TEAM, smtpUrl: `smtp://127.0.0.1:${server.port}` }, 2000);
    try {
      const error = await sender.send(CONTENT).then(
        () => null,
        (rejected: unknown) => rejected,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error instanceof RecipientRefusedError).toBe(badAddress);
    } finally {
      sender.close();
    }
    expect(server.accepted).toEqual([]);
  });
});
