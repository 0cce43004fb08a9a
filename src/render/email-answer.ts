/**
 * The email answer: a subject, a plain-text body, an inline-styled HTML body with the table and
 * the chart, and the complete RFC 5322 message (nodemailer's MailComposer) ready to hand to a
 * mail server; the chart also on its own. The body says the answer in words people use; metric
 * definitions (formulas) and assumptions stay in the part that says how the question was read.
 * Everything taken from the data or the question is escaped in the HTML.
 */
import { createHash } from 'node:crypto';
import type MailComposerType from 'nodemailer/lib/mail-composer';
import type { AnswerInput, EmailAnswer, EmailChart, Figure } from './answer.ts';
import { renderChartPng, type ChartPng } from './chart-png.ts';
import { escapeHtml, htmlTable, textTable } from './email-tables.ts';
import { chooseFigure } from './figure.ts';
import { cleanText } from './format-value.ts';
import { readableResult, type ReadableResult } from './readable-result.ts';
import { answerSentences } from './text-answer.ts';
import { emailSubject } from './email-subject.ts';

export interface EmailOptions {
  /** From header. Default `Querent <answers@querent.invalid>`. */
  readonly from?: string;
  /** To header; absent leaves the recipients to the envelope of whoever sends it. */
  readonly to?: string;
}

export const DEFAULT_FROM = 'Querent <answers@querent.invalid>';
const MAIL_DOMAIN = 'querent.invalid';

export async function buildEmailAnswer(input: AnswerInput, options: EmailOptions = {}): Promise<EmailAnswer> {
  const sentences = answerSentences(input, { definitions: false });
  const answer = sentences.join(' ');
  const subject = emailSubject(input, sentences[0] ?? '');
  const figure = chooseFigure(input);
  // A table figure repeats the table below it; only real charts go into the email.
  const chart = figure !== undefined && figure.kind !== 'table' ? await renderChartPng(figure.vegaLite) : undefined;
  const id = messageKey(input, answer);
  const contentId = `chart-${id.slice(0, 16)}@${MAIL_DOMAIN}`;

  const readable = readableResult(input.query, input.result);
  const text = plainBody(input, answer, readable);
  const html = htmlBody(input, answer, readable, subject, chart === undefined || figure === undefined ? undefined : { figure, chart, contentId });
  // nodemailer loads with the first email: a service that only answers json never needs it.
  const { default: MailComposer } = (await import('nodemailer/lib/mail-composer')) as { default: typeof MailComposerType };
  const composer = new MailComposer({
    from: options.from ?? DEFAULT_FROM,
    ...(options.to === undefined ? {} : { to: options.to }),
    subject,
    date: input.answeredAt,
    messageId: `<${id}@${MAIL_DOMAIN}>`,
    text,
    html,
    attachments: chart === undefined ? [] : [{ filename: 'chart.png', content: chart.png, contentType: 'image/png', cid: contentId }],
    // The same answer gives the same message, byte for byte.
    baseBoundary: id.slice(0, 24),
    // Every part is given as content; nothing may be read from a path or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    // SMTP wants CRLF line ends everywhere, the bodies' own lines included.
    newline: 'windows',
  });
  const mime = (await composer.compile().build()).toString('utf8');
  if (chart === undefined) return { subject, text, html, mime };
  const image: EmailChart = { contentType: 'image/png', contentId, width: chart.width, height: chart.height, base64: chart.png.toString('base64') };
  return { subject, text, html, mime, chart: image };
}

/** A stable key for the message: the same answer, asked the same moment, gets the same ids. */
function messageKey(input: AnswerInput, answer: string): string {
  return createHash('sha256')
    .update(JSON.stringify([input.question, input.connectionName, input.answeredAt.toISOString(), answer]))
    .digest('hex')
    .slice(0, 32);
}

function footerLine(input: AnswerInput): string {
  const when = input.answeredAt.toISOString().replace('T', ' ').slice(0, 16);
  return `Answered from ${cleanText(input.connectionName, 120)} at ${when} UTC.`;
}

/** Definitions of the metrics used, then the other assumptions, each once. */
function readingNotes(input: AnswerInput): string[] {
  const notes = [...(input.definitions ?? []), ...input.assumptions].map((note) => note.trim()).filter((note) => note !== '');
  const seen = new Set<string>();
  return notes.filter((note) => {
    const key = note.toLowerCase().replace(/[.\s]+$/, '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function plainBody(input: AnswerInput, answer: string, { rows, columns }: ReadableResult): string {
  const parts = [answer];
  if (rows.length > 0) parts.push(textTable(rows, columns, input.result.truncated));
  const interpretation = input.interpretation.trim();
  const notes = readingNotes(input);
  if (interpretation !== '' || notes.length > 0) {
    parts.push([`How the question was read:${interpretation === '' ? '' : ` ${interpretation}`}`, ...notes.map((note) => `- ${note}`)].join('\n'));
  }
  parts.push(`Question: ${input.question.trim()}\n${footerLine(input)}`);
  return `${parts.join('\n\n')}\n`;
}

interface InlineChart {
  readonly figure: Figure;
  readonly chart: ChartPng;
  readonly contentId: string;
}

const MUTED = 'margin:0 0 12px;font-size:13px;line-height:1.5;color:#59636e;';

function htmlBody(input: AnswerInput, answer: string, { rows, columns }: ReadableResult, subject: string, inline: InlineChart | undefined): string {
  const blocks = [`<p style="margin:0 0 12px;font-size:16px;line-height:1.5;">${escapeHtml(answer)}</p>`];
  if (inline !== undefined) {
    const { chart, figure, contentId } = inline;
    blocks.push(
      `<img src="cid:${escapeHtml(contentId)}" alt="${escapeHtml(figure.title)}" width="${chart.displayWidth}" height="${chart.displayHeight}" ` +
        `style="display:block;max-width:100%;height:auto;margin:8px 0 16px;border:0;">`,
    );
  }
  if (rows.length > 0) blocks.push(htmlTable(rows, columns, input.result.truncated));
  if (input.interpretation.trim() !== '') {
    blocks.push(`<p style="${MUTED}">How the question was read: ${escapeHtml(input.interpretation.trim())}</p>`);
  }
  const notes = readingNotes(input);
  if (notes.length > 0) {
    blocks.push(`<ul style="${MUTED}padding-left:20px;">${notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>`);
  }
  blocks.push(
    `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#6b7280;">Question: ${escapeHtml(input.question.trim())}<br>` +
      `${escapeHtml(footerLine(input))}</p>`,
  );
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f7f9;color:#1f2328;font-family:-apple-system,\'Segoe UI\',Helvetica,Arial,sans-serif;">',
    '<div style="max-width:720px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e1e4e8;border-radius:6px;">',
    ...blocks,
    '</div></body></html>',
    '',
  ].join('\n');
}
