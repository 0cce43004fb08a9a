import { Command as Program, Option } from 'commander';
import type { Config } from '../config/config.ts';
import type { Logger } from '../core/logger.ts';
import type { Querent } from '../querent.ts';
import { loadConfig, ROLES, type Role } from '../config/config.ts';
import { isQuerentError } from '../core/errors.ts';
import { sleep } from '../core/abort.ts';
import { COMMANDS, type CommandArgs, type CommandResult } from './commands.ts';
import { adminSocketPath, sendAdminCommand, CommandRefused } from './admin-socket.ts';
import { tryLockStore } from './store-lock.ts';
import { makeDataDirPrivate, narrowDataDir } from '../store/private-data-dir.ts';
import { serve } from './serve-command.ts';
import { mcpApiKey, serveMcpOverStdio } from './mcp-command.ts';
import { VERSION } from '../core/version.ts';

export interface CliDependencies {
  readonly open: (config: Config, logger: Logger) => Promise<Querent>;
  readonly logger: (level: string, toStderr: boolean) => Logger;
}

/** How long a command waits for another process to release the embedded store. */
const LOCK_WAIT_MS = 15_000;


/** What each command and command group does, shown by `--help`. */
const DESCRIPTIONS: Record<string, string> = {
  init: 'create the first workspace and its owner; prints an API key once',
  workspace: 'list and create workspaces',
  'workspace list': 'list every workspace (id, name, creation time)',
  'workspace create': 'create a workspace with its owner, trial prompts and sample connections; prints its id',
  member: 'manage the members of a workspace',
  'member add': 'add a member to a workspace, or change their role',
  key: 'manage API keys',
  'key create': 'create an API key (owners and admins only); prints it once',
  'key list': 'list the keys of a workspace (never their secrets)',
  'key revoke': 'revoke a key; it stops working at once',
  connection: 'manage the data sources of a workspace',
  'connection add': 'add a data source, after testing that it answers (--no-test skips the test); prints its id',
  'connection list': 'list the connections of a workspace, sample ones included',
  'connection test': 'check that a connection answers, and say plainly what is wrong when it does not',
  'connection remove': 'remove a connection (its past runs stay)',
  'connection refresh': 're-read the schema and values of a connection at its next question',
  prompts: 'manage the prompt balance of a workspace',
  'prompts grant': 'add prompts to a workspace; prints the balance',
  ask: 'ask a question on a connection and print the answer (costs 1 prompt per answer)',
};

/** Options each command takes, as commander declares them: [flags, description]. */
const COMMAND_OPTIONS: Record<string, readonly (readonly [string, string])[]> = {
  init: [['--name <name>', 'workspace name'], ['--owner <email>', 'owner email']],
  'workspace list': [],
  'workspace create': [['--name <name>', 'workspace name'], ['--owner <email>', 'owner email']],
  'member add': [['--workspace <id>', 'workspace id'], ['--email <email>', 'member email'], ['--role <role>', 'owner, admin or member']],
  'key create': [['--workspace <id>', 'workspace id'], ['--as <email>', 'an owner or admin of the workspace'], ['--name <name>', 'key name']],
  'key list': [['--workspace <id>', 'workspace id']],
  'key revoke': [['--workspace <id>', 'workspace id'], ['--id <keyId>', 'key id']],
  'connection add': [
    ['--workspace <id>', 'workspace id'], ['--kind <kind>', 'postgresql, mysql or odoo'], ['--name <name>', 'connection name'],
    ['--url <url>', 'database URL, or the Odoo server URL'], ['--database <db>', 'Odoo database'], ['--login <login>', 'Odoo login'],
    ['--api-key <key>', 'Odoo API key'], ['--description <text>', 'what the connection holds'],
    ['--no-test', 'store the connection without testing it first'],
  ],
  'connection list': [['--workspace <id>', 'workspace id'], ['--kind <kind>', 'only this kind']],
  'connection test': [['--workspace <id>', 'workspace id'], ['--id <id>', 'connection id']],
  'connection remove': [['--workspace <id>', 'workspace id'], ['--id <id>', 'connection id']],
  'connection refresh': [['--workspace <id>', 'workspace id'], ['--id <id>', 'connection id']],
  'prompts grant': [['--workspace <id>', 'workspace id'], ['--amount <n>', 'prompts to add']],
  ask: [['--workspace <id>', 'workspace id'], ['--connection <id>', 'connection id'], ['--format <format>', 'text (default), json, email or csv'],
    ['--after <runId>', 'a follow-up: refine the answer of this earlier run (same connection)']],
};

