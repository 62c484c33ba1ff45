/**
 * The server, the build and the team's commands run on Node.js 24 LTS
 * (docs/decisions/0012-node-runtime-from-the-registry.md). npm scripts get it from
 * node_modules/.bin/node, which `npm install` brings; a command started some other way
 * on an older Node stops here, saying how to run it, rather than failing later (a
 * native module built for Node 24 crashes an older one).
 */
export const REQUIRED_NODE_MAJOR = 24;

/** The message for a Node older than REQUIRED_NODE_MAJOR, or null when this one will do. */
export function unsupportedNodeMessage(version: string, execPath: string): string | null {
  const major = Number(version.replace(/^v/, "").split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return (
    `This is Node.js ${version} (${execPath}); the site needs Node.js ${REQUIRED_NODE_MAJOR} LTS. ` +
    `In a development checkout, run it through npm (npm start, npm run ...): npm install brings ` +
    `Node.js ${REQUIRED_NODE_MAJOR} into node_modules/.bin. On a server, install Node.js ${REQUIRED_NODE_MAJOR} ` +
    `(docs/deployment/node-server.md).`
  );
}

const message = unsupportedNodeMessage(process.version, process.execPath);
if (message) {
  console.error(message);
  process.exit(1);
}
