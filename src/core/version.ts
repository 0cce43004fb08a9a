import fs from 'node:fs';

/** The version of this checkout (package.json), for `querent --version` and the MCP server's name. */
export const VERSION = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
