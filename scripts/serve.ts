// Minimal static server for the built site; extended by the production-serving work.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import sirv from "sirv";

const args = process.argv.slice(2);
const portArg = args.indexOf("--port");
const port = portArg >= 0 ? Number(args[portArg + 1]) : Number(process.env.PORT ?? 4173);
const dirArg = args.indexOf("--dir");
const root = resolve(dirArg >= 0 ? args[dirArg + 1]! : "build/client");
const notFoundHtml = readFileSync(resolve(root, "404.html"));
const assets = sirv(root, { dev: false, etag: true, extensions: ["html"] });

createServer((req, res) => {
  assets(req, res, () => {
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(notFoundHtml);
  });
}).listen(port, "127.0.0.1", () => console.log(`Serving http://127.0.0.1:${port}/`));
