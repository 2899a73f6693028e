import type { FileStamp } from './cacheRecord.js';

/** True for a string (a type guard for values read from a record's JSON). */
export const isString = (v: unknown): v is string => typeof v === 'string';
/** True for a number (a type guard for values read from a record's JSON). */
export const isNumber = (v: unknown): v is number => typeof v === 'number';

/** Length of a sha256 in hex. */
const SHA256_HEX = 64;

/**
 * A record's file stamps as stored: for the i-th file of the record, `numbers[4i…4i+3]` are its size,
 * modification time, change time and inode, and `sha256s[64i…64i+63]` its sha256 (hex).
 */
export class PackedStamps {
  private constructor(
    private readonly files: readonly string[],
    private readonly numbers: readonly number[],
    private readonly sha256s: string,
  ) {}

  /**
   * The stamps of a record's files as stored, checked.
   * @param files the record's files
   * @param numbers the stored numbers (four per file)
   * @param sha256s the stored hashes (64 hex digits per file)
   * @returns undefined when their lengths or types do not fit `files`
   */
  static read(files: readonly string[], numbers: unknown, sha256s: unknown): PackedStamps | undefined {
    if (!Array.isArray(numbers) || numbers.length !== 4 * files.length || !numbers.every(isNumber)) return undefined;
    if (!isString(sha256s) || sha256s.length !== SHA256_HEX * files.length) return undefined;
    return new PackedStamps(files, numbers, sha256s);
  }

  /**
   * The packed form of stamps, for `writeRecord` (cacheRecord.ts).
   * @param files the record's files, in order
   * @param stamps the stamp of each (a file without one yields undefined: nothing can be written for it)
   */
  static pack(files: readonly string[], stamps: ReadonlyMap<string, FileStamp>): { stamps: number[]; sha256s: string } | undefined {
    const numbers: number[] = [];
    const hashes: string[] = [];
    for (const f of files) {
      const s = stamps.get(f);
      if (!s || s.sha256.length !== SHA256_HEX) return undefined;
      numbers.push(s.size, s.mtimeMs, s.ctimeMs, s.ino);
      hashes.push(s.sha256);
    }
    return { stamps: numbers, sha256s: hashes.join('') };
  }

  /**
   * The stamp of the i-th file of the record.
   * @param i index into the record's files
   */
  at(i: number): FileStamp {
    const n = this.numbers;
    const k = 4 * i;
    return { size: n[k] as number, mtimeMs: n[k + 1] as number, ctimeMs: n[k + 2] as number, ino: n[k + 3] as number, sha256: this.sha256s.slice(SHA256_HEX * i, SHA256_HEX * (i + 1)) };
  }

  /** Every stamp by file. */
  map(): Map<string, FileStamp> {
    const map = new Map<string, FileStamp>();
    for (let i = 0; i < this.files.length; i++) map.set(this.files[i] as string, this.at(i));
    return map;
  }
}
