#!/usr/bin/env node
// The ccalc command: runs the package's built JavaScript (dist/, `npm run build`).
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
