import { expect } from '@jest/globals';
import { GeneratorError } from '../src/diagnostics/GeneratorError.js';

/**
 * The GeneratorError a function throws; fails the test when it throws something else or nothing.
 * @param fn the code under test
 */
export function thrown(fn: () => unknown): GeneratorError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GeneratorError);
    return error as GeneratorError;
  }
  throw new Error('did not throw');
}
