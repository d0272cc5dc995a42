#!/usr/bin/env node
/** The bin: `check-backend <url> --channel <id>` (engine/checker/runCli.ts does the work). */
import { runCli } from './runCli';

void runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
