#!/usr/bin/env node
// The `reslayer` command: runs the built CLI (packages/cli/dist). Build it with `pnpm build`.
import '../dist/index.js';
