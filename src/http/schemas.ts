/** JSON schemas of the API, used for validation and for the OpenAPI document. */

export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: 'An RFC 9457 problem (application/problem+json).',
  required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string' },
    requestId: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
    reason: { type: 'string', description: 'For 422 question_not_understood: the code of the engine\'s decline catalogue (unknown_words, ambiguous, not_confident, …).' },
    suggestions: { type: 'array', items: { type: 'string' } },
    runId: { type: 'string' },
  },
} as const;

export const connectionSchema = {
  $id: 'Connection',
  type: 'object',
  required: ['id', 'name', 'kind', 'sample', 'description', 'status', 'createdAt'],
  properties: {
    id: { type: 'integer', description: 'Pass as connectionId in a chat.' },
    name: { type: 'string' },
    kind: { type: 'string', enum: ['postgresql', 'mysql', 'odoo'] },
    sample: { type: 'boolean', description: 'True for the built-in sample connections with fictional data.' },
    description: { type: 'string' },
    status: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const textAnswerSchema = {
  $id: 'TextAnswer',
  type: 'object',
  description: 'format=text: one or a few plain sentences that answer the question with the numbers.',
  required: ['text'],
  additionalProperties: false,
  properties: { text: { type: 'string' } },
} as const;

export const jsonAnswerSchema = {
  $id: 'JsonAnswer',
  type: 'object',
  description: 'format=json: the sentences, the reading of the question, the exact table(s), the figure(s) and the query run.',
  required: ['text', 'interpretation', 'tables', 'figures', 'query'],
  properties: {
    text: { type: 'string', description: 'The answer in plain sentences (rounded, formatted).' },
    interpretation: { type: 'string', description: 'How the question was read, in words.' },
    assumptions: { type: 'array', items: { type: 'string' }, description: 'Choices the question left open, and how a follow-up was read.' },
    tables: {
      type: 'array',
      items: {
        type: 'object',
        required: ['columns', 'rows', 'rowCount', 'truncated'],
        properties: {
          columns: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'label', 'type'],
              properties: {
                name: { type: 'string' },
                label: { type: 'string' },
                type: { type: 'string', enum: ['integer', 'number', 'text', 'date', 'timestamp', 'boolean', 'other'] },
                unit: { type: 'string', description: 'e.g. a currency code (EUR) for amounts' },
              },
            },
          },
          rows: {
            type: 'array',
            description: 'One array of cells a row, in the order of columns. Cells hold exact values: numbers unrounded, dates as ISO strings, null for none.',
            items: { type: 'array', items: {} },
          },
          rowCount: { type: 'integer', description: 'Rows in the result (more than rows holds when truncated).' },
          truncated: { type: 'boolean', description: 'True when rows stops at the row limit of an answer.' },
        },
      },
    },
    figures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'title', 'vegaLite'],
        properties: {
          kind: { type: 'string', enum: ['kpi', 'bar', 'line', 'pie', 'table'] },
          title: { type: 'string' },
          vegaLite: { type: 'object', additionalProperties: true, description: 'A Vega-Lite specification with the data inlined.' },
        },
      },
    },
    query: {
      type: 'object',
      required: ['language', 'dialect', 'text', 'parameters'],
      properties: {
        language: { type: 'string', enum: ['sql', 'odoo-rpc'] },
        dialect: { type: 'string', description: 'postgresql, mysql, mariadb or odoo' },
        text: { type: 'string', description: 'The SQL with placeholders, or the RPC call as JSON.' },
        parameters: { type: 'array', items: {}, description: 'The bound values, in order.' },
      },
    },
  },
} as const;

export const emailAnswerSchema = {
  $id: 'EmailAnswer',
  type: 'object',
  description: 'format=email: a message ready to send.',
  required: ['subject', 'text', 'html', 'mime'],
  properties: {
    subject: { type: 'string' },
    text: { type: 'string' },
    html: { type: 'string' },
    mime: { type: 'string', description: 'A complete RFC 5322 message (multipart: HTML with the table and chart inline, plain-text alternative).' },
    chart: {
      type: 'object',
      description: 'The chart the message carries inline, for callers that do not read MIME; absent when the answer has no chart (a list, no rows).',
      required: ['contentType', 'contentId', 'width', 'height', 'base64'],
      properties: {
        contentType: { type: 'string', enum: ['image/png'] },
        contentId: { type: 'string', description: 'The Content-ID the HTML refers to as cid:…, without angle brackets.' },
        width: { type: 'integer', description: 'Image width in pixels (twice the size the HTML shows it at).' },
        height: { type: 'integer', description: 'Image height in pixels.' },
        base64: { type: 'string', contentEncoding: 'base64', contentMediaType: 'image/png', description: 'The PNG, base64-encoded.' },
      },
    },
  },
} as const;

export const runEnvelopeSchema = {
  $id: 'Run',
  type: 'object',
  required: ['runId', 'status', 'connectionId', 'format', 'prompt', 'createdAt', 'completedAt', 'previousRunId'],
  properties: {
    runId: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running', 'complete', 'failed'] },
    connectionId: { type: 'integer' },
    format: { type: 'string', enum: ['json', 'text', 'email'], description: 'The form of `answer`. csv and xlsx answer with a file, never an envelope.' },
    prompt: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    completedAt: { type: ['string', 'null'], format: 'date-time' },
    previousRunId: { type: ['string', 'null'], description: 'For a follow-up question, the run whose reading it refines; null otherwise.' },
    answer: {
      description: 'In the form of `format`: json (JsonAnswer), text (TextAnswer) or email (EmailAnswer).',
      // Most specific first: serialization takes the first form the answer matches.
      anyOf: [{ $ref: 'JsonAnswer#' }, { $ref: 'EmailAnswer#' }, { $ref: 'TextAnswer#' }],
    },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, reason: { type: 'string' }, suggestions: { type: 'array', items: { type: 'string' } } },
    },
  },
} as const;

export const pendingRunSchema = {
  $id: 'PendingRun',
  type: 'object',
  required: ['runId', 'status', 'poll'],
  properties: {
    runId: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running'] },
    poll: { type: 'string', description: 'Path to poll, e.g. /api/v1/runs/run_…?wait=30' },
  },
} as const;

export const contextSchema = {
  $id: 'Context',
  type: 'object',
  required: ['workspace', 'prompts', 'key'],
  properties: {
    workspace: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
    prompts: {
      type: 'object', required: ['remaining', 'used'],
      properties: { remaining: { type: 'integer' }, used: { type: 'integer' } },
    },
    key: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
  },
} as const;

export const SHARED_SCHEMAS = [
  problemSchema, connectionSchema, textAnswerSchema, jsonAnswerSchema, emailAnswerSchema, runEnvelopeSchema, pendingRunSchema, contextSchema,
];

/**
 * A 200 answer: the run envelope, or with format=csv / xlsx (or `Accept: text/csv`) the first
 * table of the answer as a file (Content-Disposition: attachment).
 */
export const runResponse = {
  description: 'The run envelope; with format=csv or xlsx, the first table as a file.',
  content: {
    'application/json': { schema: { $ref: 'Run#' } },
    'text/csv': { schema: { type: 'string', description: 'RFC 4180, UTF-8, a header row of column labels, exact values.' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: 'A workbook with one sheet, "Answer".' },
    },
  },
} as const;

const problem = { $ref: 'Problem#' };
export const problemResponses = (...statuses: number[]): Record<number, unknown> =>
  Object.fromEntries(statuses.map((status) => [status, { ...problem, description: `Problem (${status})` }]));
