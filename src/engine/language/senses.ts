/**
 * Graded WordNet relatedness between a question's word and a set of known words (a schema's):
 * the same synset (a synonym), a derivation (ship ↔ shipment), one step up or down the hypernym
 * tree (singer is a kind of musician). Each link carries its relation and the sense ranks on both
 * sides, so that a scorer can weigh a first-sense synonym far above a third-sense hypernym.
 */
import { wordNet, type Synset, type WordNetPos } from './wordnet.ts';

export type SenseRelation = 'synonym' | 'derived' | 'hypernym' | 'hyponym';

export interface SenseLink {
  /** The known word reached. */
  readonly word: string;
  readonly relation: SenseRelation;
  /** Sense rank of the question's word (0 = most frequent). */
  readonly questionRank: number;
  /** Sense rank of the known word. */
  readonly knownRank: number;
  /** 0–1: relation strength times how common both senses are. */
  readonly score: number;
}

/** Senses looked at, per word and part of speech: rarer ones mislead more than they help. */
const MAX_SENSES = 3;
const POSES: readonly WordNetPos[] = ['n', 'v', 'a'];
const RELATION_SCORE: Record<SenseRelation, number> = { synonym: 0.85, derived: 0.7, hypernym: 0.55, hyponym: 0.5 };
/**
 * Relatedness below which a relative is no link: a hypernym or a derivation through a second sense
 * on both sides, or a synonym through third senses ("orders" → state, by order as a condition),
 * names something else more often than what was meant. Chosen on the fit split.
 */
export const MIN_RELATED_SCORE = 0.4;

interface Entry {
  readonly word: string;
  readonly rank: number;
  readonly via: 'self' | 'derived' | 'hypernym';
}

/** Synsets of a set of known words, for looking question words up against them. */
export class SenseIndex {
  private readonly bySynset = new Map<string, Entry[]>();

  constructor(words: Iterable<string>) {
    const net = wordNet();
    for (const word of new Set(words)) {
      if (word.length < 3 || /[0-9]/.test(word)) continue;
      for (const pos of POSES) {
        net.senses(word, pos).slice(0, MAX_SENSES).forEach((synset, rank) => {
          this.add(synset.key, { word, rank, via: 'self' });
          for (const pointer of synset.pointers) {
            if (pointer.symbol === '+') this.add(`${pointer.pos}:${pointer.offset}`, { word, rank, via: 'derived' });
            if (pointer.symbol === '@' || pointer.symbol === '@i') this.add(`${pointer.pos}:${pointer.offset}`, { word, rank, via: 'hypernym' });
          }
        });
      }
    }
  }

  private add(key: string, entry: Entry): void {
    const list = this.bySynset.get(key) ?? [];
    if (!list.some((other) => other.word === entry.word && other.via === entry.via && other.rank <= entry.rank)) list.push(entry);
    this.bySynset.set(key, list);
  }

  /** Known words related to `lemma` (never `lemma` itself), strongest first. */
  /** `poses`: the parts of speech the word is read as (a verb's noun senses are another word: "work" is not a product). */
  related(lemma: string, poses: readonly WordNetPos[] = POSES): SenseLink[] {
    const best = new Map<string, SenseLink>();
    const consider = (link: SenseLink): void => {
      if (link.word === lemma) return;
      if (link.score < MIN_RELATED_SCORE) return;
      const current = best.get(link.word);
      if (!current || current.score < link.score) best.set(link.word, link);
    };
    const net = wordNet();
    for (const pos of poses) {
      net.senses(lemma, pos).slice(0, MAX_SENSES).forEach((synset, questionRank) => {
        for (const entry of this.bySynset.get(synset.key) ?? []) {
          // The known word's synset is this one (synonym), derives from it, or is one step below it.
          const relation: SenseRelation = entry.via === 'self' ? 'synonym' : entry.via === 'derived' ? 'derived' : 'hyponym';
          consider(linkOf(entry.word, relation, questionRank, entry.rank));
        }
        for (const hypernym of hypernymKeys(synset)) {
          for (const entry of this.bySynset.get(hypernym) ?? []) {
            if (entry.via === 'self') consider(linkOf(entry.word, 'hypernym', questionRank, entry.rank));
          }
        }
      });
    }
    return [...best.values()].sort((left, right) => right.score - left.score);
  }
}

function hypernymKeys(synset: Synset): string[] {
  return synset.pointers.filter((pointer) => pointer.symbol === '@' || pointer.symbol === '@i').map((pointer) => `${pointer.pos}:${pointer.offset}`);
}

function linkOf(word: string, relation: SenseRelation, questionRank: number, knownRank: number): SenseLink {
  const score = RELATION_SCORE[relation] / (1 + 0.35 * (questionRank + knownRank));
  return { word, relation, questionRank, knownRank, score };
}

/** Whether WordNet knows the word with a lower-case (common, not proper) sense. */
export function isCommonWord(lemma: string): boolean {
  const net = wordNet();
  return POSES.some((pos) => net.senses(lemma, pos).length > 0) || net.senses(lemma, 'r').length > 0;
}
