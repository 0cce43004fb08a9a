import type { Config } from './config/config.ts';
import type { Logger } from './core/logger.ts';
import type { Database } from './store/database.ts';
import type { ChangeFeed } from './store/change-feed.ts';
import type { WorkspaceService } from './services/workspace-service.ts';
import type { KeyService } from './services/key-service.ts';
import type { PromptService } from './services/prompt-service.ts';
import type { ConnectionService } from './services/connection-service.ts';
import type { ConnectorRegistry } from './services/connector-registry.ts';
import type { RunService } from './runs/run-service.ts';

/** The running service's parts, as wired by the composition root (src/main.ts). */
export interface Querent {
  readonly config: Config;
  readonly logger: Logger;
  readonly db: Database;
  readonly changes: ChangeFeed;
  readonly workspaces: WorkspaceService;
  readonly keys: KeyService;
  readonly prompts: PromptService;
  readonly connections: ConnectionService;
  readonly registry: ConnectorRegistry;
  readonly runs: RunService;
  close(): Promise<void>;
}
