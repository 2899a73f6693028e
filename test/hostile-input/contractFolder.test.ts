// The hostile-input table (see harness.ts), through the built CLI (`pnpm build` first): a contract beside secrets,
// merge keys, a `$ref` fan-out and runtime names.
import { describeCases } from './harness.js';
import { CONTRACT_FOLDER_CASES } from './contractFolderCases.js';

describeCases('hostile input: the contract\'s own folder, merge keys, fan-out, names', CONTRACT_FOLDER_CASES);
