import { contentDispositionFileName } from './disposition.js';

describe('contentDispositionFileName (RFC 6266, RFC 8187)', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ['inline;filename="quoted \\"name\\".txt"', 'quoted "name".txt'],
    ["attachment; filename=\"fallback.txt\"; filename*=UTF-8''na%C3%AFve%20file.txt", 'naïve file.txt'],
    ["attachment; filename*=iso-8859-1'en'%A3%20rates.txt", '£ rates.txt'],
    ["attachment; filename*=UTF-8''bad%E0%A4%A; filename=\"ok.txt\"", 'ok.txt'],
    ['attachment; FILENAME="Upper.txt"', 'Upper.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\x.txt"', 'x.txt'],
  ])('%s → %s', (header, name) => {
    expect(contentDispositionFileName(header)).toBe(name);
  });

  it.each([[null], [undefined], ['attachment'], ['attachment; filename=""'], ['attachment; filename=".."']])('%s names no file', (header) => {
    expect(contentDispositionFileName(header)).toBeUndefined();
  });
});
