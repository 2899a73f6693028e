// The hostile-input table (see harness.ts), through the built CLI (`pnpm build` first): files a run reads.
import { describeCases } from './harness.js';
import { REF_CASES } from './refCases.js';

describeCases('hostile input: files a run reads', REF_CASES);
