/**
 * The mutable workspace of one assembly: the choices picked for each unit, what has been built
 * from them so far, which tokens and cues are used, and the features collected on the way. The
 * finished reading is immutable; only assembly writes here.
 */
import type { Cue } from '../question/cues.ts';
import type { Token } from '../question/tokens.ts';
import { columnOf, type SchemaIndex } from '../schema/schema-model.ts';
import { columnKey } from '../schema/value-index.ts';
import type { Choice, Role } from './choices.ts';
import type { UnitContext } from './context.ts';
import { bump, type Features } from './features.ts';
import type { ConditionNode, GroupNode, HavingNode, MeasureNode, OrderNode, OutputNode, RelatedNode } from './reading.ts';
import type { Unit } from './units.ts';

export interface AssemblyInput {
  readonly tokens: readonly Token[];
  readonly units: readonly Unit[];
  readonly contexts: readonly UnitContext[];
  readonly schema: SchemaIndex;
  /** The day the question is asked, for conditions relative to today ("overdue"). */
  readonly now: Date;
  /** Tokens of words for the present ("right now"): they name nothing and carry nothing. */
  readonly present: ReadonlySet<number>;
  /** Text columns that hold only yes and no, by columnKey → the stored yes (ValueIndex.yesValues). */
  readonly yesValues: ReadonlyMap<string, string>;
  /** How many values each text column holds, by columnKey (ValueIndex.valueCounts). */
  readonly valueCounts: ReadonlyMap<string, number>;
}

/** A column that says yes or no: a boolean or a flag by its name, or text holding only a yes and a no. */
export function holdsYesNo(input: AssemblyInput, entity: string, column: string): boolean {
  return columnOf(input.schema, entity, column).isFlag || input.yesValues.has(columnKey(entity, column));
}

/** Thrown inside assembly when a combination of choices cannot make a reading. */
export class Invalid extends Error {}

export class Draft {
  readonly input: AssemblyInput;
  readonly picks: readonly (Choice | undefined)[];
  readonly features: Features = {};
  readonly usedTokens = new Set<number>();
  readonly usedCues = new Set<number>();
  subject?: string;
  /** The subject was said (or counted), not inferred from what is shown. */
  explicitSubject = false;
  readonly outputs: OutputNode[] = [];
  readonly conditions: ConditionNode[] = [];
  readonly related: RelatedNode[] = [];
  readonly groups: GroupNode[] = [];
  readonly having: HavingNode[] = [];
  readonly order: OrderNode[] = [];
  readonly scope: string[] = [];
  /** Measures keyed by the unit that made them, so that a cue applies to the right one. */
  readonly measureOfUnit = new Map<number, MeasureNode[]>();
  limit?: number;
  limitPer?: GroupNode[];
  pivot?: GroupNode;
  window?: { kind: 'change' | 'share' | 'running_total'; measure: MeasureNode; tokens: number[] };
  /** "what percentage of orders were cancelled": the count whose rows are split, and (once split) the conditions that pick the part. */
  rowShare?: { measure: MeasureNode; conditions: ConditionNode[] };
  distinct = false;
  /** "Liz Müller's manager": the subject's rows that this key of their own kind points to, from the rows the question names. */
  pointedToBy?: { key: string; tokens: number[] };
  /** Content words no part of the reading uses (token indices). */
  readonly unusedWords: number[] = [];

  constructor(input: AssemblyInput, picks: readonly (Choice | undefined)[]) {
    this.input = input;
    this.picks = picks;
  }

  feature(name: string, value = 1): void {
    bump(this.features, name, value);
  }

  /** Picks with this role, with their unit index. */
  withRole(role: Role): Choice[] {
    return this.picks.filter((pick): pick is Choice => pick !== undefined && pick.role === role);
  }

  unit(index: number): Unit {
    return this.input.units[index];
  }

  cueAt(index: number): Cue | undefined {
    const unit = this.input.units[index];
    if (unit?.kind !== 'cue') return undefined;
    const pick = this.picks[index];
    return pick === undefined || pick.role === 'cue' ? unit.cue : undefined;
  }

  /** Tokens of a unit, marked used. */
  use(unitIndex: number): number[] {
    const unit = this.input.units[unitIndex];
    const tokens: number[] = [];
    for (let index = unit.start; index < unit.end; index += 1) {
      tokens.push(index);
      this.usedTokens.add(index);
    }
    return tokens;
  }

  /** A cue unit's tokens, marked used along with the cue. */
  useCue(unitIndex: number): number[] {
    this.usedCues.add(unitIndex);
    return this.use(unitIndex);
  }

  /** The index of the unit a token belongs to, or -1. */
  unitOfToken(tokenIndex: number): number {
    return this.input.units.findIndex((unit) => unit.start <= tokenIndex && tokenIndex < unit.end);
  }

  /** The unit on one side of a unit, skipping grammar words. */
  leftOf(unitIndex: number): number {
    return this.input.contexts[unitIndex].left.unit;
  }

  rightOf(unitIndex: number): number {
    return this.input.contexts[unitIndex].right.unit;
  }
}
