/** Roles of columns and entities on the unseen field-service fixture and small variations of it. */
import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from '../../../src/connectors/catalog.ts';
import { classifyColumn, displayColumnsOf, isBridgeEntity, mainDateOf, primaryAmountOf } from '../../../src/engine/schema/column-roles.ts';
import { schemaIndexOf } from '../../../src/engine/schema/schema-index.ts';
import type { ColumnInfo } from '../../../src/engine/schema/schema-model.ts';
import { entityOf } from '../../../src/engine/schema/schema-model.ts';
import { nameWordsOf } from '../../../src/engine/schema/schema-words.ts';
import { catalog, entity, type EntitySpec } from '../fixtures/build-catalog.ts';
import { unseenCatalog } from '../fixtures/unseen-catalog.ts';

const schema = schemaIndexOf(unseenCatalog);
const column = (entityName: string, name: string): ColumnInfo => entityOf(schema, entityName).columnByName.get(name) as ColumnInfo;
const names = (columns: readonly ColumnInfo[]): string[] => columns.map((info) => info.name);

/** Roles of one column as the schema index computes them. */
function roles(spec: EntitySpec, name: string): ReturnType<typeof classifyColumn> {
  const built: CatalogEntity = entity(spec);
  const catalogColumn = built.columns.find((candidate) => candidate.name === name);
  if (!catalogColumn) throw new Error(`no column ${name}`);
  return classifyColumn(built, catalogColumn, nameWordsOf(name).words);
}

/** Display columns of a one-table catalog. */
function displayOf(name: string, columns: EntitySpec['columns']): string[] {
  return names(entityOf(schemaIndexOf(catalog(entity({ name, columns }))), name).displayColumns);
}

describe('classifyColumn', () => {
  it('keys: primary, foreign, and identifier-like names are never measures', () => {
    expect(column('work_ord', 'id')).toMatchObject({ isPrimaryKey: true, isKey: true, isNumeric: false });
    expect(column('work_ord', 'cust_id')).toMatchObject({ isForeignKey: true, isKey: true, isNumeric: false });
    expect(column('svc_item', 'sku')).toMatchObject({ isKey: true });
    expect(column('work_ord', 'status_cd')).toMatchObject({ isKey: true });
  });

  it('a terse amount is money and additive; a terse quantity is a quantity', () => {
    expect(column('work_ord', 'amt')).toMatchObject({ isNumeric: true, isMoney: true, isAmount: true, isPrice: false });
    expect(column('work_ord_ln', 'qty')).toMatchObject({ isNumeric: true, isQuantity: true, isMoney: false });
    expect(column('work_ord', 'hrs')).toMatchObject({ isNumeric: true, isMoney: false, isAmount: false });
  });

  it('a rate with a currency unit is money per unit: a price, not an amount', () => {
    expect(column('tech', 'hrly_rate')).toMatchObject({ isMoney: true, isPrice: true, isAmount: false });
  });

  it('a boolean flag and a *_flg column are flags', () => {
    expect(column('cust', 'is_actv_flg').isFlag).toBe(true);
    expect(roles({ name: 'cust', columns: [['id', 'integer'], ['is_del_flg', 'integer']] }, 'is_del_flg').isFlag).toBe(true);
  });

  it('an integer is_* or has_* column is a flag, as ColumnInfo.isFlag documents', () => {
    expect(roles({ name: 'cust', columns: [['id', 'integer'], ['is_active', 'integer']] }, 'is_active').isFlag).toBe(true);
    expect(roles({ name: 'svc_item', columns: [['id', 'integer'], ['has_warranty', 'integer']] }, 'has_warranty').isFlag).toBe(true);
  });

  it('a phone number is an identifier, a "number of" a count', () => {
    expect(roles({ name: 'cust', columns: [['id', 'integer'], ['phone_no', 'text']] }, 'phone_no').isKey).toBe(true);
    expect(roles({ name: 'work_ord', columns: [['id', 'integer'], ['no_of_visits', 'integer']] }, 'no_of_visits')).toMatchObject({ isKey: false, isNumeric: true, isQuantity: true });
  });

  it('a discount is not money even with a money word', () => {
    expect(roles({ name: 'work_ord_ln', columns: [['id', 'integer'], ['discount_amt', 'number']] }, 'discount_amt')).toMatchObject({ isDiscount: true, isMoney: false });
  });

  it('dates are dates, never keys', () => {
    expect(column('work_ord', 'ord_dt')).toMatchObject({ isDate: true, isKey: false });
  });
});

