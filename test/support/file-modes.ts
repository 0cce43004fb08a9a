import fs from 'node:fs';
import path from 'node:path';

/** `mode path` of everything below `root` (itself included) that the group or others may use; symbolic links are skipped. */
export function looseModes(root: string): string[] {
  const loose: string[] = [];
  const walk = (target: string): void => {
    const stats = fs.lstatSync(target);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) loose.push(`${(stats.mode & 0o777).toString(8)} ${path.relative(root, target)}`);
    if (stats.isDirectory()) for (const entry of fs.readdirSync(target)) walk(path.join(target, entry));
  };
  walk(root);
  return loose;
}
