// The hostile-input table (see harness.ts), through the built CLI (`pnpm build` first): what a contract file holds.
import { describeCases } from './harness.js';
import { PARSE_CASES } from './parseCases.js';

describeCases('hostile input: contract contents', PARSE_CASES);
