/**
 * `node --import tsx tests/support/serveBuild.ts <folder>`: the Node host as `npm start` runs it
 * (server/node.ts, PORT picks the port), serving the widget built into <folder> instead of dist/ —
 * a second build served beside the default one (the Preact build of e2e-preact and the bench).
 */
import { resolve } from 'node:path';
import { startServer } from '../../server/node.ts';

const [folder] = process.argv.slice(2);
if (!folder) throw new Error('usage: node --import tsx tests/support/serveBuild.ts <build folder>');
await startServer({ port: Number(process.env.PORT) || 0, distDir: resolve(folder) });
