// The hostile-input table (see harness.ts), through the built CLI (`pnpm build` first): output roots, config fields and plugin paths.
import { describeCases } from './harness.js';
import { CONFIG_CASES } from './configCases.js';

describeCases('hostile input: config and output root', CONFIG_CASES);
