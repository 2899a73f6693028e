// Moved to test/utils/typecheck.ts (the one type-check harness); kept so the current imports still resolve.
export { CLIENT_HOOKS_INCLUDE, FULL_INCLUDE, typecheck, type TypecheckResult } from '../utils/typecheck.js';
