import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileError, readJsonFile } from './json-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'ccalc-json-'));
const file = (name: string, content: string | Buffer): string => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};

/** The error readJsonFile throws for `path`. */
async function failure(path: string): Promise<FileError> {
  const error = await readJsonFile(path, 'a scenario file').then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileError);
  return error as FileError;
}

describe('readJsonFile', () => {
  it('reads JSON, skipping a UTF-8 byte-order mark', async () => {
    expect(await readJsonFile(file('bom.json', '\ufeff{"name": "x"}'), 'a scenario file')).toEqual({ name: 'x' });
  });

  it('says in words what is wrong with the path', async () => {
    expect((await failure(join(dir, 'missing.json'))).message).toBe(`${join(dir, 'missing.json')}: no such file; expected a scenario file`);
    expect((await failure(dir)).message).toBe(`${dir}: a folder, not a file; expected a scenario file`);
    expect((await failure(join(file('plain', 'x'), 'a.json'))).message).toMatch(/: no such file \(a part of the path is not a folder\)/);
  });

  it('names line and column of broken JSON', async () => {
    expect((await failure(file('comma.json', '{\n  "a": 1,\n}'))).message).toBe(`${join(dir, 'comma.json')}:3:1: not valid JSON (expected double-quoted property name); expected a scenario file`);
    expect((await failure(file('short.json', '{ "link": '))).message).toBe(`${join(dir, 'short.json')}:1:11: not valid JSON (it ends before the JSON is complete); expected a scenario file`);
    expect((await failure(file('word.json', 'hello'))).message).toBe(`${join(dir, 'word.json')}: not valid JSON (unexpected 'h'); expected a scenario file`);
  });

  it('never echoes binary data', async () => {
    const error = await failure(file('garbage.json', Buffer.from([0x7b, 0x0a, 0x00, 0x01, 0xff, 0xfe, 0x1b, 0x5b, 0x32, 0x4a])));
    expect(error.message).toBe(`${join(dir, 'garbage.json')}:2:1: not a text file (binary data); expected a scenario file in JSON`);
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\ufffd]/);
  });
});
