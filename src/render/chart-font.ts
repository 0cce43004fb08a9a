/**
 * The font charts are drawn with. resvg draws no text without a font file, and a fresh machine
 * may have no fonts at all, so the first font found here is loaded explicitly:
 *   1. a font shipped in an npm package (`dejavu-fonts-ttf`, when the project depends on it);
 *   2. well-known system locations of DejaVu, Liberation, Noto and Arial.
 * When none is found, resvg loads the system fonts it can find itself (often none: then charts
 * render without text rather than fail).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface ChartFont {
  /** The family name that the charts' `sans-serif` text maps to. */
  readonly family: string;
  /** Regular face first, then bold when present. */
  readonly files: readonly string[];
}

interface Candidate {
  readonly family: string;
  readonly regular: () => string | undefined;
  readonly bold: () => string | undefined;
}

function inPackage(packageName: string, file: string): () => string | undefined {
  return () => {
    try {
      const packageJson = createRequire(import.meta.url).resolve(`${packageName}/package.json`);
      return join(dirname(packageJson), file);
    } catch {
      return undefined;
    }
  };
}

function at(path: string): () => string {
  return () => path;
}

const CANDIDATES: readonly Candidate[] = [
  { family: 'DejaVu Sans', regular: inPackage('dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf'), bold: inPackage('dejavu-fonts-ttf', 'ttf/DejaVuSans-Bold.ttf') },
  { family: 'DejaVu Sans', regular: at('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'), bold: at('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf') },
  { family: 'DejaVu Sans', regular: at('/usr/share/fonts/TTF/DejaVuSans.ttf'), bold: at('/usr/share/fonts/TTF/DejaVuSans-Bold.ttf') },
  { family: 'Liberation Sans', regular: at('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'), bold: at('/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf') },
  { family: 'Noto Sans', regular: at('/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf'), bold: at('/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf') },
  { family: 'Arial', regular: at('/System/Library/Fonts/Supplemental/Arial.ttf'), bold: at('/System/Library/Fonts/Supplemental/Arial Bold.ttf') },
  { family: 'Arial', regular: at('C:\\Windows\\Fonts\\arial.ttf'), bold: at('C:\\Windows\\Fonts\\arialbd.ttf') },
];

let found: ChartFont | null | undefined;

/** The chart font, looked up once per process; undefined when no known font file exists. */
export function chartFont(): ChartFont | undefined {
  if (found === undefined) found = findFont() ?? null;
  return found ?? undefined;
}

function findFont(): ChartFont | undefined {
  for (const candidate of CANDIDATES) {
    const regular = candidate.regular();
    if (regular === undefined || !existsSync(regular)) continue;
    const bold = candidate.bold();
    const files = bold !== undefined && existsSync(bold) ? [regular, bold] : [regular];
    return { family: candidate.family, files };
  }
  return undefined;
}
