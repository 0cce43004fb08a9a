/**
 * Vega-Lite → Vega → SVG (vega's headless renderer) → PNG (resvg), all in memory. The data is
 * inlined in the spec and the loader refuses every URL and file, so rendering never touches the
 * network or the disk (except reading the font file).
 */
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import type * as Vega from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { chartFont } from './chart-font.ts';

/** vega, vega-lite and resvg load on the first chart: a service that only answers json never needs them. */
const libraries = {
  vega: () => import('vega'),
  vegaLite: () => import('vega-lite'),
  resvg: () => import('@resvg/resvg-js'),
};

export interface ChartSvg {
  readonly svg: string;
  /** Size in CSS pixels. */
  readonly width: number;
  readonly height: number;
}

export interface ChartPng {
  readonly png: Buffer;
  /** Size of the image in pixels: the SVG size times `scale`. */
  readonly width: number;
  readonly height: number;
  /** Size to show it at, in CSS pixels (the SVG size). */
  readonly displayWidth: number;
  readonly displayHeight: number;
}

export interface ChartPngOptions {
  /** Pixels per CSS pixel. Default 2, sharp on high-density screens. */
  readonly scale?: number;
  /** Font files to draw text with. Default: the font chart-font.ts finds. */
  readonly fontFiles?: readonly string[];
  /** Family of those files that `sans-serif` maps to. */
  readonly fontFamily?: string;
  readonly signal?: AbortSignal;
}

function refuse(what: string): Promise<never> {
  return Promise.reject(new Error(`chart rendering loads nothing from outside (asked for ${what})`));
}

/** A vega loader that loads nothing: every figure carries its data inline. */
const NO_LOADER: Vega.Loader = {
  load: (uri) => refuse(uri),
  sanitize: (uri) => refuse(uri),
  http: (uri) => refuse(uri),
  file: (filename) => refuse(filename),
};

/** Warnings from vega and vega-lite (e.g. a dropped null value) are not the caller's concern. */
function quietLogger(vega: typeof Vega): Vega.LoggerInterface {
  return vega.logger(vega.None);
}

export async function renderChartSvg(vegaLite: Record<string, unknown>): Promise<ChartSvg> {
  const [vega, { compile }] = await Promise.all([libraries.vega(), libraries.vegaLite()]);
  const compiled = compile(vegaLite as unknown as TopLevelSpec, { logger: quietLogger(vega) }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', loader: NO_LOADER, logger: quietLogger(vega) });
  try {
    const svg = await view.toSVG();
    const size = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/.exec(svg);
    return { svg, width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) };
  } finally {
    view.finalize();
  }
}

export async function renderChartPng(vegaLite: Record<string, unknown>, options: ChartPngOptions = {}): Promise<ChartPng> {
  const { svg, width, height } = await renderChartSvg(vegaLite);
  const scale = options.scale ?? 2;
  const { renderAsync } = await libraries.resvg();
  const image = await renderAsync(svg, { font: fontOptions(options), fitTo: { mode: 'zoom', value: scale }, background: 'white', logLevel: 'off' }, options.signal ?? null);
  return { png: image.asPng(), width: image.width, height: image.height, displayWidth: width, displayHeight: height };
}

function fontOptions(options: ChartPngOptions): ResvgRenderOptions['font'] {
  const font = options.fontFiles === undefined ? chartFont() : { family: options.fontFamily ?? '', files: options.fontFiles };
  if (font === undefined) return { loadSystemFonts: true };
  const family = font.family === '' ? {} : { defaultFontFamily: font.family, sansSerifFamily: font.family };
  return { loadSystemFonts: false, fontFiles: [...font.files], ...family };
}
