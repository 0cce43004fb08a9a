import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.ts';

/**
 * Imports point downward: a module imports only from its own layer or the layers below it, and
 * connector kinds never import each other (they share only src/connectors/sql and the interface).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['core'],
  ['config'],
  ['query'],
  ['connectors'],
  ['store', 'samples'],
  ['engine', 'render'],
  ['services'],
  ['runs'],
  ['querent.ts'],
  ['http', 'mcp'],
  ['cli'],
  ['main.ts'],
];
const CONNECTOR_KINDS = ['postgres', 'mysql', 'odoo'];

const SRC = path.join(ROOT, 'src');
const layerOf = (file: string): number => {
  const top = path.relative(SRC, file).split(path.sep)[0]!;
  const index = LAYERS.findIndex((layer) => layer.includes(top));
  if (index < 0) throw new Error(`${file} is in no layer`);
  return index;
};
const kindOf = (file: string): string | undefined => {
  const [top, kind] = path.relative(SRC, file).split(path.sep);
  return top === 'connectors' && CONNECTOR_KINDS.includes(kind!) ? kind : undefined;
};

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('layers', () => {
  const imports = sourceFiles(SRC).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map(([, target]) => ({
      file, target: path.resolve(path.dirname(file), target!),
    })));

  it('finds the imports', () => {
    expect(imports.length).toBeGreaterThan(200);
  });

  it('never imports upward', () => {
    const upward = imports.filter(({ file, target }) => layerOf(target) > layerOf(file))
      .map(({ file, target }) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
    expect(upward).toEqual([]);
  });

  it('keeps connector kinds apart', () => {
    const across = imports.filter(({ file, target }) => kindOf(file) && kindOf(target) && kindOf(file) !== kindOf(target))
      .map(({ file, target }) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
    expect(across).toEqual([]);
  });
});
