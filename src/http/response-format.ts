/**
 * Which form a response takes: `?format=` when given, else a file format when the `Accept` header
 * prefers its media type (`text/csv`, the xlsx type), else the route's fallback.
 */
import type { FastifyRequest } from 'fastify';
import { FILE_FORMATS, FILE_MEDIA_TYPES, parseFormat, type FileFormat, type Format } from '../render/answer.ts';

export function requestedFormat(request: FastifyRequest, queryFormat: string | undefined, fallback: Format): Format {
  if (queryFormat !== undefined) return parseFormat(queryFormat, fallback);
  return acceptedFileFormat(request.headers.accept) ?? fallback;
}

/** The file format whose media type the Accept header ranks first (among those with q > 0), if any. */
export function acceptedFileFormat(accept: string | undefined): FileFormat | undefined {
  if (!accept) return undefined;
  const ranked = accept.split(',')
    .map((entry, order) => {
      const [type = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      return { type, quality: q === undefined ? 1 : Number(q.slice(2)), order };
    })
    .filter((entry) => entry.type !== '' && entry.quality > 0)
    .sort((left, right) => right.quality - left.quality || left.order - right.order);
  const best = ranked[0]?.type;
  return FILE_FORMATS.find((format) => FILE_MEDIA_TYPES[format] === best);
}
