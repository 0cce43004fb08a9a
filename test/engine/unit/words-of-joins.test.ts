/**
 * A word that names nothing of its own but is a word of the table or key a reading joins through
 * ("plugins compatible with an editor" over plugin_compatible_editor, "staff in charge of no
 * project" through project.staff_in_charge_id) is read by that join; a word no join names is still
 * left over. On a software-catalogue schema the engine was not tuned on.
 */
import { expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS, readQuestion } from '../../../src/engine/readings/read-question.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { bestReadingModel } from '../summarise.ts';

const now = new Date('2025-05-10T12:00:00Z');
const software = catalog(
  entity({ name: 'editor', rows: 20, columns: [['id', 'integer'], ['title', 'text']] }),
  entity({ name: 'plugin', rows: 300, columns: [['id', 'integer'], ['title', 'text']] }),
  entity({ name: 'plugin_compatible_editor', rows: 900, references: { plugin_id: 'plugin', editor_id: 'editor' }, columns: [['plugin_id', 'integer'], ['editor_id', 'integer']] }),
  entity({ name: 'staff', rows: 40, columns: [['id', 'integer'], ['full_name', 'text']] }),
  entity({ name: 'project', rows: 60, references: { staff_in_charge_id: 'staff' }, columns: [['id', 'integer'], ['title', 'text'], ['staff_in_charge_id', 'integer']] }),
);
const best = (question: string) => readQuestion(question, software, [], bestReadingModel(), { ...DEFAULT_READ_OPTIONS, now }).candidates[0];
const unusedTexts = (question: string) => {
  const { candidates, tokens } = readQuestion(question, software, [], bestReadingModel(), { ...DEFAULT_READ_OPTIONS, now });
  return candidates[0]?.unusedWords.map((index) => tokens[index].text);
};

it('reads a word of the bridge table the reading joins through', () => {
  const candidate = best('How many plugins are compatible with each editor?');
  expect(candidate?.planned.query.root).toBe('plugin_compatible_editor');
  expect(unusedTexts('How many plugins are compatible with each editor?')).toEqual([]);
});

it('reads a word of the key an anti-join compares', () => {
  const candidate = best('Which staff are not in charge of any project?');
  expect(candidate?.planned.query.related).toEqual([expect.objectContaining({ exists: false, root: 'project' })]);
  expect(unusedTexts('Which staff are not in charge of any project?')).toEqual([]);
});

it('leaves over a word no join of the reading names', () => {
  expect(unusedTexts('How many plugins are certified with each editor?')).toContain('certified');
});
