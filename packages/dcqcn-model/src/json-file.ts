import { readFile } from 'node:fs/promises';

/** A file that cannot be read as what it should be: `file[:line:column]: what is wrong`, in words. */
export class FileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly column: number | null,
    readonly detail: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}${column === null ? '' : `:${column}`}: ${detail}`);
    this.name = 'FileError';
  }
}

/**
 * Reads and parses a JSON file (`what` says what it should be, e.g. "a scenario file"), with every
 * failure as a FileError in words that names the file: no such file, a folder, not readable, not
 * text, or where the JSON breaks (line and column where the parser says; never the file's bytes,
 * so binary garbage is not echoed). A UTF-8 byte-order mark is skipped, as the CSV readers skip one.
 * @example await readJsonFile('scenarios/ns3-31-dcqcn.json', 'a scenario file')
 */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new FileError(file, null, null, `${readFailure((e as NodeJS.ErrnoException).code)}; expected ${what}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const binary = text.search(/[\u0000-\u0008\u000e-\u001f\ufffd]/);
  if (binary >= 0) {
    const { line, column } = lineAndColumn(text, binary);
    throw new FileError(file, line, column, `not a text file (binary data); expected ${what} in JSON`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    const { line, column, detail } = jsonFailure(text, (e as Error).message);
    throw new FileError(file, line, column, `not valid JSON (${detail}); expected ${what}`);
  }
}

/** An fs error's code in words ("no such file", "a folder, not a file", …), for any file reader. */
export function readFailure(code: string | undefined): string {
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'a folder, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'not readable (permission denied)';
    case 'ENOTDIR':
      return 'no such file (a part of the path is not a folder)';
    default:
      return `cannot be read (${code ?? 'unknown error'})`;
  }
}

/** Where JSON.parse failed and why, from its message, without quoting the text it quotes. */
function jsonFailure(text: string, message: string): { line: number | null; column: number | null; detail: string } {
  const at = /^(.*) in JSON at position (\d+)/s.exec(message);
  if (at !== null) return { ...lineAndColumn(text, Number(at[2])), detail: at[1].toLowerCase() };
  if (/^Unexpected end of JSON input/.test(message)) return { ...lineAndColumn(text, text.length), detail: 'it ends before the JSON is complete' };
  const token = /^Unexpected token '(.)'/su.exec(message);
  if (token !== null) {
    const c = token[1];
    const shown = /^[\x21-\x7e]$/.test(c) ? `'${c}'` : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return { line: null, column: null, detail: `unexpected ${shown}` };
  }
  return { line: null, column: null, detail: message.split('\n')[0].replace(/, ".*$/s, '') };
}

/** 1-based line and column of offset k in text. */
function lineAndColumn(text: string, k: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < k; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: k - start + 1 };
}