export async function runCli(argv: readonly string[], deps: CliDependencies): Promise<number> {
  let exitCode = 0;
  const program = new Program('querent')
    .description('Querent: ask plain-language questions about your data, read-only.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show the commands and options')
    .option('--data-dir <dir>', 'data directory of the embedded store (QUERENT_DATA_DIR)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program.command('serve').description('start the API (and, with --role all or worker, execute runs)')
    .addOption(new Option('--port <port>', 'port to listen on (PORT)'))
    .addOption(new Option('--role <role>', 'all (default), api (HTTP only) or worker (runs only); api and worker need DATABASE_URL (QUERENT_ROLE)').choices(ROLES))
    .action(async (options: { port?: string; role?: Role }) => {
      const config = configFrom(program, options.port, options.role);
      const stop = await serve(config, deps.logger(config.logLevel, false), deps.open, (line) => console.log(line));
      await new Promise<void>((resolve) => {
        const shutdown = (): void => void stop().finally(resolve);
        process.once('SIGINT', shutdown);
        process.once('SIGTERM', shutdown);
      });
    });

  program.command('mcp')
    .description('serve MCP (Model Context Protocol) over stdio for an assistant: tools list_connections, ask, get_run, '
      + 'get_context, as the API key in QUERENT_API_KEY')
    .action(async () => {
      const config = configFrom(program);
      await serveMcpOverStdio(config, deps.logger(process.env.LOG_LEVEL ?? 'warn', true), deps.open, mcpApiKey(process.env));
    });

  for (const [name, options] of Object.entries(COMMAND_OPTIONS)) {
    const words = name.split(' ');
    const parent = words.length === 2
      ? program.commands.find((command) => command.name() === words[0]) ?? program.command(words[0]!).description(DESCRIPTIONS[words[0]!]!)
      : program;
    const command = parent.command(words.at(-1)!).description(DESCRIPTIONS[name]!).option('--json', 'print one JSON object');
    if (name === 'ask') command.argument('<question>', 'the question, in plain words');
    for (const [flags, description] of options) command.option(flags, description);
    command.action(async (...params: unknown[]) => {
      const question = name === 'ask' ? (params[0] as string) : undefined;
      const values = (name === 'ask' ? params[1] : params[0]) as Record<string, string | boolean | undefined>;
      const args: CommandArgs = { question };
      for (const [key, value] of Object.entries(values)) if (typeof value === 'string') args[kebab(key)] = value;
      // commander's --no-test sets `test` to false; commands take string arguments only.
      if (values.test === false) args['no-test'] = 'true';
      const result = await execute(configFrom(program), name, args, deps);
      if (values.json) console.log(JSON.stringify(result.json));
      else if (!result.refused) process.stdout.write(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
      if (result.refused) {
        process.stderr.write(`querent: ${result.refused.split('\n')[0]}\n`);
        exitCode = 1;
      }
    });
  }

  try {
    await program.parseAsync(argv as string[], { from: 'user' });
  } catch (error) {
    exitCode = reportFailure(error);
  }
  return exitCode;
}

function configFrom(program: Program, port?: string, role?: Role): Config {
  const { dataDir } = program.opts<{ dataDir?: string }>();
  const env = port === undefined ? process.env : { ...process.env, PORT: port };
  return loadConfig(env, { ...(dataDir ? { dataDir } : {}), ...(role ? { role } : {}) });
}

function kebab(camel: string): string {
  return camel.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * Runs a command against the store: through a running server's admin socket when one holds the
 * embedded store, otherwise by opening the store in this process.
 */
async function execute(config: Config, name: string, args: CommandArgs, deps: CliDependencies): Promise<CommandResult> {
  const command = COMMANDS[name]!;
  const logger = deps.logger(process.env.LOG_LEVEL ?? 'warn', true);
  if (config.databaseUrl) return withQuerent(config, logger, deps, name, (querent) => command(querent, args));
  const socket = adminSocketPath(config.dataDir);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const forwarded = await sendAdminCommand(socket, name, args);
    if (forwarded) return forwarded;
    const lock = tryLockStore(config.dataDir);
    if (lock) {
      try {
        makeDataDirPrivate(config.dataDir);
        return await withQuerent(config, logger, deps, name, (querent) => {
          narrowDataDir(config.dataDir);
          return command(querent, args);
        });
      } finally {
        lock.release();
      }
    }
    if (Date.now() > deadline) throw new CommandRefused(`The data directory ${config.dataDir} is busy (another querent process holds it).`);
    await sleep(200);
  }
}

/**
 * Opens the store for one command. `ask` also executes runs while it waits: its own (the embedded
 * store has no other process to run it) or, on PostgreSQL, any queued one, so that it answers with
 * or without worker processes; runs still going when it is done are handed back at once.
 */
async function withQuerent<T>(config: Config, logger: Logger, deps: CliDependencies, name: string, work: (querent: Querent) => Promise<T>): Promise<T> {
  const querent = await deps.open(config, logger);
  try {
    if (name === 'ask') await querent.runs.startWorking();
    return await work(querent);
  } finally {
    await querent.close();
  }
}

function reportFailure(error: unknown): number {
  const commanderCode = (error as { code?: string }).code;
  if (commanderCode === 'commander.helpDisplayed' || commanderCode === 'commander.version') return 0;
  if (commanderCode?.startsWith('commander.')) return 2;
  const message = isQuerentError(error) ? error.detail : error instanceof Error ? error.message : String(error);
  process.stderr.write(`querent: ${message.split('\n')[0]}\n`);
  return 1;
}
