// @vitest-environment node
import nodemailer from "nodemailer";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { SafeError } from "../safe-errors";
import {
  createEmailSender,
  RecipientDeferredError,
  recipientRefusal,
  RecipientRefusedError,
  smtpOptions,
} from "./email";

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

describe("a recipient the mail server refuses at RCPT TO", () => {
  it.each([
    "550 5.1.1 No such mailbox",
    "550-5.1.1 The email account does not exist",
    "553 5.1.2 Bad domain",
    "550 5.1.10 Null MX",
    // Postfix's answers to `a..b@example.com` and `x@intranet`: no 5.1.x, still the address.
    "501 5.1.3 Bad recipient address syntax",
    "504 5.5.2 <x@intranet>: Recipient address rejected: need fully-qualified address",
    "501 Syntax error in parameters",
    "550 No such user here",
  ])("is refused for good on any 5xx about the address: %s", (reply) => {
    expect(recipientRefusal(reply)).toBe("refused");
  });

  it.each(["450 4.1.1 Try again later", "451 Greylisted", "452 4.2.2 Mailbox full", "554 5.7.1 Relay access denied"])(
    "is deferred on a 4xx, or a 5.7.x policy that may be the mail server's set-up: %s",
    (reply) => {
      expect(recipientRefusal(reply)).toBe("deferred");
    },
  );

  it("is no answer about the recipient when the mail server is closing (421)", () => {
    expect(recipientRefusal("421 4.3.2 Service shutting down")).toBeNull();
  });

  it.each([
    ["550 5.1.1 No such mailbox", 550, RecipientRefusedError, "SMTP 550 5.1.1"],
    ["504 5.5.2 <x@intranet>: need fully-qualified address", 504, RecipientRefusedError, "SMTP 504 5.5.2"],
    ["501 <a..b@example.com>: bad address", 501, RecipientRefusedError, "SMTP 501"],
    ["554 5.7.1 Relay access denied", 554, RecipientDeferredError, "SMTP 554 5.7.1"],
    ["450 4.2.1 <x@example.com>: try later", 450, RecipientDeferredError, "SMTP 450 4.2.1"],
  ] as const)(
    "is told apart by the sender, in words without the address: %s",
    async (reply, responseCode, kind, said) => {
      const server = await startServer({
        disabledCommands: ["STARTTLS"],
        onRcptTo(_address, _session, callback) {
          callback(Object.assign(new Error(reply.slice(4)), { responseCode }));
        },
      });
      const sender = createEmailSender(
        { ...TEAM, to: ["x@intranet"], smtpUrl: `smtp://127.0.0.1:${server.port}` },
        2000,
      );
      try {
        const error = await sender.send(CONTENT).then(
          () => null,
          (rejected: unknown) => rejected as Error,
        );
        expect(error).toBeInstanceOf(kind);
        expect(error!.message).toBe(
          `the mail server ${kind === RecipientRefusedError ? "refused" : "deferred"} the recipient (${said})`,
        );
      } finally {
        sender.close();
      }
      expect(server.accepted).toEqual([]);
    },
  );
});
