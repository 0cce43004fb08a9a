/** Many-to-one join paths, the choice of a query's root, and the joins a query needs. */
import { describe, expect, it } from 'vitest';
import { chooseRoot, joinsFor, reachersOf, reachFrom } from '../../../src/engine/schema/join-graph.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import { catalog, entity } from '../fixtures/build-catalog.ts';
import { unseenCatalog } from '../fixtures/unseen-catalog.ts';

const schema = schemaIndexOf(unseenCatalog);
const hops = (path: readonly { fromEntity: string; toEntity: string }[] | undefined): string[] | undefined => path?.map((step) => `${step.fromEntity}->${step.toEntity}`);

describe('reachFrom', () => {
  it('follows foreign keys many-to-one, the root at distance zero', () => {
    const reach = reachFrom(schema, 'work_ord_ln');
    expect(reach.paths.get('work_ord_ln')).toEqual([]);
    expect(hops(reach.paths.get('cust'))).toEqual(['work_ord_ln->work_ord', 'work_ord->cust']);
    expect(reach.paths.get('cust')?.[1]).toEqual({ fromEntity: 'work_ord', fromColumns: ['cust_id'], toEntity: 'cust', toColumns: ['id'] });
    expect(reach.ambiguous.size).toBe(0);
  });

  it('never goes one-to-many', () => {
    const reach = reachFrom(schema, 'cust');
    expect([...reach.paths.keys()]).toEqual(['cust']);
  });

  it('is cached per schema and root', () => {
    expect(reachFrom(schema, 'work_ord')).toBe(reachFrom(schema, 'work_ord'));
  });

  it('marks an entity reached by two foreign keys, and what lies beyond it, as ambiguous', () => {
    const twoTechs = schemaIndexOf(catalog(
      entity({ name: 'region', columns: [['id', 'integer'], ['region_nm', 'text']] }),
      entity({ name: 'tech', columns: [['id', 'integer'], ['tech_nm', 'text'], ['region_id', 'integer']], references: { region_id: 'region' } }),
      entity({ name: 'job', columns: [['id', 'integer'], ['assigned_tech_id', 'integer'], ['reviewed_by_tech_id', 'integer']], references: { assigned_tech_id: 'tech', reviewed_by_tech_id: 'tech' } }),
    ));
    const reach = reachFrom(twoTechs, 'job');
    expect([...reach.ambiguous].sort()).toEqual(['region', 'tech']);
    expect(hops(reach.paths.get('region'))).toEqual(['job->tech', 'tech->region']);
  });

  it('stops at four hops', () => {
    const chain = schemaIndexOf(catalog(
      ...['e5', 'e4', 'e3', 'e2', 'e1', 'e0'].map((name, index, all) =>
        entity({ name, columns: [['id', 'integer'], ['up_id', 'integer']], ...(index > 0 ? { references: { up_id: all[index - 1] } } : {}) })),
    ));
    const reach = reachFrom(chain, 'e0');
    expect(reach.paths.has('e4')).toBe(true);
    expect(reach.paths.has('e5')).toBe(false);
  });
});

describe('reachersOf', () => {
  it('lists the entities that reach a target, with their distance', () => {
    expect(Object.fromEntries(reachersOf(schema, 'cust'))).toEqual({ cust: 0, work_ord: 1, work_ord_ln: 2 });
    expect(Object.fromEntries(reachersOf(schema, 'work_ord_ln'))).toEqual({ work_ord_ln: 0 });
  });
});

describe('chooseRoot', () => {
  it('a single needed entity is its own root', () => {
    expect(chooseRoot(schema, ['tech'])?.root).toBe('tech');
  });

  it('picks the entity that reaches every needed one', () => {
    expect(chooseRoot(schema, ['svc_item', 'cust'])?.root).toBe('work_ord_ln');
    expect(chooseRoot(schema, ['tech', 'cust'])?.root).toBe('work_ord');
  });

  it('prefers a needed entity as root when it reaches the others', () => {
    expect(chooseRoot(schema, ['cust', 'work_ord', 'cust'])?.root).toBe('work_ord');
  });

  it('honours a forced root only when it reaches every needed entity', () => {
    expect(chooseRoot(schema, ['cust'], 'work_ord_ln')?.root).toBe('work_ord_ln');
    expect(chooseRoot(schema, ['svc_item'], 'work_ord')).toBeUndefined();
  });

  it('is undefined when nothing is needed or nothing reaches all', () => {
    expect(chooseRoot(schema, [])).toBeUndefined();
    const apart = schemaIndexOf(catalog(entity({ name: 'a', columns: [['id', 'integer']] }), entity({ name: 'b', columns: [['id', 'integer']] })));
    expect(chooseRoot(apart, ['a', 'b'])).toBeUndefined();
  });
});

describe('joinsFor', () => {
  it('gives each join step once, in path order', () => {
    const reach = reachFrom(schema, 'work_ord_ln');
    expect(hops(joinsFor(reach, ['cust', 'tech', 'work_ord', 'svc_item']))).toEqual([
      'work_ord_ln->work_ord', 'work_ord->cust', 'work_ord->tech', 'work_ord_ln->svc_item',
    ]);
  });

  it('needs no join for the root itself or an unreachable entity', () => {
    expect(joinsFor(reachFrom(schema, 'work_ord'), ['work_ord', 'svc_item'])).toEqual([]);
  });
});
