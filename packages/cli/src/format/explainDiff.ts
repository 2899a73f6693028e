import { DIFF_CODES, type DiffCode, type DiffCodeInfo } from '@reslayer/diff/codes';

/** The section `reslayer explain` lists the contract change codes of `reslayer diff` under. */
export const DIFF_SECTION = 'Contract changes (reslayer diff)';

/**
 * The level rule of a contract change code in words.
 * @param info the code's entry of `DIFF_CODES`
 * @returns e.g. `always breaking`, `depends on the change (api-smart-diff's classification), at least possibly breaking`
 */
export function diffLevelText(info: DiffCodeInfo): string {
  if (info.level !== 'depends') return `always ${info.level.replace('-', ' ')}`;
  return `depends on the change (api-smart-diff's classification)${info.atLeast ? `, at least ${info.atLeast.replace('-', ' ')}` : ''}`;
}

const FIX: Record<DiffCodeInfo['level'], string> = {
  breaking:
    'Update the code that uses the generated symbols `reslayer diff` lists under the change (its "affects" line), or keep the contract compatible: add rather than change or remove, and deprecate first.',
  'possibly-breaking': 'Check the generated symbols `reslayer diff` lists under the change; `--fail-on possibly-breaking` makes CI stop on such changes.',
  'non-breaking': 'Nothing to change in the callers: run `reslayer generate` to pick it up.',
  depends:
    'The level `reslayer diff` prints with the change says which case it is: when breaking, update the code that uses the generated symbols it lists, or keep the contract compatible.',
};

/**
 * What `reslayer explain` prints for a contract change code, in the shape of a diagnostic's explanation.
 * @param code a key of `DIFF_CODES`
 */
export function diffExplanation(code: DiffCode): { summary: string; section: string; severity: string; what: string; why: string; fix: string; examples: string[] } {
  const info: DiffCodeInfo = DIFF_CODES[code];
  return { summary: `${info.title}.`, section: DIFF_SECTION, severity: diffLevelText(info), what: `${info.title} between the two contracts \`reslayer diff\` compares.`, why: info.why, fix: FIX[info.level], examples: [] };
}
