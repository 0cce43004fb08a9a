/**
 * The sample datasets as this process serves them: one PGlite thread on its unpacked copy of the
 * sample set, every dataset in the schema named by its slug. One database for all of them costs
 * one thread and one WebAssembly memory instead of one per dataset.
 *
 * A dataset's statements resolve unqualified names in its own schema only, its catalog lists only
 * that schema's tables (so the SQL guard admits no other), and the catalog names them unqualified:
 * the SQL that runs reads exactly as on a database of the dataset's own (the in-memory copies that
 * tests and tools load), and so do the answers.
 */
import type { Catalog } from '../connectors/catalog.ts';
import type { Connector } from '../connectors/connector.ts';
import { createPgliteReadThread, type PgliteReadThread } from '../connectors/postgres/pglite-read-thread.ts';
import { createConnectorOnClient } from '../connectors/postgres/postgres-connector.ts';
import { ensureSampleSetArchive, unpackSampleDatabase, type SampleSlug } from '../samples/sample-datasets.ts';
import { withSampleSemantics } from '../samples/sample-semantics.ts';

export interface SampleConnectorsOptions {
  /** Where sample archives are kept (may be shared by several processes). */
  readonly samplesDir: string;
  /** This process's own data directory: the sample set is unpacked into it. */
  readonly dataDir: string;
  /** The thread stops after this many ms without a question on any sample (0: never). */
  readonly idleMs: number;
  readonly maxRows: number;
}

export interface SampleConnectors {
  /** The dataset's connector; closing it leaves the shared thread to {@link SampleConnectors.close}. */
  connector(slug: SampleSlug): Promise<Connector>;
  close(): Promise<void>;
}

export function createSampleConnectors(options: SampleConnectorsOptions): SampleConnectors {
  let opening: Promise<PgliteReadThread> | undefined;

  function thread(): Promise<PgliteReadThread> {
    opening ??= (async () => {
      const archive = await ensureSampleSetArchive(options.samplesDir);
      const dataDir = await unpackSampleDatabase(options.dataDir, archive);
      return createPgliteReadThread({ dataDir, idleMs: options.idleMs });
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  }

  return {
    async connector(slug) {
      const client = (await thread()).client(slug);
      const served = withSemantics(createConnectorOnClient(client, { maxRows: options.maxRows, schemas: [slug] }), slug);
      return { ...served, introspect: async (introspectOptions) => unqualified(await served.introspect(introspectOptions)) };
    },
    async close() {
      const started = opening;
      opening = undefined;
      await (await started?.catch(() => undefined))?.close();
    },
  };
}

/** A sample's connector whose catalog carries the sample's semantic layer (metrics, segments, synonyms). */
export function withSemantics(connector: Connector, slug: SampleSlug): Connector {
  return { ...connector, introspect: async (options) => withSampleSemantics(slug, await connector.introspect(options)) };
}

/** The catalog with its tables named as the search path finds them, without their schema. */
function unqualified(catalog: Catalog): Catalog {
  return { ...catalog, entities: catalog.entities.map(({ schema: _schema, ...entity }) => entity) };
}
