/**
 * Values worked out once per connection's knowledge: its catalog, its sampled values and the
 * engine's model. Each is held weakly, so the value goes with any of them.
 */
import type { Catalog, ColumnValues } from '../connectors/catalog.ts';
import type { Model } from './readings/model.ts';

export type KnowledgeCache<T> = (catalog: Catalog, values: readonly ColumnValues[], model: Model, create: () => T) => T;

export function knowledgeCache<T>(): KnowledgeCache<T> {
  const byCatalog = new WeakMap<Catalog, WeakMap<readonly ColumnValues[], WeakMap<Model, T>>>();
  return (catalog, values, model, create) => {
    let byValues = byCatalog.get(catalog);
    if (!byValues) byCatalog.set(catalog, (byValues = new WeakMap()));
    let byModel = byValues.get(values);
    if (!byModel) byValues.set(values, (byModel = new WeakMap()));
    let known = byModel.get(model);
    if (known === undefined) byModel.set(model, (known = create()));
    return known;
  };
}