describe('displayColumnsOf', () => {
  it('prefers a name column (item_name) over a unique code (sku) to show an item', () => {
    expect(names(entityOf(schema, 'svc_item').displayColumns)).toEqual(['item_name']);
  });

  it('prefers the name over a code whatever the column order', () => {
    expect(displayOf('part', [['id', 'integer'], ['sku', 'text'], ['part_desc', 'text'], ['part_name', 'text']])).toEqual(['part_name']);
  });

  it('a description is preferred over a code, and a code is used when nothing else names the row', () => {
    expect(displayOf('part', [['id', 'integer'], ['sku', 'text'], ['part_desc', 'text']])).toEqual(['part_desc']);
    expect(displayOf('part', [['id', 'integer'], ['sku', 'text'], ['unit_prc', 'number']])).toEqual(['sku']);
  });

  it("the entity's own terse name column names it", () => {
    expect(names(entityOf(schema, 'cust').displayColumns)).toEqual(['cust_nm']);
  });

  it('first and last name together name a person', () => {
    expect(names(entityOf(schema, 'tech').displayColumns)).toEqual(['fname', 'lname']);
  });

  it('a status or type code never names a row', () => {
    expect(displayOf('visit', [['id', 'integer'], ['status_cd', 'text'], ['visit_dt', 'date']])).toEqual([]);
  });

  it("another party's name is weaker than the row's own", () => {
    expect(displayOf('site', [['id', 'integer'], ['contact_name', 'text'], ['site_name', 'text']])).toEqual(['site_name']);
  });

  it('is empty for an entity with no text column', () => {
    expect(names(displayColumnsOf(['line'], entityOf(schema, 'work_ord_ln').columns))).toEqual([]);
  });
});

describe('mainDateOf', () => {
  it('prefers the order date over a due date', () => {
    expect(entityOf(schema, 'work_ord').mainDate?.name).toBe('ord_dt');
  });

  it('takes the only date there is', () => {
    expect(entityOf(schema, 'cust').mainDate?.name).toBe('crt_dt');
  });

  it('is undefined when two dates tie or only side dates exist', () => {
    const tie = catalog(entity({ name: 'visit', columns: [['id', 'integer'], ['arr_dt', 'date'], ['dep_dt', 'date']] }));
    expect(mainDateOf(['visit'], entityOf(schemaIndexOf(tie), 'visit').columns)).toBeUndefined();
    const side = catalog(entity({ name: 'visit', columns: [['id', 'integer'], ['due_dt', 'date'], ['close_dt', 'date']] }));
    expect(entityOf(schemaIndexOf(side), 'visit').mainDate).toBeUndefined();
  });

  it('is undefined without dates', () => {
    expect(entityOf(schema, 'svc_item').mainDate).toBeUndefined();
  });
});

describe('primaryAmountOf and isBridgeEntity', () => {
  it('the single additive money column is the primary amount', () => {
    expect(entityOf(schema, 'work_ord').primaryAmount?.name).toBe('amt');
    expect(entityOf(schema, 'tech').primaryAmount).toBeUndefined();
  });

  it('among several amounts the plain one is primary; two qualified ones leave it open', () => {
    const plain = catalog(entity({ name: 'inv', columns: [['id', 'integer'], ['amt', 'number'], ['tax_amt', 'number']] }));
    expect(primaryAmountOf(['invoice'], entityOf(schemaIndexOf(plain), 'inv').columns)?.name).toBe('amt');
    const open = catalog(entity({ name: 'inv', columns: [['id', 'integer'], ['labor_amt', 'number'], ['parts_amt', 'number']] }));
    expect(entityOf(schemaIndexOf(open), 'inv').primaryAmount).toBeUndefined();
  });

  it('a table of two foreign keys and few other columns links others', () => {
    expect(entityOf(schema, 'work_ord_ln').isBridge).toBe(true);
    expect(entityOf(schema, 'work_ord').isBridge).toBe(false);
    const lines = unseenCatalog.entities.find((candidate) => candidate.name === 'work_ord_ln') as CatalogEntity;
    expect(isBridgeEntity(lines, entityOf(schema, 'work_ord_ln').columns)).toBe(true);
  });
});
