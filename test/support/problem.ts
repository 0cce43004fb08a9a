/** Asserts an API error: its status, problem+json with the catalogue's fields, and no stack trace. */
import { expect } from 'vitest';
import type { ApiResponse } from './http-client.ts';

export function expectProblem(response: ApiResponse, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  expect(response.body.requestId).toMatch(/^req_/);
  expect(response.text).not.toMatch(/at .*\.ts:\d+|stack/i);
}
