/** Small protocol helpers shared by the two endpoints. */

export type OdooVersion = '14.0' | '15.0' | '16.0' | '17.0' | '18.0' | '19.0';

/** common.version's answer (reference §1.2). */
export function versionInfo(version: OdooVersion): Record<string, unknown> {
  const major = Number.parseInt(version, 10);
  return { server_version: version, server_version_info: [major, 0, 0, 'final', 0, ''], server_serie: version, protocol_version: 1 };
}

/** A JSON object body, or undefined when the body is not one. */
export function parseObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body === '' ? '{}' : body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}
